package dev.toolgate.hooks;

/**
 * What the pre-hooks made of a call, for the gate to decide on.
 *
 * @param arguments         the arguments the tool runs with, or null when no hook changed them
 * @param blockReason       "blocked by hook …: …", or null
 * @param permissionReason  why a hook wants a human to confirm (an allow becomes an ask), or null
 * @param additionalContext what hooks added as context, or null
 */
public record PreOutcome(Object[] arguments, String blockReason, String permissionReason, String additionalContext) {

    /** No hook had anything to say. */
    public static final PreOutcome NONE = new PreOutcome(null, null, null, null);

    public boolean isBlocked() {
        return blockReason != null;
    }

    public Object[] argumentsOr(Object[] original) {
        return arguments == null ? original : arguments;
    }
}
