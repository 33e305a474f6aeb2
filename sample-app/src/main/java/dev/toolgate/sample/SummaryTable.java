package dev.toolgate.sample;

import java.util.ArrayList;
import java.util.List;

/** Formats the outcomes as a table with aligned columns; the reason, last, is not padded. */
final class SummaryTable {

    private static final String[] HEADER = {"step", "tool", "decision", "reason"};

    private SummaryTable() {
    }

    static String format(List<StepOutcome> rows, boolean unicode) {
        List<String[]> cells = new ArrayList<>();
        cells.add(HEADER);
        for (StepOutcome row : rows) {
            cells.add(new String[] {row.step(), row.tool(), row.outcome().label(unicode), oneLine(row.reason())});
        }
        int[] widths = new int[HEADER.length - 1];
        for (String[] line : cells) {
            for (int c = 0; c < widths.length; c++) {
                widths[c] = Math.max(widths[c], line[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < cells.size(); r++) {
            appendLine(out, cells.get(r), widths);
            if (r == 0) {
                appendLine(out, rule(widths), widths);
            }
        }
        return out.toString();
    }

    private static void appendLine(StringBuilder out, String[] line, int[] widths) {
        StringBuilder text = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            text.append(line[c]).append(" ".repeat(widths[c] - line[c].length() + 2));
        }
        text.append(line[widths.length]);
        out.append(text.toString().stripTrailing()).append('\n');
    }

    private static String[] rule(int[] widths) {
        String[] dashes = new String[widths.length + 1];
        for (int c = 0; c < widths.length; c++) {
            dashes[c] = "-".repeat(widths[c]);
        }
        dashes[widths.length] = "-".repeat(HEADER[widths.length].length());
        return dashes;
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
