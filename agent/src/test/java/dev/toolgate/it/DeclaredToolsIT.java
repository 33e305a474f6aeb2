package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Legacy methods without any annotation become tools through {@code tools.declare}. */
class DeclaredToolsIT {

    private static final String DECLARATIONS = """
            "declare": [
              {"method": "dev.toolgate.fixtures.LegacyJobs#export", "name": "legacy_export", "readOnly": true},
              {"method": "dev.toolgate.fixtures.LegacyJobs#report*", "name": "legacy_report"},
              {"method": "dev.toolgate.fixtures.Legacy*#purge(java.lang.String, int)", "name": "purge_old"},
              {"method": "dev.toolgate.fixtures.LegacyJobs#purge(String)", "name": "purge_all"},
              {"method": "dev.toolgate.fixtures.NoSuchJobs#run", "name": "ghost"},
              {"method": "dev.toolgate.fixtures.LegacyJobs#noSuchMethod", "name": "ghost_method"}
            ]""";

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void declared_methods_are_gated_by_name_glob_and_parameter_list(Path jdk) throws Exception {
        ChildJvm.Result result = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["legacy_report", "purge_all"], "deny": ["legacy_export", "purge_old"]},
                 "tools": {%s}}
                """.formatted(DECLARATIONS)).run("dev.toolgate.fixtures.LegacyScenario",
                "export", "reportDaily", "reportWeekly", "purge1", "purge2");

        assertThat(result.stdout()).as(result.toString())
                .contains("CALL 0 export DENIED Permission denied: tool 'legacy_export'")
                .contains("CALL 1 reportDaily ALLOWED daily")
                .contains("CALL 2 reportWeekly ALLOWED weekly")
                .contains("CALL 3 purge1 ALLOWED purged logs")
                .contains("CALL 4 purge2 DENIED Permission denied: tool 'purge_old'")
                .contains("DONE");
        assertThat(result.bodyRan("export")).isFalse();
        assertThat(result.bodyRan("purge(String,int)")).isFalse();
        assertThat(result.audit("decision")).extracting(r -> r.get("tool"), r -> r.get("behavior"), r -> r.get("rule"))
                .containsExactly(tuple("legacy_export", "deny", "legacy_export"),
                        tuple("legacy_report", "allow", "legacy_report"),
                        tuple("legacy_report", "allow", "legacy_report"),
                        tuple("purge_all", "allow", "purge_all"),
                        tuple("purge_old", "deny", "purge_old"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void declared_attributes_apply_and_an_allow_rule_lets_the_legacy_method_run(Path jdk) throws Exception {
        // Plan mode denies what is not read-only: the declaration's readOnly decides.
        ChildJvm.Result result = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"defaultMode": "plan", "allow": ["legacy_export", "legacy_report"]},
                 "tools": {%s}}
                """.formatted(DECLARATIONS)).run("dev.toolgate.fixtures.LegacyScenario", "export", "reportDaily");

        assertThat(result.stdout()).as(result.toString())
                .contains("CALL 0 export ALLOWED exported to out.csv")
                .contains("CALL 1 reportDaily DENIED Permission denied: tool 'legacy_report'");
        assertThat(result.stdout().lines().filter(line -> line.startsWith("CALL 1 ")).findFirst()).get(
                org.assertj.core.api.InstanceOfAssertFactories.STRING).contains("plan");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void declarations_that_match_nothing_are_reported_on_stderr(Path jdk) throws Exception {
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["legacy_export"]}, "tools": {%s}}
                """.formatted(DECLARATIONS));
        ChildJvm.Result result = jvm.run("dev.toolgate.fixtures.LegacyScenario", "export");

        String settings = jvm.project().resolve(".toolgate/settings.json").toString();
        assertThat(result.stderr()).as(result.toString())
                .contains("toolgate: warning: tools.declare dev.toolgate.fixtures.NoSuchJobs#run (" + settings
                        + ":6:3) matches no method; class dev.toolgate.fixtures.NoSuchJobs is not on the class path"
                        + " at start-up")
                .contains("toolgate: warning: tools.declare dev.toolgate.fixtures.LegacyJobs#noSuchMethod ("
                        + settings + ":7:3) matches no method; class dev.toolgate.fixtures.LegacyJobs has no such"
                        + " method with a body");
        assertThat(result.stderr()).doesNotContain("#export").doesNotContain("#report*").doesNotContain("#purge");
        assertThat(result.stdout()).contains("CALL 0 export ALLOWED exported to out.csv");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void dynamic_attach_gates_a_declared_method_whose_class_is_already_loaded(Path jdk) throws Exception {
        ChildJvm dirs = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"deny": ["legacy_export"]}, "tools": {%s}}
                """.formatted(DECLARATIONS));
        LiveJvm.Launch launch = LiveJvm.of(jdk, dirs).withoutAgent();
        if (majorVersion(jdk) >= 21) {
            launch.jvmOption("-XX:+EnableDynamicAgentLoading");
        }
        ChildJvm.Result result;
        try (LiveJvm jvm = launch.start("dev.toolgate.fixtures.LegacyAttachTarget")) {
            jvm.awaitOutput("READY", 1, Duration.ofSeconds(30));
            Matcher pid = Pattern.compile("(?m)^PID (\\d+)$").matcher(jvm.output());
            assertThat(pid.find()).as(jvm.toString()).isTrue();
            VirtualMachine vm;
            try {
                vm = VirtualMachine.attach(pid.group(1));
            } catch (Exception e) {
                Assumptions.assumeTrue(jdk.equals(Path.of(System.getProperty("java.home"))),
                        "attach to " + ChildJvm.jdkName(jdk) + " failed: " + e);
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

        assertThat(result.call(0)).as("before the attach nothing gates: " + result).isEqualTo("ALLOWED exported to x0");
        assertThat(result.call(1)).startsWith("DENIED Permission denied: tool 'legacy_export'");
        assertThat(result.bodyRuns("export")).isEqualTo(1);
    }

    private static int majorVersion(Path javaHome) throws IOException {
        for (String line : Files.readAllLines(javaHome.resolve("release"))) {
            if (line.startsWith("JAVA_VERSION=")) {
                return Integer.parseInt(line.substring("JAVA_VERSION=".length()).replace("\"", "").split("[.+-]")[0]);
            }
        }
        throw new IllegalStateException("no JAVA_VERSION in " + javaHome.resolve("release"));
    }
}
