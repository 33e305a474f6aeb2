package dev.toolgate.api;

/**
 * A Java hook that runs after every tool call it matches that ran, before the caller gets the
 * result. Registered through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.toolgate.api.PostToolUseHook}). An exception or a null answer
 * fails the call (fail closed).
 */
public interface PostToolUseHook {

    /** Which tools this hook sees: a tool-name glob, {@code *} for all. */
    default String matcher() {
        return "*";
    }

    PostToolUseResult postToolUse(HookInput input) throws Exception;
}
