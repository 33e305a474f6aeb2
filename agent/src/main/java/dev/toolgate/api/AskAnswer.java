package dev.toolgate.api;

/**
 * An answer to an {@link AskRequest}.
 *
 * @param scope how long an allow holds: this call, the session, or always for this project
 */
public record AskAnswer(boolean allow, Scope scope, String reason) {

    public enum Scope { ONCE, SESSION, PROJECT }

    public static AskAnswer deny(String reason) {
        return new AskAnswer(false, Scope.ONCE, reason);
    }

    public static AskAnswer allowOnce(String reason) {
        return new AskAnswer(true, Scope.ONCE, reason);
    }
}
