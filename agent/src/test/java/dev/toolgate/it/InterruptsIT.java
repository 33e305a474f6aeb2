package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How a tool call meets an interrupt (SPEC §9): a BLOCK tool holds it back until it returns, a
 * CANCEL tool is cancelled; timeouts; the processes of a cancelled tool. Each case runs one
 * scenario of {@code InterruptScenarios} on real threads in a child JVM under the real agent.
 */
class InterruptsIT {

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void block_tool_interrupted_at_100ms_finishes_its_600ms_sleep_and_the_caller_gets_the_interrupt(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "block_holds_interrupt");

        assertThat(report.get("outcome")).as(report.toString()).isEqualTo("value:slept 600");
        assertThat(report.get("body")).as("the tool never saw the interrupt").isEqualTo("interrupted at end of body: false");
        assertThat(report.number("elapsed_ms")).isGreaterThanOrEqualTo(550);
        assertThat(report.get("caller_interrupted")).as("delivered when the tool returned").isEqualTo("true");
        assertThat(report.results("block_sleep")).extracting(r -> r.get("status")).containsExactly("OK");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void cancel_tool_that_swallows_the_interrupt_still_ends_cancelled_and_the_caller_keeps_the_interrupt(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "cancel_swallowed");

        assertThat(report.get("body")).as(report.toString()).isEqualTo("swallowed");
        assertThat(report.get("outcome")).startsWith("CancellationException:").contains("swallowing_sleep");
        assertThat(report.get("caller_interrupted")).isEqualTo("true");
        assertThat(report.number("elapsed_ms")).as("stopped long before its 5 s sleep").isLessThan(4_000);
        assertThat(report.results("swallowing_sleep")).extracting(r -> r.get("status")).containsExactly("CANCELLED");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void cancel_tool_looping_on_reads_and_ignoring_interrupts_is_stopped_at_its_next_read(Path jdk) throws Exception {
        assertStoppedAtNextRead(Report.run(jdk, root, "cancel_read_loop"), "read_loop");
    }

