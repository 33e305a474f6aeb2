package dev.toolgate.weave;

import static net.bytebuddy.matcher.ElementMatchers.declaresMethod;
import static net.bytebuddy.matcher.ElementMatchers.hasDescriptor;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isAnnotatedWith;
import static net.bytebuddy.matcher.ElementMatchers.isMethod;
import static net.bytebuddy.matcher.ElementMatchers.isNative;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.none;
import static net.bytebuddy.matcher.ElementMatchers.not;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.runtime.GateRuntime;
import dev.toolgate.runtime.ToolRegistry;
import dev.toolgate.runtime.ToolSpec;
import java.lang.annotation.Annotation;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * Weaves the gate into every tool method: those annotated {@code @AgentTool}, LangChain4j's or
 * Spring AI's {@code @Tool}, and those named in {@code tools.declare}. Advice is inlined before
 * and after the body, no class format change, so classes loaded before a dynamic attach can be
 * retransformed too.
 */
public final class ToolWeaving {

    static final String AGENT_TOOL = AgentTool.class.getName();
    private static final List<String> TOOL_ANNOTATIONS = Stream.concat(Stream.of(AGENT_TOOL),
            ToolSpecs.FRAMEWORK_TOOLS.stream()).toList();

    private ToolWeaving() {
    }

    public static void install(Instrumentation instrumentation, ClassFileLocator agentClasses) {
        GateRuntime runtime = GateRuntime.getIfInstalled();
        ToolDeclarations declarations = runtime == null ? ToolDeclarations.NONE
                : ToolDeclarations.of(runtime.settings().tools().declare());
        List<String> markers = TOOL_ANNOTATIONS.stream().map(name -> "L" + name.replace('.', '/') + ";").toList();
        instrumentation.addTransformer(new MarkerPrefilter(() -> toolTransformer(agentClasses, declarations),
                markers, declarations.isEmpty() ? null : declarations::namesInternalName), true);
        retransformLoadedToolClasses(instrumentation, declarations);
        declarations.warnUnloadable(ClassLoader.getSystemClassLoader(), System.err);
    }

    private static ClassFileTransformer toolTransformer(ClassFileLocator agentClasses, ToolDeclarations declarations) {
        ElementMatcher.Junction<MethodDescription> weavable = isMethod().and(not(isAbstract())).and(not(isNative()));
        ElementMatcher.Junction<MethodDescription> annotated = isAnnotatedWith(namedOneOf(
                TOOL_ANNOTATIONS.toArray(new String[0])));
        ElementMatcher.Junction<MethodDescription> toolMethod = weavable.and(declarations.isEmpty() ? annotated
                : annotated.or(not(isSynthetic()).and(method -> declarations.find(method) != null)));
        ElementMatcher.Junction<TypeDescription> declaredClass = declarations.isEmpty() ? none()
                : new ElementMatcher.Junction.AbstractBase<>() {
                    @Override
                    public boolean matches(TypeDescription type) {
                        return declarations.namesClass(type.getName());
                    }
                };
        return new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                // Extended: parameter names from the local variable table too, for hooks' tool_input.
                .with(AgentBuilder.PoolStrategy.Default.EXTENDED)
                .with(FailClosedListener.INSTANCE)
                .ignore(none())
                .type(declaredClass.or(declaresMethod(toolMethod)))
                .transform(new ToolTransformer(toolMethod, weavable.and(not(isSynthetic())), declarations,
                        agentClasses))
                .makeRaw();
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
                    if (TOOL_ANNOTATIONS.contains(annotation.annotationType().getName())) {
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

    private static final class ToolTransformer implements AgentBuilder.Transformer {

        private final ElementMatcher<MethodDescription> toolMethod;
        private final ElementMatcher<MethodDescription> weavable;
        private final ToolDeclarations declarations;
        private final ClassFileLocator agentClasses;
        private final TypeDescription valueAdvice = TypeDescription.ForLoadedType.of(ToolAdvice.class);
        private final TypeDescription voidAdvice = TypeDescription.ForLoadedType.of(VoidToolAdvice.class);

        ToolTransformer(ElementMatcher<MethodDescription> toolMethod, ElementMatcher<MethodDescription> weavable,
                        ToolDeclarations declarations, ClassFileLocator agentClasses) {
            this.toolMethod = toolMethod;
            this.weavable = weavable;
            this.declarations = declarations;
            this.agentClasses = agentClasses;
        }

        @Override
        public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type,
                                                ClassLoader classLoader, JavaModule module,
                                                ProtectionDomain protectionDomain) {
            MethodList<MethodDescription.InDefinedShape> methods = type.getDeclaredMethods();
            if (!declarations.isEmpty()) {
                declarations.warnUnmatched(type.getName(), methods.filter(weavable), System.err);
            }
            // One matcher for every kind of tool: a method that is several kinds at once is woven once.
            for (MethodDescription.InDefinedShape method : methods.filter(toolMethod)) {
                ToolSpec spec = ToolRegistry.register(ToolSpecs.read(method, declarations.find(method)));
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
