package dev.toolgate.weave;

import static net.bytebuddy.matcher.ElementMatchers.declaresMethod;
import static net.bytebuddy.matcher.ElementMatchers.hasDescriptor;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isAnnotatedWith;
import static net.bytebuddy.matcher.ElementMatchers.isNative;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static net.bytebuddy.matcher.ElementMatchers.not;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.runtime.ToolRegistry;
import dev.toolgate.runtime.ToolSpec;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * Weaves the gate into every method annotated {@code @AgentTool}: advice inlined before and
 * after the body, no class format change, so classes loaded before a dynamic attach can be
 * retransformed too.
 */
public final class ToolWeaving {

    static final String AGENT_TOOL = AgentTool.class.getName();
    private static final String AGENT_TOOL_DESCRIPTOR = "L" + AGENT_TOOL.replace('.', '/') + ";";

    private ToolWeaving() {
    }

    public static void install(Instrumentation instrumentation, ClassFileLocator agentClasses) {
        instrumentation.addTransformer(new MarkerPrefilter(() -> toolTransformer(agentClasses),
                List.of(AGENT_TOOL_DESCRIPTOR)), true);
        retransformLoadedToolClasses(instrumentation);
    }

    private static ClassFileTransformer toolTransformer(ClassFileLocator agentClasses) {
        ElementMatcher.Junction<MethodDescription> toolMethod =
                isAnnotatedWith(named(AGENT_TOOL)).and(not(isAbstract())).and(not(isNative()));
        return new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                // Extended: parameter names from the local variable table too, for hooks' tool_input.
                .with(AgentBuilder.PoolStrategy.Default.EXTENDED)
                .with(FailClosedListener.INSTANCE)
                .ignore(none())
                .type(declaresMethod(toolMethod))
                .transform(new ToolTransformer(toolMethod, agentClasses))
                .makeRaw();
    }

    /** Tool classes loaded before the agent (dynamic attach) are woven now. */
    private static void retransformLoadedToolClasses(Instrumentation instrumentation) {
        List<Class<?>> toolClasses = new ArrayList<>();
        for (Class<?> type : instrumentation.getAllLoadedClasses()) {
            if (type.getClassLoader() != null && instrumentation.isModifiableClass(type) && declaresTool(type)) {
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
                if (method.isAnnotationPresent(AgentTool.class)) {
                    return true;
                }
            }
            return false;
        } catch (LinkageError unresolvable) {
            // Cannot look inside without failing; let the transformer's byte scan decide.
            return true;
        }
    }

    private static final class ToolTransformer implements AgentBuilder.Transformer {

        private final ElementMatcher<MethodDescription> toolMethod;
        private final ClassFileLocator agentClasses;
        private final TypeDescription valueAdvice = TypeDescription.ForLoadedType.of(ToolAdvice.class);
        private final TypeDescription voidAdvice = TypeDescription.ForLoadedType.of(VoidToolAdvice.class);

        ToolTransformer(ElementMatcher<MethodDescription> toolMethod, ClassFileLocator agentClasses) {
            this.toolMethod = toolMethod;
            this.agentClasses = agentClasses;
        }

        @Override
        public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type,
                                                ClassLoader classLoader, JavaModule module,
                                                ProtectionDomain protectionDomain) {
            for (MethodDescription.InDefinedShape method : type.getDeclaredMethods().filter(toolMethod)) {
                ToolSpec spec = ToolRegistry.register(ToolSpecs.read(method));
                TypeDescription advice = method.getReturnType().represents(void.class) ? voidAdvice : valueAdvice;
                builder = builder.visit(Advice.withCustomMapping()
                        .bind(ToolId.class, spec.id())
                        .to(advice, agentClasses)
                        .on(named(method.getName()).and(hasDescriptor(method.getDescriptor()))));
            }
            return builder;
        }
    }
}
