package dev.toolgate.api;

/**
 * A Java hook that runs before every tool call it matches, before the gate decides.
 * Applications register implementations through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.toolgate.api.PreToolUseHook}). Hooks run in order after the
 * command hooks of the settings; an exception or a null answer blocks the call (fail closed).
 */
public interface PreToolUseHook {

    /** Which tools this hook sees: a tool-name glob, {@code *} for all. */
    default String matcher() {
        return "*";
    }

    PreToolUseResult preToolUse(HookInput input) throws Exception;
}
