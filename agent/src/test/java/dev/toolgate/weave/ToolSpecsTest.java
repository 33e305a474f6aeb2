package dev.toolgate.weave;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.InterruptBehavior;
import dev.toolgate.annotations.ToolPath.Access;
import dev.toolgate.runtime.ToolSpec;
import dev.toolgate.runtime.ToolSpec.PathParam;
import dev.toolgate.settings.Settings.ToolDeclaration;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.ToolProvider;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Tool specs as read from class files: annotation values, declarations, parameter names. */
class ToolSpecsTest {

    private static final String ATTRIBUTES = "dev.toolgate.weave.SpecFixtures$Attributes";

    @TempDir
    Path root;

    @Test
    void an_agent_tool_without_attributes_takes_the_method_name_and_the_annotation_defaults() throws IOException {
        ToolSpec spec = spec(SpecFixtures.Attributes.class, "unnamed", null);

        assertThat(spec.name()).isEqualTo("unnamed");
        assertThat(spec.interrupt()).isEqualTo(InterruptBehavior.CANCEL);
        assertThat(List.of(spec.concurrencySafe(), spec.readOnly(), spec.destructive(), spec.requiresUserInteraction(),
                spec.abortsSiblings(), spec.subagent())).containsOnly(false);
        assertThat(spec.timeoutMillis()).isZero();
        assertThat(spec.declaringClass()).isEqualTo(ATTRIBUTES);
        assertThat(spec.methodName()).isEqualTo("unnamed");
        assertThat(spec.parameterNames()).containsExactly("query");
        assertThat(spec.parameterTypes()).containsExactly("Ljava/lang/String;");
    }

    @Test
    void agent_tool_attributes_are_read_as_written() throws IOException {
        ToolSpec spec = spec(SpecFixtures.Attributes.class, "allSet", null);

        assertThat(spec.name()).isEqualTo("all_set");
        assertThat(spec.interrupt()).isEqualTo(InterruptBehavior.BLOCK);
        assertThat(List.of(spec.concurrencySafe(), spec.readOnly(), spec.destructive(), spec.requiresUserInteraction(),
                spec.abortsSiblings(), spec.subagent())).containsOnly(true);
        assertThat(spec.timeoutMillis()).isEqualTo(2500);
        assertThat(spec.parameterNames()).containsExactly("first", "second", "third", "fourth");
        assertThat(spec.parameterTypes()).containsExactly("J", "D", "[I",
                "Ldev/toolgate/weave/SpecFixtures$Attributes$Nested;");
    }

    @Test
    void defaults_are_agent_tools_own() {
        assertThat(ToolSpecs.defaults(AgentTool.class)).containsOnlyKeys("value", "interrupt", "concurrencySafe",
                        "readOnly", "destructive", "requiresUserInteraction", "abortsSiblings", "subagent",
                        "timeoutMillis")
                .containsEntry("value", "").containsEntry("interrupt", InterruptBehavior.CANCEL)
                .containsEntry("timeoutMillis", 0L);
    }

