package dev.toolgate.weave;

import dev.toolgate.bootstrap.JdkOps;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassWriter;

/**
 * Weaves the JDK's chokepoints for files, processes, network, exit and thread hand-offs. Classes
 * already loaded are retransformed now, with no class format change; the others are woven as
 * they load. A hook that cannot be put in place stops the JVM before its class can be used: the
 * gate would otherwise be open there. {@link #verify()} then proves every route reaches its hook.
 */
public final class JdkWeaving {

    private static volatile Map<String, List<JdkHook>> hooksByClass = Map.of();
    private static volatile Transformer installed;

    private JdkWeaving() {
    }

    public static void install(Instrumentation instrumentation) {
        // java.base must be able to read the agent's bootstrap classes that the hooks call, and the
        // hooks of secure directory streams read the directory a stream was opened on.
        instrumentation.redefineModule(Object.class.getModule(), Set.of(JdkOps.class.getModule()), Map.of(),
                Map.of("sun.nio.fs", Set.of(JdkOps.class.getModule())), Set.of(), Map.of());
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
        // Listed before the transformer comes in: what loads from then on is woven as it loads.
        Set<String> hookedNames = new HashSet<>();
        for (String internalName : byClass.keySet()) {
            hookedNames.add(internalName.replace('/', '.'));
        }
        List<Class<?>> alreadyLoaded = new ArrayList<>();
        for (Class<?> type : instrumentation.getAllLoadedClasses()) {
            if (type.getClassLoader() == null && hookedNames.contains(type.getName())) {
                alreadyLoaded.add(type);
            }
        }
        Transformer transformer = new Transformer(byClass, attachHooks);
        // Stays registered: classes loaded from now on are woven as they load, and should anything
        // retransform these classes again, the hooks go back in.
        instrumentation.addTransformer(transformer, true);
        try {
            // After the transformer: the stream class it loads is woven as it loads, not retransformed.
            JdkOps.initSecureDirectories();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot check secure directory streams on this JDK (" + Runtime.version()
                    + "): " + e, e);
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
        hooksByClass = byClass;
        installed = transformer;
        transformer.startedUp = true;
    }

    /**
     * Loads (and so weaves) every hooked class not loaded yet, requires each hook to have found its
     * method, and runs the self-test: every file, process and network route must reach its hook.
     * What differs between JDK builds is found here; what it finds stops the start.
     */
    public static void verify() {
        Transformer transformer = installed;
        if (transformer == null) {
            throw new IllegalStateException("the JDK is not woven");
        }
        for (Map.Entry<String, List<JdkHook>> entry : hooksByClass.entrySet()) {
            try {
                Class.forName(entry.getKey().replace('/', '.'), false, null);
            } catch (ClassNotFoundException e) {
                if (entry.getValue().stream().anyMatch(JdkHook::required)) {
                    throw new IllegalStateException("this JDK (" + Runtime.version() + ") has no " + entry.getKey()
                            + " to weave; what goes through it would go unchecked");
                }
            }
        }
        if (!transformer.failures.isEmpty()) {
            throw new IllegalStateException("cannot weave the JDK: " + transformer.failures);
        }
        // A class whose hooked methods were missing was refused as it loaded (see Transformer).
        JdkSelfTest.run();
    }

    private static String describe(JdkHook hook) {
        return hook.owner() + "." + hook.method() + hook.descriptorPrefix();
    }

    private static final class Transformer implements ClassFileTransformer {
        private final Map<String, List<JdkHook>> byClass;
        private final Map<String, List<JdkHook>> attachHooks;
        /** By identity: a record's own hashCode is bootstrapped through method handles, slow at first use. */
        final Set<JdkHook> applied = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        final Map<String, String> failures = new ConcurrentHashMap<>();
        /** From then on a class that cannot be woven, or lacks a hooked method, stops the JVM as it loads. */
        volatile boolean startedUp;

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
                List<String> missing = new ArrayList<>();
                for (JdkHook hook : hooks) {
                    if (hook.required() && !applied.contains(hook)) {
                        missing.add(describe(hook));
                    }
                }
                if (!missing.isEmpty()) {
                    refuse(className, loader, "this JDK (" + Runtime.version() + ") has none of " + missing
                            + " to weave; what goes through them would go unchecked");
                }
                return writer.toByteArray();
            } catch (RuntimeException | LinkageError e) {
                refuse(className, loader, e.toString());
                return null;
            }
        }

        /**
         * The JVM would swallow an exception and keep the class unwoven: at start-up it is recorded
         * so that the start fails; later the class must not come into use at all.
         */
        private void refuse(String className, ClassLoader loader, String why) {
            failures.put(className, why);
            if (startedUp || loader != null) {
                System.err.println("toolgate: cannot weave " + className + ": " + why);
                System.err.flush();
                JdkOps.haltFromGate(78);
            }
        }
    }
}