    /** Any method may be a tool (SPEC §2): one returning a primitive ends cancelled the same way. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void cancel_tool_with_a_primitive_result_is_stopped_at_its_next_read(Path jdk) throws Exception {
        assertStoppedAtNextRead(Report.run(jdk, root, "cancel_primitive_loop"), "counting_loop");
    }

    private static void assertStoppedAtNextRead(Report report, String tool) throws IOException {
        assertThat(report.get("outcome")).as(report.toString()).startsWith("CancellationException:").contains(tool);
        assertThat(report.get("thrown_from_read")).as("thrown by the read").isEqualTo("true");
        assertThat(report.number("loops_at_interrupt")).isGreaterThanOrEqualTo(1);
        assertThat(report.number("loops_after_interrupt")).as("reads after the interrupt").isLessThanOrEqualTo(1);
        assertThat(report.get("caller_interrupted")).isEqualTo("true");
        assertThat(report.results(tool)).extracting(r -> r.get("status")).containsExactly("CANCELLED");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void future_cancel_true_lets_a_block_tool_make_its_final_write(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "future_cancel_block");

        assertThat(report.get("cancel_returned")).as(report.toString()).isEqualTo("true");
        assertFinalWriteHappened(report, "caller cancel");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void shutdown_now_lets_a_block_tool_make_its_final_write(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "shutdown_now_block");

        assertThat(report.get("not_started")).as(report.toString()).isEqualTo("0");
        assertFinalWriteHappened(report, "caller shutdownNow");
    }

    private static void assertFinalWriteHappened(Report report, String cancel) throws IOException {
        assertThat(report.get("terminated")).as(report.toString()).isEqualTo("true");
        assertThat(report.get("file")).isEqualTo("complete");
        assertThat(report.get("body")).as("the tool's sleep was not broken").isEmpty();
        assertThat(report.traceOrder()).as("what happened, in order")
                .containsExactly("tool enter", cancel, "write done", "task after-tool-interrupted=true");
        assertThat(report.results("block_write")).extracting(r -> r.get("status")).containsExactly("OK");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void cancelled_tool_s_child_process_is_killed(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "cancel_kills_child");

        assertThat(report.get("child_alive_before")).as(report.toString()).isEqualTo("true");
        assertThat(report.get("outcome")).startsWith("CancellationException:").contains("spawn");
        assertThat(report.get("child_gone")).as("sleep 30 gone within 5 s").isEqualTo("true");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void cancelled_tool_s_grandchild_process_is_killed_too(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "cancel_kills_grandchild");

        assertThat(report.get("child_alive_before")).as(report.toString()).isEqualTo("true");
        assertThat(report.get("grandchild_alive_before")).isEqualTo("true");
        assertThat(report.get("outcome")).startsWith("CancellationException:").contains("spawn");
        assertThat(report.get("child_gone")).as("sh gone within 5 s").isEqualTo("true");
        assertThat(report.get("grandchild_gone")).as("its sleep 30 gone within 5 s").isEqualTo("true");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void shell_timeout_kills_the_long_process_of_an_allowed_tool(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, Report.SETTINGS_WITH_SHELL_TIMEOUT_1S, "shell_timeout");

        assertThat(report.get("outcome")).as(report.toString()).startsWith("value:exit ").isNotEqualTo("value:exit 0");
        assertThat(report.number("elapsed_ms")).isGreaterThanOrEqualTo(900).isLessThan(10_000);
        assertThat(report.get("child_gone")).isEqualTo("true");
        assertThat(report.events("process_timeout")).singleElement()
                .satisfies(e -> assertThat(e).containsEntry("tool", "spawn").containsEntry("session", "shell_timeout"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void cancel_tool_past_its_timeout_is_cancelled_and_told_it_timed_out(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "timeout_cancel");

        assertThat(report.get("outcome")).as(report.toString()).startsWith("CancellationException:")
                .contains("timed out after 300 ms");
        assertThat(report.number("elapsed_ms")).isGreaterThanOrEqualTo(250).isLessThan(5_000);
        assertThat(report.get("caller_interrupted")).as("the caller was not interrupted").isEqualTo("false");
        assertThat(report.results("slow_search")).extracting(r -> r.get("status")).containsExactly("CANCELLED");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void block_tool_past_its_timeout_finishes_and_the_overrun_is_audited(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "timeout_block");

        assertThat(report.get("outcome")).as(report.toString()).isEqualTo("value:saved after 700");
        assertThat(report.number("elapsed_ms")).isGreaterThanOrEqualTo(650);
        assertThat(report.get("file")).isEqualTo("saved");
        List<Map<String, Object>> records = report.result.audit();
        assertThat(records).as("the overrun, then the call's result")
                .filteredOn(r -> "slow_save".equals(r.get("tool")) && !"decision".equals(r.get("event")))
                .extracting(r -> r.get("event"), r -> r.get("status"))
                .containsExactly(org.assertj.core.groups.Tuple.tuple("tool_overrun", null),
                        org.assertj.core.groups.Tuple.tuple("result", "OK"));
        assertThat(report.events("tool_overrun")).singleElement()
                .satisfies(e -> assertThat(e).containsEntry("session", "timeout_block"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void block_tool_on_a_virtual_thread_holds_its_interrupt_back(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "virtual_block");
        Assumptions.assumeFalse(report.values.containsKey("skipped"), "no virtual threads on " + jdk);

        assertThat(report.get("virtual")).as(report.toString()).isEqualTo("java.lang.VirtualThread");
        assertThat(report.get("outcome")).isEqualTo("value:slept 600");
        assertThat(report.get("body")).isEqualTo("interrupted at end of body: false");
        assertThat(report.number("elapsed_ms")).isGreaterThanOrEqualTo(550);
        assertThat(report.get("caller_interrupted")).isEqualTo("true");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void cancel_tool_on_a_virtual_thread_is_cancelled(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "virtual_cancel");
        Assumptions.assumeFalse(report.values.containsKey("skipped"), "no virtual threads on " + jdk);

        assertThat(report.get("virtual")).as(report.toString()).isEqualTo("java.lang.VirtualThread");
        assertThat(report.get("body")).isEqualTo("swallowed");
        assertThat(report.get("outcome")).startsWith("CancellationException:").contains("swallowing_sleep");
        assertThat(report.get("caller_interrupted")).isEqualTo("true");
        assertThat(report.results("swallowing_sleep")).extracting(r -> r.get("status")).containsExactly("CANCELLED");
    }

    /**
     * What one scenario of {@code InterruptScenarios} printed ({@code R <scenario> <key> <value>})
     * and audited. Shared by the other interrupt, concurrency and session tests.
     */
    static final class Report {