    @Test
    void tool_path_infers_read_for_read_only_tools_and_write_for_the_others() throws IOException {
        ToolSpec readOnly = spec(SpecFixtures.Attributes.class, "readPaths", null);
        ToolSpec writing = spec(SpecFixtures.Attributes.class, "writePaths", null);

        assertThat(readOnly.pathParams()).containsExactly(new PathParam(0, Access.READ), new PathParam(1, Access.WRITE));
        assertThat(readOnly.commandParams()).containsExactly(2);
        assertThat(writing.pathParams()).containsExactly(new PathParam(1, Access.WRITE), new PathParam(2, Access.READ));
        assertThat(writing.commandParams()).isEmpty();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "lcNamed, lc_named",
            "lcUnnamed, lcUnnamed",
            "springNamed, spring_named",
            "springBlank, springBlank",
            "both, agent_wins"})
    void framework_tools_are_named_by_their_name_attribute_else_by_the_method(String method, String name)
            throws IOException {
        ToolSpec spec = spec(SpecFixtures.Attributes.class, method, null);

        assertThat(spec.name()).isEqualTo(name);
        assertThat(spec.interrupt()).isEqualTo(InterruptBehavior.CANCEL);
        assertThat(spec.readOnly()).isFalse();
    }

    @Test
    void a_declaration_names_a_method_by_its_parameter_types_and_gives_its_attributes() throws IOException {
        ToolDeclarations declarations = ToolDeclarations.of(List.of(
                declaration(ATTRIBUTES + "#declared(java.lang.String, int[], " + ATTRIBUTES + "$Nested)",
                        "declared_tool", "BLOCK", true, 900L),
                declaration(ATTRIBUTES + "#declared", "second_declaration", null, null, null),
                declaration(ATTRIBUTES + "#unnamed", "declared_unnamed", null, null, null)));
        ClassScan scan = scan(SpecFixtures.Attributes.class);

        ToolDeclaration declared = declarations.find(ATTRIBUTES, method(scan, "declared"));
        ToolSpec spec = ToolSpecs.read(ATTRIBUTES, method(scan, "declared"), declared);

        assertThat(declarations.find(ATTRIBUTES, method(scan, "undeclared"))).isNull();
        assertThat(spec.name()).isEqualTo("declared_tool");
        assertThat(spec.interrupt()).isEqualTo(InterruptBehavior.BLOCK);
        assertThat(spec.readOnly()).isTrue();
        assertThat(spec.destructive()).isFalse();
        assertThat(spec.timeoutMillis()).isEqualTo(900);
        // @AgentTool in the code wins over a declaration of the same method.
        ClassScan.MethodInfo unnamed = method(scan, "unnamed");
        assertThat(ToolSpecs.read(ATTRIBUTES, unnamed, declarations.find(ATTRIBUTES, unnamed)).name())
                .isEqualTo("unnamed");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            // MethodParameters wins over the local variable table (renamed here to tell them apart).
            "-parameters -g;     first,second,third,fourth; a,b",
            "-parameters -g:none; first,second,third,fourth; a,b",
            // Slots: this, first, second (two), third (two), fourth; static: a (two), b.
            "-g;                 debug_first,debug_second,debug_third,debug_fourth; debug_a,debug_b",
            "-g:none;            arg0,arg1,arg2,arg3; arg0,arg1"})
    void parameter_names_come_from_method_parameters_else_the_local_variable_table_else_arg_index(
            String flags, String instanceNames, String staticNames) throws Exception {
        ClassScan scan = ClassScan.of(new ClassReader(renameLocalVariables(compileNames(flags.strip().split(" ")))));

        assertThat(ToolSpecs.read("names.Names", method(scan, "instance"), null).parameterNames())
                .containsExactly(instanceNames.strip().split(","));
        assertThat(ToolSpecs.read("names.Names", method(scan, "statics"), null).parameterNames())
                .containsExactly(staticNames.strip().split(","));
    }

    private byte[] compileNames(String... flags) throws Exception {
        Path source = root.resolve("src/names/Names.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, """
                package names;

                import dev.toolgate.annotations.AgentTool;

                public class Names {
                    @AgentTool
                    public String instance(String first, long second, double third, int fourth) {
                        String local = first;
                        long other = second;
                        return local + other + third + fourth;
                    }

                    @AgentTool
                    public static String statics(long a, String b) {
                        int unused = 1;
                        return b + a + unused;
                    }
                }
                """);
        Path classes = Files.createDirectories(root.resolve("classes"));
        Path annotations = Path.of(AgentTool.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> arguments = new ArrayList<>(List.of(flags));
        arguments.addAll(List.of("--release", "17", "-cp", annotations.toString(), "-d", classes.toString(),
                source.toString()));
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, arguments.toArray(new String[0]));
        assertThat(status).as("javac " + arguments).isZero();
        return Files.readAllBytes(classes.resolve("names/Names.class"));
    }

    /** Every local variable's name with a {@code debug_} prefix: names read from the table show it. */
    private static byte[] renameLocalVariables(byte[] classFile) {
        ClassWriter writer = new ClassWriter(0);
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature,
                        exceptions)) {
                    @Override
                    public void visitLocalVariable(String variable, String variableDescriptor, String signature,
                                                   Label start, Label end, int slot) {
                        super.visitLocalVariable("debug_" + variable, variableDescriptor, signature, start, end, slot);
                    }
                };
            }
        }, 0);
        return writer.toByteArray();
    }

    private static ToolDeclaration declaration(String method, String name, String interrupt, Boolean readOnly,
                                               Long timeoutMillis) {
        return new ToolDeclaration(method, name, interrupt, readOnly, null, null, null, null, null, timeoutMillis,
                "project");
    }

    static ClassScan scan(Class<?> type) throws IOException {
        return ClassScan.of(new ClassReader(classFile(type)));
    }

    static byte[] classFile(Class<?> type) throws IOException {
        String name = type.getName();
        try (InputStream in = type.getResourceAsStream(name.substring(name.lastIndexOf('.') + 1) + ".class")) {
            return in.readAllBytes();
        }
    }

    static ClassScan.MethodInfo method(ClassScan scan, String name) {
        return scan.methods().stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    private static ToolSpec spec(Class<?> type, String method, ToolDeclaration declaration) throws IOException {
        ClassScan scan = scan(type);
        return ToolSpecs.read(scan.binaryName(), method(scan, method), declaration);
    }
}
