package dev.toolgate.sample;

import dev.toolgate.annotations.AgentTool;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Finds the {@code @AgentTool} methods of the tool objects and calls them by name. The gate
 * sits inside each tool method (woven by the agent), so a reflective call is gated too.
 */
final class ToolRegistry {

    record Tool(String name, Object target, Method method, AgentTool spec) {
    }

    private final Map<String, Tool> tools = new LinkedHashMap<>();

    ToolRegistry(Object... toolObjects) {
        for (Object target : toolObjects) {
            for (Method method : target.getClass().getDeclaredMethods()) {
                AgentTool spec = method.getAnnotation(AgentTool.class);
                if (spec != null) {
                    String name = spec.value().isEmpty() ? method.getName() : spec.value();
                    method.setAccessible(true);
                    tools.put(name, new Tool(name, target, method, spec));
                }
            }
        }
    }

    Optional<Tool> find(String name) {
        return Optional.ofNullable(tools.get(name));
    }

    /** Calls the tool; rethrows what the tool (or the gate in front of it) threw. */
    Object invoke(Tool tool, List<String> arguments) throws Exception {
        Parameter[] parameters = tool.method().getParameters();
        if (parameters.length != arguments.size()) {
            throw new IllegalArgumentException(tool.name() + " takes " + parameters.length + " argument(s) ("
                    + Arrays.stream(parameters).map(Parameter::getName).collect(Collectors.joining(", "))
                    + "), the script gives " + arguments.size());
        }
        try {
            return tool.method().invoke(tool.target(), arguments.toArray());
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception exception) {
                throw exception;
            }
            throw (Error) cause;
        }
    }
}
