package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A hook's {@code tool_input} is keyed by parameter name: from {@code -parameters}, else from the
 * local variable table ({@code -g}), else {@code arg0…}. The tool is compiled here, each way.
 */
class HookParameterNamesIT {

    private static final String SOURCE = """
            package hooknames;

            import dev.toolgate.annotations.AgentTool;

            public class HookNamesMain {
                @AgentTool("hook_names")
                public String names(String first, int second) {
                    return first + second;
                }

                @AgentTool("hook_static_names")
                public static String staticNames(long third, String fourth) {
                    return fourth + third;
                }

                public static void main(String[] args) {
                    System.out.println("CALL 0 hook_names ALLOWED " + new HookNamesMain().names("x", 2));
                    System.out.println("CALL 1 hook_static_names ALLOWED " + staticNames(3L, "y"));
                }
            }
            """;

    @TempDir
    Path root;

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Path jdk : ChildJvm.jdks().toList()) {
            cases.add(Arguments.of(jdk, List.of("-parameters", "-g"), "first,second", "third,fourth"));
            cases.add(Arguments.of(jdk, List.of("-g"), "first,second", "third,fourth"));
            cases.add(Arguments.of(jdk, List.of("-g:none"), "arg0,arg1", "arg0,arg1"));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void tool_input_names_come_from_the_class_file(Path jdk, List<String> flags, String names, String staticNames)
            throws Exception {
        Path classes = compile(flags);
        Path log = root.resolve("hooks.log");
        Path hook = HookScripts.write(root.resolve("bin/names.sh"), log, "echo '{\"action\":\"continue\"}'");
        ChildJvm jvm = ChildJvm.in(jdk, root).classPath(classes).projectSettings("""
                {"permissions": {"allow": ["hook_*"]}, "hooks": {"PreToolUse": [%s]}}"""
                .formatted(HookScripts.matcher("hook_*", 10, hook)));

        ChildJvm.Result result = jvm.run("hooknames.HookNamesMain");

        assertThat(result.call(0)).as(result.toString()).isEqualTo("ALLOWED x2");
        assertThat(result.call(1)).isEqualTo("ALLOWED y3");
        assertThat(HookScripts.runs(log)).extracting(r -> String.join(",", iterable(r.input().path("tool_input").fieldNames())))
                .containsExactly(names, staticNames);
    }

    private static Iterable<String> iterable(java.util.Iterator<String> names) {
        return () -> names;
    }

    private Path compile(List<String> flags) throws Exception {
        Path source = root.resolve("src/hooknames/HookNamesMain.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, SOURCE);
        Path classes = Files.createDirectories(root.resolve("classes"));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        List<String> arguments = new ArrayList<>(flags);
        arguments.addAll(List.of("--release", "17", "-cp", ChildJvm.ANNOTATIONS_JAR.toString(),
                "-d", classes.toString(), source.toString()));
        int status = compiler.run(null, null, null, arguments.toArray(new String[0]));
        assertThat(status).as("javac " + arguments).isZero();
        return classes;
    }
}
