package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tools in classes of any class loader are gated (SPEC §2), and a dynamic attach gates tool
 * classes that were loaded before it (SPEC §3).
 */
class ClassLoadersIT {

    private static final String FIXTURES = "dev/toolgate/fixtures/";

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void tools_of_a_child_url_class_loader_from_a_folder_and_a_jar_are_gated(Path jdk) throws Exception {
        Path app = copyClass("LoaderMain", root.resolve("app"));
        Path toolsDir = copyClass("LoaderTool", root.resolve("tools-dir"));
        Path toolsJar = root.resolve("tools.jar");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(toolsJar))) {
            jar.putNextEntry(new JarEntry(FIXTURES + "LoaderTool.class"));
            jar.write(Files.readAllBytes(ChildJvm.FIXTURES.resolve(FIXTURES + "LoaderTool.class")));
            jar.closeEntry();
        }
        ChildJvm dirs = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["loader_allowed"], "deny": ["loader_denied"]}}
                """);

        ChildJvm.Result result;
        try (LiveJvm jvm = LiveJvm.of(jdk, dirs).onlyClassPath(app, ChildJvm.ANNOTATIONS_JAR)
                .start("dev.toolgate.fixtures.LoaderMain", toolsDir.toString(), toolsJar.toString())) {
            result = jvm.waitFor(Duration.ofSeconds(60));
        }

        assertThat(result.stdout()).as(result.toString())
                .contains("PARENT_SEES_TOOL false\n", "LOADED_BY child-0\n", "LOADED_BY child-1\n", "DONE");
        for (int first : new int[] {0, 4}) {
            assertThat(result.call(first)).isEqualTo("ALLOWED allowed x" + first);
            assertThat(result.call(first + 1)).startsWith("DENIED ")
                    .contains("Permission denied: tool 'loader_denied'").contains("deny rule loader_denied");
            assertThat(result.call(first + 2)).isEqualTo("ALLOWED allowed x" + (first + 2));
            assertThat(result.call(first + 3)).startsWith("DENIED ")
                    .contains("Permission denied: tool 'loader_asked'").contains("; asked: ");
        }
        assertThat(result.bodyRuns("loader_allowed")).isEqualTo(4);
        assertThat(result.bodyRan("loader_denied")).isFalse();
        assertThat(result.bodyRan("loader_asked")).isFalse();
        assertThat(result.audit("decision"))
                .extracting(r -> r.get("tool"), r -> r.get("behavior"), r -> r.get("asked"))
                .containsExactly(
                        tuple("loader_allowed", "allow", false), tuple("loader_denied", "deny", false),
                        tuple("loader_allowed", "allow", false), tuple("loader_asked", "deny", true),
                        tuple("loader_allowed", "allow", false), tuple("loader_denied", "deny", false),
                        tuple("loader_allowed", "allow", false), tuple("loader_asked", "deny", true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void dynamic_attach_gates_a_tool_class_loaded_before_it(Path jdk) throws Exception {
        ChildJvm dirs = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["attach_allowed"], "deny": ["attach_denied"]}}
                """);
        LiveJvm.Launch launch = LiveJvm.of(jdk, dirs).withoutAgent();
        if (majorVersion(jdk) >= 21) {
            launch.jvmOption("-XX:+EnableDynamicAgentLoading");
        }
        boolean sameJdk = jdk.equals(Path.of(System.getProperty("java.home")));

        ChildJvm.Result result;
        try (LiveJvm jvm = launch.start("dev.toolgate.fixtures.AttachTarget")) {
            jvm.awaitOutput("READY", 1, Duration.ofSeconds(30));
            Matcher pid = Pattern.compile("(?m)^PID (\\d+)$").matcher(jvm.output());
            assertThat(pid.find()).as(jvm.toString()).isTrue();
            assertThat(Long.parseLong(pid.group(1))).isEqualTo(jvm.pid());

            VirtualMachine vm;
            try {
                vm = VirtualMachine.attach(pid.group(1));
            } catch (Exception e) {
                Assumptions.assumeTrue(sameJdk, "attach from " + System.getProperty("java.version")
                        + " to " + ChildJvm.jdkName(jdk) + " failed: " + e);
                throw e;
            }
            try {
                vm.loadAgent(ChildJvm.AGENT_JAR.toAbsolutePath().toString(), "ask=deny");
            } finally {
                vm.detach();
            }
            jvm.send("go");
            result = jvm.waitFor(Duration.ofSeconds(60));
        }

        assertThat(result.call(0)).as("before the attach nothing gates: " + result).isEqualTo("ALLOWED ran a0");
        assertThat(result.call(1)).isEqualTo("ALLOWED ran a1");
        assertThat(result.call(2)).startsWith("DENIED ")
                .contains("Permission denied: tool 'attach_denied'").contains("deny rule attach_denied");
        assertThat(result.call(3)).isEqualTo("ALLOWED ran a3");
        assertThat(result.bodyRuns("attach_denied")).as("only before the attach").isEqualTo(1);
        assertThat(result.audit("decision"))
                .extracting(r -> r.get("tool"), r -> r.get("behavior"))
                .containsExactly(tuple("attach_denied", "deny"), tuple("attach_allowed", "allow"));
    }

    private Path copyClass(String simpleName, Path folder) throws IOException {
        Path target = folder.resolve(FIXTURES + simpleName + ".class");
        Files.createDirectories(target.getParent());
        Files.copy(ChildJvm.FIXTURES.resolve(FIXTURES + simpleName + ".class"), target);
        return folder;
    }

    private static int majorVersion(Path javaHome) throws IOException {
        for (String line : Files.readAllLines(javaHome.resolve("release"))) {
            if (line.startsWith("JAVA_VERSION=")) {
                String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                String major = version.split("[.+-]")[0];
                return Integer.parseInt(major.equals("1") ? version.split("\\.")[1] : major);
            }
        }
        throw new IllegalStateException("no JAVA_VERSION in " + javaHome.resolve("release"));
    }
}
