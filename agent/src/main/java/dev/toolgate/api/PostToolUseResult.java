package dev.toolgate.api;

/**
 * A post-hook's answer.
 *
 * @param updatedOutput for {@code MUTATE_OUTPUT}: the new return value; a value of another type
 *                      is converted to the method's return type, and one that cannot be fails the call
 */
public record PostToolUseResult(Action action, Object updatedOutput) {

    public enum Action { CONTINUE, MUTATE_OUTPUT }

    public static PostToolUseResult proceed() {
        return new PostToolUseResult(Action.CONTINUE, null);
    }

    public static PostToolUseResult mutateOutput(Object updatedOutput) {
        return new PostToolUseResult(Action.MUTATE_OUTPUT, updatedOutput);
    }
}
