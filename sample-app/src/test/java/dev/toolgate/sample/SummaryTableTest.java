package dev.toolgate.sample;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SummaryTableTest {

    private static final List<StepOutcome> ROWS = List.of(
            new StepOutcome("1", "search_papers", Outcome.ALLOWED, "allow rule search_papers (project)"),
            new StepOutcome("5", "file_write", Outcome.ASKED_DENIED, "ask rule file_write(**/*.md): no one to ask"),
            new StepOutcome("13.2", "file_write", Outcome.DENIED, "inside a sub-agent, an ask is a deny"));

    @Test
    void aligns_every_column_under_its_header() {
        List<String> lines = SummaryTable.format(ROWS, true).lines().toList();

        assertThat(lines).hasSize(5);
        int tool = lines.get(0).indexOf("tool");
        int decision = lines.get(0).indexOf("decision");
        int reason = lines.get(0).indexOf("reason");
        assertThat(lines.get(2).indexOf("search_papers")).isEqualTo(tool);
        assertThat(lines.get(3).indexOf("asked→denied")).isEqualTo(decision);
        assertThat(lines.get(4).indexOf("inside a sub-agent")).isEqualTo(reason);
    }

    @Test
    void prints_the_exact_table() {
        assertThat(SummaryTable.format(ROWS, true)).isEqualTo("""
                step  tool           decision      reason
                ----  -------------  ------------  ------
                1     search_papers  allowed       allow rule search_papers (project)
                5     file_write     asked→denied  ask rule file_write(**/*.md): no one to ask
                13.2  file_write     denied        inside a sub-agent, an ask is a deny
                """);
    }

    @Test
    void falls_back_to_ascii_arrows() {
        assertThat(SummaryTable.format(ROWS, false)).contains("asked->denied").doesNotContain("→");
    }

    @Test
    void puts_a_multi_line_reason_on_one_line() {
        String table = SummaryTable.format(
                List.of(new StepOutcome("1", "run_bash", Outcome.ERROR, "IOException:\n  no such file")), true);

        assertThat(table.lines().toList().get(2)).endsWith("IOException: no such file");
    }

    @Test
    void an_empty_run_prints_the_header_only() {
        assertThat(SummaryTable.format(List.of(), true).lines()).hasSize(2);
    }
}
