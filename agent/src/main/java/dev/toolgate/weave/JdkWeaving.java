package dev.toolgate.weave;

import dev.toolgate.bootstrap.JdkOps;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassWriter;

/**
 * Weaves the JDK's chokepoints for files, processes, network, exit and thread hand-offs. The
 * classes are already loaded, so they are retransformed, with no class format change. A hook
 * that cannot be put in place stops the start: the gate would otherwise be open there.
 */
public final class JdkWeaving {

    private JdkWeaving() {
    }

    public static void install(Instrumentation instrumentation) {
        // java.base must be able to read the agent's bootstrap classes that the hooks call, and the
        // hooks of secure directory streams read the directory a stream was opened on.
        instrumentation.redefineModule(Object.class.getModule(), Set.of(JdkOps.class.getModule()), Map.of(),
                Map.of("sun.nio.fs", Set.of(JdkOps.class.getModule())), Set.of(), Map.of());
        try {
            JdkOps.initSecureDirectories();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot check secure directory streams on this JDK (" + Runtime.version()
                    + "): " + e, e);
        }
        Map<String, List<JdkHook>> byClass = new LinkedHashMap<>();
        for (JdkHook hook : JdkHook.all()) {
            byClass.computeIfAbsent(hook.owner(), owner -> new ArrayList<>()).add(hook);
        }
        Map<String, List<JdkHook>> attachHooks = new LinkedHashMap<>();
        for (JdkHook hook : ExitHooks.ATTACH) {
            attachHooks.computeIfAbsent(hook.owner(), owner -> new ArrayList<>()).add(hook);
        }
        ModuleLayer.boot().findModule("jdk.attach").ifPresent(attach -> instrumentation.redefineModule(attach,
                Set.of(JdkOps.class.getModule()), Map.of(), Map.of(), Set.of(), Map.of()));
        Transformer transformer = new Transformer(byClass, attachHooks);
        // Stays registered: classes loaded from now on are woven as they load, and should anything
        // retransform these classes again, the hooks go back in.
        instrumentation.addTransformer(transformer, true);
        Set<String> loaded = new java.util.HashSet<>();
        for (Class<?> type : instrumentation.getAllLoadedClasses()) {
            if (type.getClassLoader() == null) {
                loaded.add(type.getName());
            }
        }
        List<Class<?>> alreadyLoaded = new ArrayList<>();
        for (Map.Entry<String, List<JdkHook>> entry : byClass.entrySet()) {
            String name = entry.getKey().replace('/', '.');
            try {
                // A class not loaded yet is woven as it loads now: cheaper than retransforming it.
                Class<?> type = Class.forName(name, false, null);
                if (loaded.contains(name)) {
                    alreadyLoaded.add(type);
                }
            } catch (ClassNotFoundException e) {
                if (entry.getValue().stream().anyMatch(JdkHook::required)) {
                    throw new IllegalStateException("this JDK (" + Runtime.version() + ") has no " + entry.getKey()
                            + " to weave; what goes through it would go unchecked");
                }
            }
        }
        try {
            if (!alreadyLoaded.isEmpty()) {
                instrumentation.retransformClasses(alreadyLoaded.toArray(new Class<?>[0]));
            }
        } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
            throw new IllegalStateException("cannot weave the JDK: " + e, e);
        }
        if (!transformer.failures.isEmpty()) {
            throw new IllegalStateException("cannot weave the JDK: " + transformer.failures);
        }
        List<String> missing = new ArrayList<>();
        for (List<JdkHook> hooks : byClass.values()) {
            for (JdkHook hook : hooks) {
                if (hook.required() && !transformer.applied.contains(hook)) {
                    missing.add(hook.owner() + "." + hook.method() + hook.descriptorPrefix());
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("this JDK (" + Runtime.version() + ") has none of " + missing
                    + " to weave; what goes through them would go unchecked");
        }
        JdkSelfTest.run();
    }

    private static final class Transformer implements ClassFileTransformer {
        private final Map<String, List<JdkHook>> byClass;
        private final Map<String, List<JdkHook>> attachHooks;
        final Set<JdkHook> applied = ConcurrentHashMap.newKeySet();
        final Map<String, String> failures = new ConcurrentHashMap<>();

        Transformer(Map<String, List<JdkHook>> byClass, Map<String, List<JdkHook>> attachHooks) {
            this.byClass = byClass;
            this.attachHooks = attachHooks;
        }

        @Override
        public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
                                ProtectionDomain protectionDomain, byte[] classfileBuffer) {
            List<JdkHook> hooks = loader == null ? byClass.get(className)
                    : module != null && "jdk.attach".equals(module.getName()) ? attachHooks.get(className) : null;
            if (hooks == null) {
                return null;
            }
            try {
                ClassReader reader = new ClassReader(classfileBuffer);
                ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
                reader.accept(new JdkClassPatcher(writer, hooks, applied), 0);
                return writer.toByteArray();
            } catch (RuntimeException | LinkageError e) {
                // The JVM would swallow it and keep the class unwoven: record it, so the start fails,
                // or, for a class loaded later, so that its use is refused.
                failures.put(className, e.toString());
                if (loader != null) {
                    JdkOps.haltFromGate(78);
                }
                return null;
            }
        }
    }
}
