package dev.toolgate.weave;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.none;

import dev.toolgate.bootstrap.JdkOps;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;

/**
 * Weaves the JDK's chokepoints for files, processes, network, exit and thread hand-offs. The
 * classes are already loaded, so they are retransformed, with no class format change. A
 * chokepoint that cannot be woven stops the start: the gate would otherwise be open there.
 */
public final class JdkWeaving {

    private JdkWeaving() {
    }

    static List<JdkTarget> targets() {
        List<JdkTarget> targets = new ArrayList<>();
        targets.addAll(FileWeaving.targets());
        targets.addAll(ProcessWeaving.targets());
        targets.addAll(NetworkWeaving.targets());
        targets.addAll(ExitWeaving.targets());
        targets.addAll(ThreadWeaving.targets());
        return targets;
    }

    public static void install(Instrumentation instrumentation, ClassFileLocator agentClasses) {
        // java.base must be able to read the agent's bootstrap classes that the advice calls.
        instrumentation.redefineModule(Object.class.getModule(), Set.of(JdkOps.class.getModule()), Map.of(), Map.of(),
                Set.of(), Map.of());
        Map<String, List<JdkTarget>> byType = new LinkedHashMap<>();
        for (JdkTarget target : targets()) {
            byType.computeIfAbsent(target.typeName(), name -> new ArrayList<>()).add(target);
        }
        List<String> absent = new ArrayList<>();
        List<Class<?>> loaded = new ArrayList<>();
        for (Map.Entry<String, List<JdkTarget>> entry : byType.entrySet()) {
            try {
                // Loaded now, so that it is retransformed now and the self-test can reach it.
                loaded.add(Class.forName(entry.getKey(), false, null));
            } catch (ClassNotFoundException e) {
                if (entry.getValue().stream().anyMatch(JdkTarget::required)) {
                    absent.add(entry.getKey());
                }
            }
        }
        if (!absent.isEmpty()) {
            throw new IllegalStateException("this JDK (" + Runtime.version() + ") has none of " + absent
                    + " to weave; its files, processes or network would go unchecked");
        }
        Errors errors = new Errors();
        AgentBuilder builder = new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                // Only these classes, rather than a look at every class loaded so far.
                .with(new AgentBuilder.RedefinitionStrategy.DiscoveryStrategy.Explicit(loaded.toArray(new Class<?>[0])))
                .with(new AgentBuilder.PoolStrategy.WithTypePoolCache.Simple(new ConcurrentHashMap<>()))
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(errors)
                .ignore(none());
        for (Map.Entry<String, List<JdkTarget>> entry : byType.entrySet()) {
            AgentBuilder.Transformer.ForAdvice advice = new AgentBuilder.Transformer.ForAdvice()
                    .include(agentClasses)
                    .withExceptionHandler(net.bytebuddy.asm.Advice.ExceptionHandler.Default.RETHROWING);
            for (JdkTarget target : entry.getValue()) {
                advice = advice.advice(target.methods(), target.advice().getName());
            }
            builder = builder.type(named(entry.getKey())).transform(advice);
        }
        builder.installOn(instrumentation);
        if (!errors.byType.isEmpty()) {
            throw new IllegalStateException("cannot weave the JDK's " + errors.byType.keySet() + ": " + errors.byType.values());
        }
        for (Map.Entry<String, List<JdkTarget>> entry : byType.entrySet()) {
            boolean required = entry.getValue().stream().anyMatch(JdkTarget::required);
            if (required && !errors.transformed.contains(entry.getKey())) {
                throw new IllegalStateException("the JDK's " + entry.getKey() + " was not woven");
            }
        }
        JdkSelfTest.run();
    }

    /** Records what was woven and what failed; failures stop the start, they are never skipped. */
    private static final class Errors extends AgentBuilder.Listener.Adapter {
        final Map<String, String> byType = new ConcurrentHashMap<>();
        final Set<String> transformed = ConcurrentHashMap.newKeySet();

        @Override
        public void onTransformation(TypeDescription typeDescription, ClassLoader classLoader, JavaModule module,
                                     boolean loaded, DynamicType dynamicType) {
            transformed.add(typeDescription.getName());
        }

        @Override
        public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded,
                            Throwable throwable) {
            byType.put(typeName, String.valueOf(throwable));
        }
    }
}
