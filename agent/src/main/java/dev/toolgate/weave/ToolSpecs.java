package dev.toolgate.weave;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.ToolCommand;
import dev.toolgate.annotations.ToolPath;
import dev.toolgate.runtime.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;

/** Reads a tool's spec from its method's annotations, as described by Byte Buddy (no class loading). */
final class ToolSpecs {

    private ToolSpecs() {
    }

    static ToolSpec read(MethodDescription.InDefinedShape method) {
        AgentTool tool = method.getDeclaredAnnotations().ofType(AgentTool.class).load();
        String name = tool.value().isEmpty() ? method.getName() : tool.value();
        List<String> parameterNames = new ArrayList<>();
        List<ToolSpec.PathParam> pathParams = new ArrayList<>();
        List<Integer> commandParams = new ArrayList<>();
        List<String> parameterTypes = new ArrayList<>();
        for (ParameterDescription.InDefinedShape parameter : method.getParameters()) {
            // Named from -parameters, or from the local variable table (the type pool reads it in extended mode).
            parameterNames.add(parameter.isNamed() ? parameter.getName() : "arg" + parameter.getIndex());
            parameterTypes.add(parameter.getType().asErasure().getDescriptor());
            var annotations = parameter.getDeclaredAnnotations();
            if (annotations.isAnnotationPresent(ToolPath.class)) {
                ToolPath.Access access = annotations.ofType(ToolPath.class).load().value();
                if (access == ToolPath.Access.INFER) {
                    access = tool.readOnly() ? ToolPath.Access.READ : ToolPath.Access.WRITE;
                }
                pathParams.add(new ToolSpec.PathParam(parameter.getIndex(), access));
            }
            if (annotations.isAnnotationPresent(ToolCommand.class)) {
                commandParams.add(parameter.getIndex());
            }
        }
        return new ToolSpec(-1, name, method.getDeclaringType().getTypeName(), method.getName(),
                List.copyOf(parameterNames), tool.interrupt(), tool.concurrencySafe(), tool.readOnly(),
                tool.destructive(), tool.requiresUserInteraction(), tool.abortsSiblings(), tool.subagent(),
                tool.timeoutMillis(), List.copyOf(pathParams), List.copyOf(commandParams), List.copyOf(parameterTypes));
    }
}
