package dev.toolgate.api;

import java.util.Map;

/**
 * A pre-hook's answer.
 *
 * @param reason            why it blocks or asks for permission
 * @param updatedInput      for {@code MUTATE}: new arguments by parameter name (some or all); values
 *                          of another type are converted to the parameter's type
 * @param additionalContext free text, recorded with the call's decision
 */
public record PreToolUseResult(Action action, String reason, Map<String, Object> updatedInput,
                               String additionalContext) {

    public enum Action { CONTINUE, BLOCK, MUTATE, PERMISSION_REQUIRED }

    public static PreToolUseResult proceed() {
        return new PreToolUseResult(Action.CONTINUE, null, null, null);
    }

    public static PreToolUseResult block(String reason) {
        return new PreToolUseResult(Action.BLOCK, reason, null, null);
    }

    public static PreToolUseResult mutate(Map<String, Object> updatedInput) {
        return new PreToolUseResult(Action.MUTATE, null, updatedInput, null);
    }

    /** Turns an allow into an ask; the gate's own deny and ask answers stand. */
    public static PreToolUseResult permissionRequired(String reason) {
        return new PreToolUseResult(Action.PERMISSION_REQUIRED, reason, null, null);
    }
}
