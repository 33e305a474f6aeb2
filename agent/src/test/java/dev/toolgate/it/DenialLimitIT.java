package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A session with 3 denials in a row, or 20 in all, stops being answered (SPEC §6): without a
 * console every later call is denied; with one, the next ask goes to the human.
 */
class DenialLimitIT {

    private static final String SETTINGS = """
            {"permissions": {"deny": ["plain", "staticTool", "greet", "final_tool"],
                             "allow": ["lookup", "private_tool"]}}
            """;
    private static final String LIMIT = "denial limit reached";

    @TempDir
    Path root;

    /** One call and what it must come to: "ALLOWED" or a fragment of the denial. */
    record Step(String call, String expected) {
        static Step allowed(String call) {
            return new Step(call, "ALLOWED");
        }

        static Step denied(String call, String reason) {
            return new Step(call, reason);
        }
    }

    static Stream<Arguments> cases() {
        List<Step> twenty = new ArrayList<>();
        for (int i = 0; i < 19; i++) {
            twenty.add(Step.denied("plain", "deny rule plain (project)"));
            twenty.add(Step.allowed("lookup=" + i));
        }
        twenty.add(Step.denied("plain", "deny rule plain (project)"));
        twenty.add(Step.denied("lookup=19", LIMIT));
        twenty.add(Step.denied("private_tool=p", LIMIT));

        List<Object[]> cases = List.of(
                new Object[] {"three denials in a row: every later call is denied", List.of(
                        Step.denied("plain", "deny rule plain (project)"),
                        Step.denied("staticTool=1", "deny rule staticTool (project)"),
                        Step.denied("greet=x", "deny rule greet (project)"),
                        Step.denied("lookup=a", LIMIT),
                        Step.denied("private_tool=p", LIMIT))},
                new Object[] {"an allowed call ends the streak", List.of(
                        Step.denied("plain", "deny rule plain (project)"),
                        Step.denied("staticTool=1", "deny rule staticTool (project)"),
                        Step.allowed("lookup=a"),
                        Step.denied("greet=x", "deny rule greet (project)"),
                        Step.denied("final_tool", "deny rule final_tool (project)"),
                        Step.allowed("lookup=b"),
                        Step.denied("staticTool=2", "deny rule staticTool (project)"),
                        Step.allowed("private_tool=p"))},
                new Object[] {"asks denied for want of anyone to ask count as denials", List.of(
                        Step.denied("run_bash=mytool one", "asked: "),
                        Step.denied("plain", "deny rule plain (project)"),
                        Step.denied("run_bash=mytool two", "asked: "),
                        Step.denied("lookup=a", LIMIT))},
                new Object[] {"twenty denials in all: every later call is denied", twenty});
        return ChildJvm.jdks().flatMap(jdk -> cases.stream().map(c -> Arguments.of(jdk, c[0], c[1])));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("cases")
    void headless_session_stops_being_answered_at_the_denial_limit(Path jdk, String name, List<Step> steps)
            throws Exception {
        ChildJvm.Result result = ChildJvm.in(jdk, root).projectSettings(SETTINGS)
                .calls(steps.stream().map(Step::call).toArray(String[]::new));

        SoftAssertions soft = new SoftAssertions();
        long allowedLookups = 0;
        long allowedPrivate = 0;
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String outcome = result.call(i);
            if (step.expected().equals("ALLOWED")) {
                soft.assertThat(outcome).as("call %d %s%n%s", i, step.call(), result).startsWith("ALLOWED ");
                allowedLookups += step.call().startsWith("lookup") ? 1 : 0;
                allowedPrivate += step.call().startsWith("private_tool") ? 1 : 0;
            } else {
                soft.assertThat(outcome).as("call %d %s%n%s", i, step.call(), result)
                        .startsWith("DENIED ").contains("Permission denied: ").contains(step.expected());
            }
        }
        soft.assertThat(result.bodyRuns("lookup")).as("lookup bodies").isEqualTo(allowedLookups);
        soft.assertThat(result.bodyRuns("private_tool")).as("private_tool bodies").isEqualTo(allowedPrivate);
        soft.assertThat(result.bodyRan("plain") || result.bodyRan("run_bash") || result.bodyRan("greet"))
                .as("a denied body ran").isFalse();
        soft.assertAll();
    }


    /**
     * Asks go to the command resolver until the session reaches its limit; the next ask then goes
     * to the human at the console, not to the program.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void with_a_console_the_next_ask_after_the_limit_goes_to_the_human(Path jdk) throws Exception {
        Assumptions.assumeTrue(LiveJvm.ptyAvailable(), "no util-linux script to give the JVM a terminal");
        Path log = root.resolve("requests.jsonl");
        Path script = AskScripts.allowing(root.resolve("bin/allow.sh"), log);
        ChildJvm dirs = ChildJvm.in(jdk, root).projectSettings(SETTINGS);
        ChildJvm.Result result;
        try (LiveJvm jvm = LiveJvm.of(jdk, dirs).underPty().agentOptions("ask=command:" + script)
                .jvmOption("-Dtoolgate.askTimeoutMillis=30000")
                .start("dev.toolgate.fixtures.ToolScenario",
                        "run_bash=mytool one", "plain", "staticTool=1", "greet=x", "run_bash=mytool two")) {
            jvm.answerPrompts("Allow?", List.of("y"), Duration.ofSeconds(30));
            result = jvm.waitFor(Duration.ofSeconds(60));
        }

        assertThat(result.call(0)).as("before the limit the program answers: " + result)
                .isEqualTo("ALLOWED ran mytool one");
        for (int i = 1; i <= 3; i++) {
            assertThat(result.call(i)).startsWith("DENIED ").contains("deny rule");
        }
        assertThat(result.call(4)).as("after the limit the human answers").isEqualTo("ALLOWED ran mytool two");
        assertThat(result.stdout().split("Allow\\?", -1)).as("prompts").hasSize(2);
        List<JsonNode> requests = AskScripts.requests(log);
        assertThat(requests).as("requests to the program").hasSize(1);
        assertThat(requests.get(0).path("tool_input").path("command").asText()).isEqualTo("mytool one");
        assertThat(result.audit("decision").get(4)).containsEntry("tool", "run_bash")
                .containsEntry("behavior", "allow").containsEntry("asked", true);
    }
}
