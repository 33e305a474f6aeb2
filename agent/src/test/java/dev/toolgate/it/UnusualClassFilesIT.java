package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import net.bytebuddy.jar.asm.AnnotationVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tool classes today's javac would not write, made here with ASM: a Java 1.4 class file (no
 * class constants, no stack map frames) and an annotation value this agent does not know.
 */
class UnusualClassFilesIT {

    private static final String STRING = "Ljava/lang/String;";

    @TempDir
    Path root;

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void a_java_1_4_class_named_in_tools_declare_is_gated(Path jdk) throws Exception {
        Path classes = writeClass(root.resolve("classes"), "legacy/OldTool", oldTool());
        String declare = """
                {"permissions": {"%s": ["legacy_hello"]},
                 "tools": {"declare": [{"method": "legacy.OldTool#hello", "name": "legacy_hello"}]}}
                """;

        ChildJvm.Result allowed = ChildJvm.in(jdk, root.resolve("allowed")).classPath(classes)
                .projectSettings(declare.formatted("allow")).run("legacy.OldTool");
        ChildJvm.Result denied = ChildJvm.in(jdk, root.resolve("denied")).classPath(classes)
                .projectSettings(declare.formatted("deny")).run("legacy.OldTool");

        assertThat(allowed.call(0)).as(allowed.toString()).isEqualTo("ALLOWED hi x");
        assertThat(denied.exitCode()).as(denied.toString()).isEqualTo(1);
        assertThat(denied.stderr()).contains("dev.toolgate.api.PermissionDeniedException: "
                + "Permission denied: tool 'legacy_hello': deny rule legacy_hello (project)");
        assertThat(denied.stdout()).doesNotContain("CALL 0");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void a_tool_class_that_cannot_be_woven_stops_the_jvm(Path jdk) throws Exception {
        Path classes = writeClass(root.resolve("classes"), "odd/OddTool", oddTool());

        ChildJvm.Result result = ChildJvm.in(jdk, root).classPath(classes).run("odd.OddTool");

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(78);
        assertThat(result.stderr()).contains("toolgate: cannot weave the gate into tool class odd.OddTool: "
                + "java.lang.IllegalArgumentException: No enum constant dev.toolgate.annotations.InterruptBehavior.SOMETIMES; "
                + "stopping the JVM rather than running its tools ungated");
        assertThat(result.stdout()).doesNotContain("BODY");
    }

    /** {@code hello(name)} returns "hi " + name; main prints a ShapeScenario-style line for one call. */
    private static byte[] oldTool() {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V1_4, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "legacy/OldTool", null, "java/lang/Object",
                null);
        MethodVisitor hello = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "hello",
                "(" + STRING + ")" + STRING, null, null);
        hello.visitCode();
        hello.visitLdcInsn("hi ");
        hello.visitVarInsn(Opcodes.ALOAD, 0);
        hello.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/String", "concat", "(" + STRING + ")" + STRING, false);
        hello.visitInsn(Opcodes.ARETURN);
        hello.visitMaxs(0, 0);
        hello.visitEnd();
        MethodVisitor main = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main",
                "([Ljava/lang/String;)V", null, null);
        main.visitCode();
        main.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        main.visitLdcInsn("CALL 0 legacy_hello ALLOWED ");
        main.visitLdcInsn("x");
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "legacy/OldTool", "hello", "(" + STRING + ")" + STRING, false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/String", "concat", "(" + STRING + ")" + STRING, false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(" + STRING + ")V", false);
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(0, 0);
        main.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    /** A static main that prints "BODY odd" and is an {@code @AgentTool(interrupt = SOMETIMES)}. */
    private static byte[] oddTool() {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "odd/OddTool", null, "java/lang/Object", null);
        MethodVisitor main = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main",
                "([Ljava/lang/String;)V", null, null);
        AnnotationVisitor tool = main.visitAnnotation("Ldev/toolgate/annotations/AgentTool;", true);
        tool.visitEnum("interrupt", "Ldev/toolgate/annotations/InterruptBehavior;", "SOMETIMES");
        tool.visitEnd();
        main.visitCode();
        main.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        main.visitLdcInsn("BODY odd");
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(" + STRING + ")V", false);
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(0, 0);
        main.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    private static Path writeClass(Path classes, String internalName, byte[] bytes) throws Exception {
        Path file = classes.resolve(internalName + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
        return classes;
    }
}
