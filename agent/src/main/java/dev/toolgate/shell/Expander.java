package dev.toolgate.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns the word lists of a line (or a process argv) into {@link SimpleCommand}s, looking
 * through wrappers and into the commands that other commands run: {@code sh -c SCRIPT},
 * {@code find -exec CMD ;} and {@code trap CMD SIGNAL}.
 */
final class Expander {

    /** Deeper nesting of {@code sh -c} than this is refused rather than followed. */
    static final int MAX_DEPTH = 8;

    private static final Set<String> FIND_EXEC = Set.of("-exec", "-execdir", "-ok", "-okdir");

    private final List<SimpleCommand> commands = new ArrayList<>();
    private final List<Boolean> assigns = new ArrayList<>();
    private String problem;

    List<SimpleCommand> commands() {
        return List.copyOf(commands);
    }

    /** Per command: whether it ran with an environment changed by {@code VAR=value} or {@code env}. */
    List<Boolean> assigns() {
        return List.copyOf(assigns);
    }

    String problem() {
        return problem;
    }

    /** Parses a shell line and adds its commands, carrying the wrappers and redirects of an enclosing command. */
    void addLine(String line, List<String> outerWrappers, List<Redirect> outerRedirects, boolean outerAssigns, int depth) {
        if (depth > MAX_DEPTH) {
            problem("shell commands nested too deeply");
            return;
        }
        Lexer.Result lexed = Lexer.lex(line);
        problem(lexed.problem());
        Parser.Result parsed = Parser.parse(lexed.tokens());
        problem(parsed.problem());
        if (parsed.commands().isEmpty()) {
            problem("empty command");
        }
        for (Parser.RawCommand raw : parsed.commands()) {
            List<Redirect> redirects = new ArrayList<>(raw.redirects());
            redirects.addAll(outerRedirects);
            add(raw.words(), outerWrappers, redirects, outerAssigns, depth);
        }
    }

    void add(List<String> argv, List<String> outerWrappers, List<Redirect> redirects, boolean outerAssigns, int depth) {
        Wrappers.Stripped stripped = Wrappers.strip(argv);
        List<String> wrappers = new ArrayList<>(outerWrappers);
        wrappers.addAll(stripped.wrappers());
        boolean assigned = outerAssigns || stripped.assigns();
        List<String> words = stripped.words();
        String name = words.isEmpty() ? "" : SimpleCommand.baseName(words.get(0));
        if (name.equals("eval")) {
            problem("eval");
        }
        if (Programs.SHELLS.contains(name) && shell(words, wrappers, redirects, assigned, depth)) {
            return;
        }
        commands.add(new SimpleCommand(words, wrappers, redirects));
        assigns.add(assigned);
        if (name.equals("find")) {
            findExec(words, wrappers, assigned, depth);
        } else if (name.equals("trap")) {
            trap(words, wrappers, assigned, depth);
        }
    }

    /** Returns true when the shell ran a {@code -c} script whose commands were added instead. */
    private boolean shell(List<String> words, List<String> wrappers, List<Redirect> redirects, boolean assigned, int depth) {
        ShellArguments args = ShellArguments.of(words);
        if (args.script() != null) {
            addLine(args.script(), wrappers, redirects, assigned, depth + 1);
            return true;
        }
        if (!args.runsFile()) {
            problem("bare shell");
        }
        return false;
    }

    private void findExec(List<String> words, List<String> wrappers, boolean assigned, int depth) {
        for (int k = 1; k < words.size(); k++) {
            if (!FIND_EXEC.contains(words.get(k))) {
                continue;
            }
            int end = k + 1;
            while (end < words.size() && !words.get(end).equals(";") && !words.get(end).equals("+")) {
                end++;
            }
            List<String> inner = words.subList(k + 1, end);
            if (inner.isEmpty()) {
                problem("empty command");
            } else {
                add(inner, wrappers, List.of(), assigned, depth + 1);
            }
            k = end;
        }
    }

    /** {@code trap 'CMD' SIGNAL…} runs CMD later in this shell, so CMD is checked like the rest of the line. */
    private void trap(List<String> words, List<String> wrappers, boolean assigned, int depth) {
        int k = 1;
        if (k < words.size() && words.get(k).equals("--")) {
            k++;
        }
        if (k + 1 < words.size() && !words.get(k).startsWith("-") && !words.get(k).isEmpty()) {
            addLine(words.get(k), wrappers, List.of(), assigned, depth + 1);
        }
    }

    void problem(String reason) {
        if (problem == null && reason != null) {
            problem = reason;
        }
    }
}
