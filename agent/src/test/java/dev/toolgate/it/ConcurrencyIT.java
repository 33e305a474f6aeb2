package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.toolgate.it.InterruptsIT.Report;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tools of one session taking turns (SPEC §9): concurrency-safe tools side by side, the others
 * alone; tools calling tools; sibling abort; identical calls; threads of a sub-agent (§6).
 * The fixture tools record when they enter and leave.
 */
class ConcurrencyIT {

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void two_concurrency_safe_tools_run_side_by_side(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "safe_overlap");

        assertThat(report.get("a_outcome")).as(report.toString()).isEqualTo("value:safe a");
        assertThat(report.get("b_outcome")).isEqualTo("value:safe b");
        assertThat(report.at("a enter")).as("a enters before b leaves").isLessThan(report.at("b exit"));
        assertThat(report.at("b enter")).as("b enters before a leaves").isLessThan(report.at("a exit"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void two_tools_that_are_not_concurrency_safe_never_overlap(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "unsafe_serial");

        assertThat(report.get("a_outcome")).as(report.toString()).isEqualTo("value:unsafe a");
        assertThat(report.get("b_outcome")).isEqualTo("value:unsafe b");
        boolean aFirst = report.at("a enter") < report.at("b enter");
        String first = aFirst ? "a" : "b";
        String second = aFirst ? "b" : "a";
        assertThat(report.traceOrder()).as(report.get("trace"))
                .containsExactly(first + " enter", first + " exit", second + " enter", second + " exit");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void an_unsafe_tool_waits_for_running_safe_tools_and_holds_back_later_ones(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "unsafe_waits_for_safe");

        assertThat(report.get("a_outcome")).as(report.toString()).isEqualTo("value:safe safe1");
        assertThat(report.get("b_outcome")).isEqualTo("value:unsafe unsafe");
        assertThat(report.get("c_outcome")).isEqualTo("value:safe safe2");
        assertThat(report.traceOrder()).as(report.get("trace"))
                .containsExactly("safe1 enter", "safe1 exit", "unsafe enter", "unsafe exit", "safe2 enter", "safe2 exit");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void tools_calling_unsafe_tools_from_many_threads_do_not_deadlock(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "nested_no_deadlock");

        assertThat(report.get("finished")).as(report.toString()).isEqualTo("12 of 12");
        for (String caller : List.of("unsafe", "safe", "forking")) {
            for (int i = 0; i < 4; i++) {
                assertThat(report.get(caller + i + "_outcome")).as(caller + i).isEqualTo("value:ok");
            }
        }
        assertThat(report.results("inner_unsafe")).as("every nested call ran").hasSize(60)
                .allSatisfy(r -> assertThat(r).containsEntry("status", "OK"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void a_failing_aborts_siblings_tool_cancels_the_running_cancel_sibling_and_the_block_sibling_finishes(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "sibling_abort");

        assertThat(report.get("aborter_outcome")).as(report.toString()).isEqualTo("IllegalStateException:broken on purpose");
        assertThat(report.get("search_outcome")).startsWith("CancellationException:").contains("sibling_aborter");
        assertThat(report.get("save_outcome")).isEqualTo("value:saved");
        assertThat(report.number("save_elapsed_ms")).isGreaterThanOrEqualTo(750);
        assertThat(report.traceOrder()).as(report.get("trace"))
                .containsSubsequence("aborter throws", "search ended", "save exit", "save ended");
        assertThat(report.at("search ended")).as("the search stopped well before its 5 s").isLessThan(report.at("save exit"));
        assertThat(report.result.audit("result"))
                .extracting(r -> r.get("tool"), r -> r.get("status"))
                .contains(tuple("sibling_search", "CANCELLED"), tuple("sibling_aborter", "FAIL"), tuple("sibling_save", "OK"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void the_third_identical_consecutive_call_is_denied_and_a_different_call_resets(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "identical_calls");
        String denied = "PermissionDeniedException:Permission denied: tool 'echo': "
                + "the same call 3 times in a row (tools.maxIdenticalCalls)";

        assertThat(report.get("call0")).as(report.toString()).isEqualTo("value:echo x");
        assertThat(report.get("call1")).isEqualTo("value:echo x");
        assertThat(report.get("call2")).isEqualTo(denied);
        assertThat(report.get("call3")).as("other arguments: not identical").isEqualTo("value:echo y");
        assertThat(report.get("call4")).isEqualTo("value:echo y");
        assertThat(report.get("call5")).as("another tool in between").isEqualTo("value:other");
        assertThat(report.get("call6")).as("counting starts over").isEqualTo("value:echo y");
        assertThat(report.get("call7")).isEqualTo("value:echo y");
        assertThat(report.get("call8")).isEqualTo(denied);
        assertThat(report.get("call9")).isEqualTo("value:echo z");
        assertThat(report.result.audit("decision")).filteredOn(r -> "deny".equals(r.get("behavior")))
                .extracting(r -> r.get("reason"))
                .containsExactly("the same call 3 times in a row (tools.maxIdenticalCalls)",
                        "the same call 3 times in a row (tools.maxIdenticalCalls)");
    }

    /** SubagentIT covers calls made on the sub-agent's own thread; here, threads it starts. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void threads_a_subagent_starts_cannot_ask_and_are_audited_with_its_name(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "subagent_threads");

        assertThat(report.get("lead_ask")).as("the lead agent's ask goes to the resolver, which allows: " + report)
                .isEqualTo("value:asked lead");
        assertThat(report.get("subagent")).startsWith("value:")
                .contains("thread ask: PermissionDeniedException:Permission denied: tool 'ask_me': inside sub-agent"
                        + " 'research_agent' nobody can be asked")
                .contains("thread user: PermissionDeniedException:Permission denied: tool 'user_question': inside"
                        + " sub-agent 'research_agent' nobody can be asked")
                .contains("pool ask: PermissionDeniedException:Permission denied: tool 'ask_me': inside sub-agent"
                        + " 'research_agent' nobody can be asked");
        assertThat(report.result.audit("decision"))
                .extracting(r -> r.get("tool"), r -> r.get("agent"), r -> r.get("behavior"))
                .containsExactly(
                        tuple("ask_me", "lead", "allow"),
                        tuple("research_agent", "lead", "allow"),
                        tuple("ask_me", "research_agent", "deny"),
                        tuple("user_question", "research_agent", "deny"),
                        tuple("ask_me", "research_agent", "deny"));
    }
}
