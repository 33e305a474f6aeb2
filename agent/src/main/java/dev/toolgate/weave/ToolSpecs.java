package dev.toolgate.weave;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.InterruptBehavior;
import dev.toolgate.annotations.ToolCommand;
import dev.toolgate.annotations.ToolPath;
import dev.toolgate.runtime.ToolSpec;
import dev.toolgate.settings.Settings.ToolDeclaration;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;

/**
 * Reads a tool's spec from its method's annotations, as described by Byte Buddy (no class
 * loading). {@code @AgentTool} in the code wins; otherwise a {@code tools.declare} entry that
 * names the method gives the name and attributes; otherwise a framework {@code @Tool} gives
 * the name and the attributes are {@code @AgentTool}'s defaults.
 */
final class ToolSpecs {

    /** Framework tool annotations, matched by name: the agent never links against the frameworks. */
    static final List<String> FRAMEWORK_TOOLS = List.of(
            "dev.langchain4j.agent.tool.Tool",
            "org.springframework.ai.tool.annotation.Tool");

    private ToolSpecs() {
    }

    /** @param declaration the first {@code tools.declare} entry naming the method, or null */
    static ToolSpec read(MethodDescription.InDefinedShape method, ToolDeclaration declaration) {
        var annotations = method.getDeclaredAnnotations();
        Attributes tool;
        if (annotations.isAnnotationPresent(AgentTool.class)) {
            tool = Attributes.of(annotations.ofType(AgentTool.class).load(), method.getName());
        } else if (declaration != null) {
            tool = Attributes.of(declaration);
        } else {
            tool = Attributes.defaults(frameworkName(method));
        }
        List<String> parameterNames = new ArrayList<>();
        List<ToolSpec.PathParam> pathParams = new ArrayList<>();
        List<Integer> commandParams = new ArrayList<>();
        List<String> parameterTypes = new ArrayList<>();
        for (ParameterDescription.InDefinedShape parameter : method.getParameters()) {
            // Named from -parameters, or from the local variable table (the type pool reads it in extended mode).
            parameterNames.add(parameter.isNamed() ? parameter.getName() : "arg" + parameter.getIndex());
            parameterTypes.add(parameter.getType().asErasure().getDescriptor());
            var parameterAnnotations = parameter.getDeclaredAnnotations();
            if (parameterAnnotations.isAnnotationPresent(ToolPath.class)) {
                ToolPath.Access access = parameterAnnotations.ofType(ToolPath.class).load().value();
                if (access == ToolPath.Access.INFER) {
                    access = tool.readOnly() ? ToolPath.Access.READ : ToolPath.Access.WRITE;
                }
                pathParams.add(new ToolSpec.PathParam(parameter.getIndex(), access));
            }
            if (parameterAnnotations.isAnnotationPresent(ToolCommand.class)) {
                commandParams.add(parameter.getIndex());
            }
        }
        return new ToolSpec(-1, tool.name(), method.getDeclaringType().getTypeName(), method.getName(),
                List.copyOf(parameterNames), tool.interrupt(), tool.concurrencySafe(), tool.readOnly(),
                tool.destructive(), tool.requiresUserInteraction(), tool.abortsSiblings(), tool.subagent(),
                tool.timeoutMillis(), List.copyOf(pathParams), List.copyOf(commandParams), List.copyOf(parameterTypes));
    }

    /** A framework {@code @Tool}'s {@code name}, else the method's own name. */
    static String frameworkName(MethodDescription method) {
        for (AnnotationDescription annotation : method.getDeclaredAnnotations()) {
            if (FRAMEWORK_TOOLS.contains(annotation.getAnnotationType().getName())) {
                String name = explicitName(annotation);
                if (!name.isEmpty()) {
                    return name;
                }
            }
        }
        return method.getName();
    }

    private static String explicitName(AnnotationDescription annotation) {
        try {
            Object value = annotation.getValue("name").resolve();
            return value instanceof String name ? name.strip() : "";
        } catch (RuntimeException unresolvable) {
            // The annotation type cannot be read from the class's loader: the method name serves.
            return "";
        }
    }

    private record Attributes(String name, InterruptBehavior interrupt, boolean concurrencySafe, boolean readOnly,
                              boolean destructive, boolean requiresUserInteraction, boolean abortsSiblings,
                              boolean subagent, long timeoutMillis) {

        static Attributes of(AgentTool tool, String methodName) {
            return new Attributes(tool.value().isEmpty() ? methodName : tool.value(), tool.interrupt(),
                    tool.concurrencySafe(), tool.readOnly(), tool.destructive(), tool.requiresUserInteraction(),
                    tool.abortsSiblings(), tool.subagent(), tool.timeoutMillis());
        }

        /** {@code @AgentTool}'s defaults (SPEC §2). */
        static Attributes defaults(String name) {
            return new Attributes(name, InterruptBehavior.CANCEL, false, false, false, false, false, false, 0);
        }

        /** What the declaration leaves out is {@code @AgentTool}'s default. */
        static Attributes of(ToolDeclaration d) {
            return new Attributes(d.name(),
                    d.interrupt() == null ? InterruptBehavior.CANCEL : InterruptBehavior.valueOf(d.interrupt()),
                    isTrue(d.concurrencySafe()), isTrue(d.readOnly()), isTrue(d.destructive()),
                    isTrue(d.requiresUserInteraction()), isTrue(d.abortsSiblings()), isTrue(d.subagent()),
                    d.timeoutMillis() == null ? 0 : d.timeoutMillis());
        }

        private static boolean isTrue(Boolean flag) {
            return Boolean.TRUE.equals(flag);
        }
    }
}
