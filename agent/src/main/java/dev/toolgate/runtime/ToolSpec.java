package dev.toolgate.runtime;

import dev.toolgate.annotations.InterruptBehavior;
import dev.toolgate.annotations.ToolPath;
import java.util.List;

/**
 * What the gate knows of one tool method, read once when its class is woven.
 *
 * @param pathParams    indexes of {@code @ToolPath} arguments, with their resolved access
 * @param commandParams indexes of {@code @ToolCommand} arguments
 * @param parameterTypes the parameters' type descriptors ({@code I}, {@code Ljava/lang/String;}), to find the method
 */
public record ToolSpec(
        int id,
        String name,
        String declaringClass,
        String methodName,
        List<String> parameterNames,
        InterruptBehavior interrupt,
        boolean concurrencySafe,
        boolean readOnly,
        boolean destructive,
        boolean requiresUserInteraction,
        boolean abortsSiblings,
        boolean subagent,
        long timeoutMillis,
        List<PathParam> pathParams,
        List<Integer> commandParams,
        List<String> parameterTypes) {

    public ToolSpec(int id, String name, String declaringClass, String methodName, List<String> parameterNames,
                    InterruptBehavior interrupt, boolean concurrencySafe, boolean readOnly, boolean destructive,
                    boolean requiresUserInteraction, boolean abortsSiblings, boolean subagent, long timeoutMillis,
                    List<PathParam> pathParams, List<Integer> commandParams) {
        this(id, name, declaringClass, methodName, parameterNames, interrupt, concurrencySafe, readOnly, destructive,
                requiresUserInteraction, abortsSiblings, subagent, timeoutMillis, pathParams, commandParams, List.of());
    }

    /** @param access READ or WRITE, never INFER */
    public record PathParam(int index, ToolPath.Access access) {
    }

    public ToolSpec withId(int newId) {
        return new ToolSpec(newId, name, declaringClass, methodName, parameterNames, interrupt, concurrencySafe,
                readOnly, destructive, requiresUserInteraction, abortsSiblings, subagent, timeoutMillis, pathParams,
                commandParams, parameterTypes);
    }

    public String parameterName(int index) {
        return index < parameterNames.size() ? parameterNames.get(index) : "arg" + index;
    }
}
