package dev.toolgate.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Looks through programs that only run another program ({@code sudo env FOO=1 timeout 5 rm x}
 * runs {@code rm x}) and through leading {@code VAR=value} assignments. A wrapper with no
 * command after it is itself the program ({@code env} alone prints the environment).
 */
final class Wrappers {

    /** {@code assigns} is true when an assignment or {@code env} option changed the environment. */
    record Stripped(List<String> wrappers, List<String> words, boolean assigns) {
    }

    static final Set<String> NAMES = Set.of(
            "env", "timeout", "nice", "nohup", "time", "command", "builtin", "stdbuf", "xargs", "sudo");

    private Wrappers() {
    }

    static Stripped strip(List<String> argv) {
        List<String> words = new ArrayList<>(argv);
        List<String> wrappers = new ArrayList<>();
        int i = Options.skipAssignments(words, 0);
        boolean assigns = i > 0;
        while (i < words.size()) {
            String name = SimpleCommand.baseName(words.get(i));
            int next = commandStart(name, words, i + 1);
            if (next < 0) {
                break;
            }
            int afterAssignments = Options.skipAssignments(words, next);
            if (afterAssignments >= words.size()) {
                break;
            }
            if (name.equals("env") && (afterAssignments > next || next > i + 1)) {
                assigns = true;
            }
            wrappers.add(name);
            i = afterAssignments;
        }
        return new Stripped(wrappers, List.copyOf(words.subList(i, words.size())), assigns);
    }

    /** Index where the wrapped command starts, or -1 when {@code name} is not a wrapper here. */
    private static int commandStart(String name, List<String> words, int from) {
        return switch (name) {
            case "env" -> env(words, from);
            case "timeout" -> afterOne(words, Options.skip(words, from, "sk", Set.of("--signal", "--kill-after")));
            case "nice" -> Options.skip(words, from, "n", Set.of("--adjustment"));
            case "nohup", "builtin" -> Options.skip(words, from, "", Set.of());
            case "time" -> Options.skip(words, from, "fo", Set.of("--format", "--output"));
            case "command" -> from < words.size() && words.get(from).matches("-[pvV]*[vV][pvV]*")
                    ? -1 : Options.skip(words, from, "", Set.of());
            case "stdbuf" -> Options.skip(words, from, "oei", Set.of("--output", "--error", "--input"));
            case "xargs" -> Options.skip(words, from, "InPdLsaE", Set.of("--arg-file", "--delimiter",
                    "--max-args", "--max-procs", "--max-lines", "--max-chars", "--process-slot-var", "--eof"));
            case "sudo" -> Options.skip(words, from, "ugCphrtUDTR", Set.of("--user", "--group", "--close-from",
                    "--prompt", "--host", "--role", "--type", "--other-user", "--chdir", "--command-timeout", "--chroot"));
            default -> -1;
        };
    }

    private static int afterOne(List<String> words, int j) {
        return Math.min(j + 1, words.size());
    }

    /** {@code env -S 'a b'} splits its value into words, so the split words replace it in place. */
    private static int env(List<String> words, int from) {
        int j = from;
        while (j < words.size()) {
            String a = words.get(j);
            if (a.equals("--")) {
                return j + 1;
            }
            if (a.equals("-")) {
                j++;
                continue;
            }
            if (!a.startsWith("-")) {
                return j;
            }
            int split = splitStringAt(a);
            if (split < 0) {
                j = Options.skipOne(words, j, "uCP", Set.of("--unset", "--chdir"));
                continue;
            }
            boolean valueIsNextWord = split >= a.length();
            String value = valueIsNextWord ? (j + 1 < words.size() ? words.get(j + 1) : "") : a.substring(split);
            words.remove(j);
            if (valueIsNextWord && j < words.size()) {
                words.remove(j);
            }
            words.addAll(j, lexWords(value));
        }
        return j;
    }

    /** Where the value of an {@code -S}/{@code --split-string} option starts in {@code a}, or -1. */
    private static int splitStringAt(String a) {
        if (a.equals("--split-string")) {
            return a.length();
        }
        if (a.startsWith("--split-string=")) {
            return "--split-string=".length();
        }
        if (a.startsWith("--")) {
            return -1;
        }
        for (int k = 1; k < a.length(); k++) {
            char c = a.charAt(k);
            if (c == 'S') {
                return k + 1;
            }
            if ("uCP".indexOf(c) >= 0) {
                return -1;
            }
        }
        return -1;
    }

    private static List<String> lexWords(String text) {
        List<String> out = new ArrayList<>();
        for (Token t : Lexer.lex(text).tokens()) {
            if (t.isWord()) {
                out.add(t.text());
            }
        }
        return out;
    }
}
