package dev.toolgate.shell;

import java.util.List;

/**
 * One program invocation of a command line: its words after unquoting, with the wrappers
 * ({@code sudo}, {@code timeout}, …) and {@code VAR=value} prefixes that were looked through.
 */
public record SimpleCommand(List<String> words, List<String> wrappers, List<Redirect> redirects) {

    public SimpleCommand {
        words = List.copyOf(words);
        wrappers = List.copyOf(wrappers);
        redirects = List.copyOf(redirects);
    }

    public String program() {
        return words.isEmpty() ? "" : words.get(0);
    }

    /** The base name, so that {@code /bin/rm} and {@code ./rm} are both {@code rm}. */
    public String programName() {
        return baseName(program());
    }

    static String baseName(String path) {
        String trimmed = path;
        while (trimmed.length() > 1 && trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        int slash = trimmed.lastIndexOf('/');
        return slash < 0 || trimmed.length() == 1 ? trimmed : trimmed.substring(slash + 1);
    }
}
