package dev.toolgate.weave;

import static dev.toolgate.weave.ToolSpecsTest.classFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.fixtures.ShapeTools;
import dev.toolgate.runtime.ToolRegistry;
import dev.toolgate.settings.Settings.ToolDeclaration;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;

/** Which methods the weaver puts the gate into, and that the JVM accepts what it writes. */
class ToolTransformerTest {

    private static final String ATTRIBUTES = "dev.toolgate.weave.SpecFixtures$Attributes";

    @Test
    void only_methods_with_a_body_that_the_source_declares_are_woven() throws IOException {
        assertThat(gateCalls(weave(ToolDeclarations.NONE, SpecFixtures.Kinds.class)))
                .containsExactly(Map.entry("privateTool()Ljava/lang/String;", 1),
                        Map.entry("staticTool()Ljava/lang/String;", 1));
        // javac copies the annotation onto the bridge apply(Object); the bridge calls the woven method.
        assertThat(gateCalls(weave(ToolDeclarations.NONE, SpecFixtures.Bridged.class)))
                .containsExactly(Map.entry("apply(Ljava/lang/String;)Ljava/lang/String;", 1));
    }

    @Test
    void a_method_that_is_several_kinds_of_tool_is_woven_once_with_one_spec() throws IOException {
        ToolDeclarations declarations = ToolDeclarations.of(List.of(
                new ToolDeclaration(ATTRIBUTES + "#declared", "declared_tool", null, null, null, null, null, null,
                        null, null, "project"),
                new ToolDeclaration(ATTRIBUTES + "#unnamed", "declared_unnamed", null, null, null, null, null, null,
                        null, null, "project")));
        int registered = ToolRegistry.size();

        Map<String, Integer> calls = gateCalls(weave(declarations, SpecFixtures.Attributes.class));

        assertThat(calls).containsOnlyKeys("unnamed(Ljava/lang/String;)Ljava/lang/String;",
                "allSet(JD[ILdev/toolgate/weave/SpecFixtures$Attributes$Nested;)J",
                "readPaths(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V",
                "writePaths(ILjava/lang/String;Ljava/lang/String;)V",
                "lcNamed(Ljava/lang/String;)Ljava/lang/String;", "lcUnnamed(Ljava/lang/String;)Ljava/lang/String;",
                "springNamed()Ljava/lang/String;", "springBlank()Ljava/lang/String;", "both()Ljava/lang/String;",
                "declared(Ljava/lang/String;[ILdev/toolgate/weave/SpecFixtures$Attributes$Nested;)Ljava/lang/String;");
        assertThat(calls.values()).containsOnly(1);
        assertThat(ToolRegistry.size() - registered).isEqualTo(calls.size());
    }

    @Test
    void a_class_without_tools_is_left_as_it_is() throws IOException {
        assertThat(new ToolTransformer(ToolDeclarations.NONE).weave(classFile(SpecFixtures.class))).isNull();
    }

    /**
     * Loading checks the woven code against the verifier (stack map frames included); with no gate
     * installed, every call is refused at entry, before the body and outside the guarded range,
     * so the exit code never runs.
     */
    @Test
    void woven_code_verifies_and_every_call_is_refused_while_no_gate_is_installed() throws Exception {
        Class<?> woven = new WovenLoader(ShapeTools.class.getName(),
                weave(ToolDeclarations.NONE, ShapeTools.class)).loadClass(ShapeTools.class.getName());
        Object tools = woven.getConstructor().newInstance();
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int refused = 0;
        System.setOut(new PrintStream(printed, true));
        try {
            for (Method method : woven.getDeclaredMethods()) {
                if (!method.isAnnotationPresent(AgentTool.class)) {
                    continue;
                }
                Object[] arguments = defaults(method.getParameterTypes());
                assertThatThrownBy(() -> invoke(method, Modifier.isStatic(method.getModifiers()) ? null : tools,
                        arguments))
                        .as(method.getName())
                        .isExactlyInstanceOf(SecurityException.class)
                        .hasMessage("Permission denied: Toolgate is not initialised");
                refused++;
            }
        } finally {
            System.setOut(out);
        }
        assertThat(refused).isEqualTo(11);
        assertThat(printed.toString()).isEmpty();
    }

    private static Object invoke(Method method, Object target, Object[] arguments) throws Throwable {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static Object[] defaults(Class<?>[] types) {
        Object[] values = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            values[i] = types[i].isPrimitive() ? java.lang.reflect.Array.get(
                    java.lang.reflect.Array.newInstance(types[i], 1), 0) : null;
        }
        return values;
    }

    private static byte[] weave(ToolDeclarations declarations, Class<?> type) throws IOException {
        byte[] woven = new ToolTransformer(declarations).weave(classFile(type));
        assertThat(woven).as("woven " + type.getName()).isNotNull();
        return woven;
    }

    /** Calls of {@code ToolCalls.enter} in each method, by name and descriptor. */
    private static Map<String, Integer> gateCalls(byte[] classFile) {
        Map<String, Integer> calls = new TreeMap<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String methodDescriptor,
                                                boolean isInterface) {
                        if (owner.equals(ToolInjection.TOOL_CALLS) && method.equals("enter")) {
                            calls.merge(name + descriptor, 1, Integer::sum);
                        }
                    }
                };
            }
        }, 0);
        return calls;
    }

    /** Defines one woven class itself; everything else comes from the test's loader. */
    private static final class WovenLoader extends ClassLoader {
        private final String name;
        private final byte[] classFile;

        WovenLoader(String name, byte[] classFile) {
            super(ToolTransformerTest.class.getClassLoader());
            this.name = name;
            this.classFile = classFile;
        }

        @Override
        protected Class<?> loadClass(String className, boolean resolve) throws ClassNotFoundException {
            if (className.equals(name)) {
                synchronized (getClassLoadingLock(className)) {
                    Class<?> loaded = findLoadedClass(className);
                    return loaded != null ? loaded : defineClass(className, classFile, 0, classFile.length);
                }
            }
            return super.loadClass(className, resolve);
        }
    }
}
