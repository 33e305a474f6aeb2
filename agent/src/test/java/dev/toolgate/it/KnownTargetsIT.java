package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A path checked before is not trusted blindly: when a symlink on it is switched by a process
 * (so nothing in the JVM tells the gate), the next check sees where the path now leads (SPEC §7).
 * The agent also starts from the boot class path, as a class-data sharing archive needs.
 */
class KnownTargetsIT {

    static final String MAIN = "dev.toolgate.fixtures.SwitchedLinkScenario";

    @TempDir
    Path root;

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void a_path_read_before_is_denied_once_a_process_points_its_link_outside(Path jdk) throws Exception {
        assertSwitchedLinkDenied(child(jdk));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void the_agent_also_runs_from_the_boot_class_path(Path jdk) throws Exception {
        assertSwitchedLinkDenied(child(jdk).jvmOption("-Xbootclasspath/a:" + ChildJvm.AGENT_JAR.toAbsolutePath()));
    }

    private ChildJvm child(Path jdk) throws Exception {
        // The same call four times: more than tools.maxIdenticalCalls allows by default.
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["read_text"]}, "tools": {"maxIdenticalCalls": 10}}
                """);
        // java.io.tmpdir is a sandbox root: the child's is in the project, so that the test's folders are outside.
        jvm.jvmOption("-Djava.io.tmpdir=" + Files.createDirectories(jvm.project().resolve("tmp")));
        Path work = Files.createDirectories(jvm.project().resolve("work"));
        Path inside = Files.createDirectories(work.resolve("inside"));
        Files.writeString(inside.resolve("data.txt"), "HARMLESS");
        Files.createSymbolicLink(work.resolve("link"), inside);
        return jvm;
    }

    private void assertSwitchedLinkDenied(ChildJvm jvm) throws Exception {
        Path outside = Files.createDirectories(root.resolve("outside"));
        Files.writeString(outside.resolve("data.txt"), "TOP-SECRET");
        ChildJvm.Result result = jvm.run(KnownTargetsIT.MAIN, outside.toString());

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdout()).as(result.toString())
                .contains("READ 1 ALLOWED HARMLESS\n", "READ 2 ALLOWED HARMLESS\n", "READ 3 ALLOWED HARMLESS\n",
                        "DONE")
                .doesNotContain("TOP-SECRET");
        assertThat(result.stdout()).containsPattern("READ 4 DENIED Permission denied: tool 'read_text': path '[^']*"
                + "outside[^']*' is outside the sandbox roots");
    }
}
