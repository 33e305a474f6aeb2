package dev.toolgate.weave;

import dev.toolgate.runtime.GateRuntime;
import java.lang.annotation.Annotation;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Weaves the gate into every tool method: those annotated {@code @AgentTool}, LangChain4j's or
 * Spring AI's {@code @Tool}, and those named in {@code tools.declare}. The gate's code goes
 * before and after the body, no class format change, so classes loaded before a dynamic attach
 * can be retransformed too.
 */
public final class ToolWeaving {

    private ToolWeaving() {
    }

    public static void install(Instrumentation instrumentation) {
        GateRuntime runtime = GateRuntime.getIfInstalled();
        ToolDeclarations declarations = runtime == null ? ToolDeclarations.NONE
                : ToolDeclarations.of(runtime.settings().tools().declare());
        List<String> markers = ClassScan.TOOL_ANNOTATIONS.stream().map(ClassScan::descriptor).toList();
        instrumentation.addTransformer(new MarkerPrefilter(() -> new ToolTransformer(declarations),
                markers, declarations.isEmpty() ? null : declarations::namesInternalName), true);
        retransformLoadedToolClasses(instrumentation, declarations);
        declarations.warnUnloadable(ClassLoader.getSystemClassLoader(), System.err);
    }

    /** Tool classes loaded before the agent (dynamic attach) are woven now. */
    private static void retransformLoadedToolClasses(Instrumentation instrumentation, ToolDeclarations declarations) {
        List<Class<?>> toolClasses = new ArrayList<>();
        for (Class<?> type : instrumentation.getAllLoadedClasses()) {
            if (type.getClassLoader() != null && instrumentation.isModifiableClass(type)
                    && (declarations.namesClass(type.getName()) || declaresTool(type))) {
                toolClasses.add(type);
            }
        }
        if (toolClasses.isEmpty()) {
            return;
        }
        try {
            instrumentation.retransformClasses(toolClasses.toArray(new Class<?>[0]));
        } catch (UnmodifiableClassException e) {
            throw new IllegalStateException("toolgate: cannot weave already loaded tool classes: " + e.getMessage(), e);
        }
    }

    private static boolean declaresTool(Class<?> type) {
        try {
            for (Method method : type.getDeclaredMethods()) {
                for (Annotation annotation : method.getDeclaredAnnotations()) {
                    if (ClassScan.TOOL_ANNOTATIONS.contains(annotation.annotationType().getName())) {
                        return true;
                    }
                }
            }
            return false;
        } catch (LinkageError | RuntimeException unresolvable) {
            // Cannot look inside without failing; let the transformer's byte scan decide.
            return true;
        }
    }
}