        static final String TOOLS = """
                "block_sleep", "swallowing_sleep", "read_loop", "counting_loop", "block_write", "spawn",
                "slow_search", "slow_save", "safe_work", "unsafe_work", "outer_unsafe", "outer_safe",
                "outer_forking", "inner_unsafe", "sibling_search", "sibling_save", "sibling_aborter",
                "echo", "other", "research_agent", "Exec(sleep:*)", "Exec(wait)"
                """;
        static final String SETTINGS = "{\"permissions\": {\"allow\": [" + TOOLS + "]}}";
        static final String SETTINGS_WITH_SHELL_TIMEOUT_1S = "{\"permissions\": {\"allow\": [" + TOOLS + "]},"
                + " \"shell\": {\"timeoutSeconds\": 1}}";

        final String scenario;
        final ChildJvm.Result result;
        final Map<String, String> values;

        private Report(String scenario, ChildJvm.Result result, Map<String, String> values) {
            this.scenario = scenario;
            this.result = result;
            this.values = values;
        }

        static Report run(Path jdk, Path root, String scenario) throws IOException, InterruptedException {
            return run(jdk, root, SETTINGS, scenario);
        }

        /** Asks go to a program that allows everything: a denial comes from the gate, not from a resolver. */
        static Report run(Path jdk, Path root, String settings, String scenario) throws IOException, InterruptedException {
            Path allow = AskScripts.allowing(root.resolve("bin/allow.sh"), root.resolve("requests.jsonl"));
            ChildJvm.Result result = ChildJvm.in(jdk, root).projectSettings(settings)
                    .agentOptions("ask=command:" + allow)
                    .timeoutSeconds(60)
                    .run("dev.toolgate.fixtures.InterruptScenarios", scenario);
            Map<String, String> values = new LinkedHashMap<>();
            String prefix = "R " + scenario + " ";
            for (String line : result.stdout().split("\n")) {
                if (line.startsWith(prefix)) {
                    String rest = line.substring(prefix.length());
                    int space = rest.indexOf(' ');
                    values.put(space < 0 ? rest : rest.substring(0, space), space < 0 ? "" : rest.substring(space + 1));
                }
            }
            Report report = new Report(scenario, result, values);
            assertThat(values).as("scenario finished without error or hang: %s", report)
                    .containsKey("done").doesNotContainKeys("error", "hung");
            return report;
        }

        String get(String key) {
            assertThat(values).as("%s printed %s: %s", scenario, key, this).containsKey(key);
            return values.get(key);
        }

        long number(String key) {
            return Long.parseLong(get(key));
        }

        /** The trace's entries without their times, in the order they happened. */
        List<String> traceOrder() {
            return Arrays.stream(get("trace").split(",")).map(e -> e.substring(0, e.lastIndexOf(' '))).toList();
        }

        /** When the trace entry (e.g. "a enter") happened, in ms since the scenario began. */
        long at(String entry) {
            return Arrays.stream(get("trace").split(","))
                    .filter(e -> e.substring(0, e.lastIndexOf(' ')).equals(entry))
                    .mapToLong(e -> Long.parseLong(e.substring(e.lastIndexOf(' ') + 1)))
                    .findFirst().orElseThrow(() -> new AssertionError("no '" + entry + "' in " + get("trace")));
        }

        /** The audit's result records of a tool. */
        List<Map<String, Object>> results(String tool) throws IOException {
            return result.audit("result").stream().filter(r -> tool.equals(r.get("tool"))).toList();
        }

        List<Map<String, Object>> events(String event) throws IOException {
            return result.audit(event);
        }

        @Override
        public String toString() {
            return result.toString();
        }
    }
}
