package dev.toolgate.shell;

import java.util.List;
import java.util.Optional;

/**
 * A command line as the permission gate sees it: every simple command it would run, in
 * order, and the first reason (if any) to deny it without looking further.
 */
public final class CommandLine {

    private final String text;
    private final List<SimpleCommand> commands;
    private final List<Boolean> assigns;
    private final Optional<String> problem;

    private CommandLine(String text, Expander expander) {
        this.text = text;
        this.commands = expander.commands();
        this.assigns = expander.assigns();
        this.problem = Optional.ofNullable(expander.problem());
    }

    /** Parses a shell line; never throws, a line it cannot judge has a {@link #problem()}. */
    public static CommandLine parse(String line) {
        String text = line == null ? "" : line;
        Expander expander = new Expander();
        expander.addLine(text, List.of(), List.of(), false, 0);
        return new CommandLine(text, expander);
    }

    /**
     * A process argv as given to {@code ProcessBuilder}: its words are exact, not shell syntax,
     * except that a shell's {@code -c SCRIPT} is parsed as a line.
     */
    public static CommandLine fromArgv(List<String> argv) {
        Expander expander = new Expander();
        List<String> words = argv == null ? List.of() : argv.stream().map(w -> w == null ? "" : w).toList();
        if (words.isEmpty() || words.get(0).isEmpty()) {
            expander.problem("empty command");
        } else {
            expander.add(words, List.of(), List.of(), false, 0);
        }
        return new CommandLine(String.join(" ", words), expander);
    }

    public List<SimpleCommand> commands() {
        return commands;
    }

    public Optional<String> problem() {
        return problem;
    }

    public String text() {
        return text;
    }

    /** Whether command {@code index} runs with an environment changed by {@code VAR=value} or {@code env}. */
    boolean changesEnvironment(int index) {
        return assigns.get(index);
    }

    @Override
    public String toString() {
        return text;
    }
}
