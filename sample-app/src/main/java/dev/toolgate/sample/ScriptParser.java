package dev.toolgate.sample;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a script: one step a line, {@code thought | tool | argument | argument…}. Blank lines
 * and lines starting with {@code #} are skipped. Fields are trimmed. Inside a field, {@code \|}
 * is a bar, {@code \n} a newline and {@code \\} a backslash; any other backslash stays as it is.
 * Trimming happens before unescaping, so an escaped newline at the end of a field is kept.
 */
final class ScriptParser {

    private ScriptParser() {
    }

    /** @throws IllegalArgumentException naming {@code source} and the line when a line is malformed */
    static List<ScriptStep> parse(String text, String source) {
        List<ScriptStep> steps = new ArrayList<>();
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            steps.add(parseLine(line, i + 1, source));
        }
        return steps;
    }

    private static ScriptStep parseLine(String line, int number, String source) {
        List<String> fields = splitFields(line);
        if (fields.size() < 2) {
            throw new IllegalArgumentException(source + ":" + number
                    + ": expected 'thought | tool | argument…', found no '|' after the thought");
        }
        String tool = fields.get(1);
        if (!tool.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException(source + ":" + number + ": '" + tool
                    + "' is not a tool name (letters, digits, '_', '.', '-')");
        }
        return new ScriptStep(number, fields.get(0), tool, fields.subList(2, fields.size()));
    }

    /** Splits on bars that are not escaped, trims each field, then unescapes it: an escaped newline at the end stays. */
    private static List<String> splitFields(String line) {
        List<String> fields = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '|') {
                fields.add(unescape(line.substring(start, i).strip()));
                start = i + 1;
            }
        }
        fields.add(unescape(line.substring(start).strip()));
        return fields;
    }

    private static String unescape(String raw) {
        StringBuilder text = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\\' && i + 1 < raw.length()) {
                char next = raw.charAt(++i);
                switch (next) {
                    case '|' -> text.append('|');
                    case 'n' -> text.append('\n');
                    case '\\' -> text.append('\\');
                    default -> text.append(c).append(next);
                }
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }
}
