package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.toolgate.it.InterruptsIT.Report;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Named sessions through {@code dev.toolgate.api.Toolgate} (SPEC §9): cancel, resume, context. */
class SessionsIT {

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void cancel_session_stops_its_cancel_tool_lets_its_block_tool_finish_and_refuses_new_calls_until_resumed(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "cancel_session");

        assertThat(report.get("search_outcome")).as(report.toString()).startsWith("CancellationException:")
                .contains("sibling_search");
        assertThat(report.get("save_outcome")).isEqualTo("value:saved");
        assertThat(report.number("save_elapsed_ms")).isGreaterThanOrEqualTo(750);
        assertThat(report.get("refused")).startsWith("CancellationException:")
                .contains("session 'cancel_session' is cancelled");
        assertThat(report.get("still_refused")).startsWith("CancellationException:");
        assertThat(report.get("after_resume")).isEqualTo("value:echo resumed");
        assertThat(report.get("other_session_call")).as("another session is not affected").isEqualTo("value:echo elsewhere");
        assertThat(report.get("other_outcome")).isEqualTo("value:safe other");
        assertThat(report.traceOrder()).as(report.get("trace"))
                .containsSubsequence("session cancelled", "search ended", "save exit", "save ended");
        assertThat(report.result.audit("result"))
                .extracting(r -> r.get("session"), r -> r.get("tool"), r -> r.get("status"))
                .contains(tuple("cancel_session", "sibling_search", "CANCELLED"),
                        tuple("cancel_session", "sibling_save", "OK"),
                        tuple("cancel_session-other", "safe_work", "OK"),
                        tuple("cancel_session-other", "echo", "OK"),
                        tuple("cancel_session", "echo", "OK"));
        assertThat(report.results("echo")).as("refused calls never ran").hasSize(2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void call_in_session_follows_the_work_into_threads_and_pool_tasks_it_starts(Path jdk) throws Exception {
        Report report = Report.run(jdk, root, "session_follows_threads");

        assertThat(report.get("current")).as(report.toString()).isEqualTo("session_follows_threads");
        assertThat(report.get("direct")).isEqualTo("value:echo direct");
        assertThat(report.get("thread")).isEqualTo("value:echo from a thread");
        assertThat(report.get("pool")).isEqualTo("value:echo from a pool");
        assertThat(report.get("thread_current")).isEqualTo("session_follows_threads");
        assertThat(report.get("pool_current")).isEqualTo("session_follows_threads");
        assertThat(report.result.audit("result"))
                .extracting(r -> r.get("output_preview"), r -> r.get("session"))
                .containsExactlyInAnyOrder(tuple("echo direct", "session_follows_threads"),
                        tuple("echo from a thread", "session_follows_threads"),
                        tuple("echo from a pool", "session_follows_threads"));
    }
}
