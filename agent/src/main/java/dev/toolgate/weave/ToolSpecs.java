package dev.toolgate.weave;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.InterruptBehavior;
import dev.toolgate.annotations.ToolPath;
import dev.toolgate.runtime.ToolSpec;
import dev.toolgate.settings.Settings.ToolDeclaration;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a tool's spec from its method as the class file describes it (no class loading).
 * {@code @AgentTool} in the code wins; otherwise a {@code tools.declare} entry that names the
 * method gives the name and attributes; otherwise a framework {@code @Tool} gives the name and
 * the attributes are {@code @AgentTool}'s defaults. The defaults are the annotations' own.
 */
final class ToolSpecs {

    private static final Map<String, Object> AGENT_TOOL_DEFAULTS = defaults(AgentTool.class);
    private static final ToolPath.Access PATH_DEFAULT = (ToolPath.Access) defaults(ToolPath.class).get("value");

    private ToolSpecs() {
    }

    /** @param declaration the first {@code tools.declare} entry naming the method, or null */
    static ToolSpec read(String declaringClass, ClassScan.MethodInfo method, ToolDeclaration declaration) {
        Attributes tool;
        if (method.agentTool != null) {
            tool = Attributes.of(method.agentTool, method.name);
        } else if (declaration != null) {
            tool = Attributes.of(declaration);
        } else {
            tool = Attributes.of(Map.of(), method.frameworkName.isEmpty() ? method.name : method.frameworkName);
        }
        List<String> parameterNames = new ArrayList<>();
        List<ToolSpec.PathParam> pathParams = new ArrayList<>();
        List<Integer> commandParams = new ArrayList<>();
        List<String> parameterTypes = new ArrayList<>();
        for (int i = 0; i < method.parameterTypes.length; i++) {
            parameterNames.add(method.parameterName(i));
            parameterTypes.add(method.parameterTypes[i].getDescriptor());
            if (method.pathParams[i]) {
                ToolPath.Access access = method.pathAccess[i] == null ? PATH_DEFAULT
                        : ToolPath.Access.valueOf(method.pathAccess[i]);
                if (access == ToolPath.Access.INFER) {
                    access = tool.readOnly() ? ToolPath.Access.READ : ToolPath.Access.WRITE;
                }
                pathParams.add(new ToolSpec.PathParam(i, access));
            }
            if (method.commandParams[i]) {
                commandParams.add(i);
            }
        }
        return new ToolSpec(-1, tool.name(), declaringClass, method.name, List.copyOf(parameterNames),
                tool.interrupt(), tool.concurrencySafe(), tool.readOnly(), tool.destructive(),
                tool.requiresUserInteraction(), tool.abortsSiblings(), tool.subagent(), tool.timeoutMillis(),
                List.copyOf(pathParams), List.copyOf(commandParams), List.copyOf(parameterTypes));
    }

    /** An annotation type's attributes and their defaults, as the type itself declares them. */
    static Map<String, Object> defaults(Class<? extends Annotation> type) {
        Map<String, Object> defaults = new HashMap<>();
        for (Method attribute : type.getDeclaredMethods()) {
            Object value = attribute.getDefaultValue();
            if (value != null) {
                defaults.put(attribute.getName(), value);
            }
        }
        return Map.copyOf(defaults);
    }

    private record Attributes(String name, InterruptBehavior interrupt, boolean concurrencySafe, boolean readOnly,
                              boolean destructive, boolean requiresUserInteraction, boolean abortsSiblings,
                              boolean subagent, long timeoutMillis) {

        /**
         * @param written   {@code @AgentTool}'s attributes as the class file holds them; the rest take their defaults
         * @param fallback  the name when none is written: the method's own
         */
        static Attributes of(Map<String, Object> written, String fallback) {
            Map<String, Object> values = new HashMap<>(AGENT_TOOL_DEFAULTS);
            values.putAll(written);
            String name = (String) values.get("value");
            Object interrupt = values.get("interrupt");
            return new Attributes(name.isEmpty() ? fallback : name,
                    interrupt instanceof String constant ? InterruptBehavior.valueOf(constant)
                            : (InterruptBehavior) interrupt,
                    (Boolean) values.get("concurrencySafe"), (Boolean) values.get("readOnly"),
                    (Boolean) values.get("destructive"), (Boolean) values.get("requiresUserInteraction"),
                    (Boolean) values.get("abortsSiblings"), (Boolean) values.get("subagent"),
                    (Long) values.get("timeoutMillis"));
        }

        /** What the declaration leaves out is {@code @AgentTool}'s default. */
        static Attributes of(ToolDeclaration d) {
            Map<String, Object> written = new HashMap<>();
            written.put("value", d.name());
            putIfSet(written, "interrupt", d.interrupt());
            putIfSet(written, "concurrencySafe", d.concurrencySafe());
            putIfSet(written, "readOnly", d.readOnly());
            putIfSet(written, "destructive", d.destructive());
            putIfSet(written, "requiresUserInteraction", d.requiresUserInteraction());
            putIfSet(written, "abortsSiblings", d.abortsSiblings());
            putIfSet(written, "subagent", d.subagent());
            putIfSet(written, "timeoutMillis", d.timeoutMillis());
            return of(written, d.name());
        }

        private static void putIfSet(Map<String, Object> written, String attribute, Object value) {
            if (value != null) {
                written.put(attribute, value);
            }
        }
    }
}
