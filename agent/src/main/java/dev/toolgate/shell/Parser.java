package dev.toolgate.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Groups tokens into the simple commands of a line. Compound syntax (subshells, brace
 * groups, {@code if}, loops, {@code case}) is flattened: the commands inside are what runs,
 * and the keywords themselves are not programs.
 */
final class Parser {

    /** A simple command before wrappers and {@code sh -c} are looked through. */
    record RawCommand(List<String> words, List<Redirect> redirects) {
    }

    record Result(List<RawCommand> commands, String problem) {
    }

    private enum Mode { NORMAL, FOR_HEADER, CASE_HEADER, CASE_PATTERN }

    private static final Set<String> SKIPPED_KEYWORDS = Set.of(
            "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "{", "}", "esac", "coproc");
    private static final Set<String> CASE_SEPARATORS = Set.of(";;", ";&", ";;&");

    private final List<Token> tokens;
    private final List<RawCommand> commands = new ArrayList<>();
    private List<String> words = new ArrayList<>();
    private List<Redirect> redirects = new ArrayList<>();
    private Mode mode = Mode.NORMAL;
    private int caseDepth;
    private String problem;

    private Parser(List<Token> tokens) {
        this.tokens = tokens;
    }

    static Result parse(List<Token> tokens) {
        Parser parser = new Parser(tokens);
        parser.run();
        return new Result(List.copyOf(parser.commands), parser.problem);
    }

    private void run() {
        for (int k = 0; k < tokens.size(); k++) {
            Token t = tokens.get(k);
            switch (t.type()) {
                case WORD -> word(t, k);
                case REDIRECT -> k = redirect(t, k);
                case OPERATOR -> k = operator(t, k);
            }
        }
        flush();
    }

    private void word(Token t, int k) {
        switch (mode) {
            case FOR_HEADER -> {
                if (t.isBareWord("do") && k > 0 && tokens.get(k - 1).type() == Token.Type.OPERATOR) {
                    mode = Mode.NORMAL;
                }
            }
            case CASE_HEADER -> {
                if (t.isBareWord("in")) {
                    mode = Mode.CASE_PATTERN;
                }
            }
            case CASE_PATTERN -> {
                if (t.isBareWord("esac")) {
                    caseDepth--;
                    mode = Mode.NORMAL;
                }
            }
            case NORMAL -> normalWord(t);
        }
    }

    private void normalWord(Token t) {
        boolean commandPosition = words.isEmpty() && redirects.isEmpty();
        if (commandPosition && t.quoted().isEmpty()) {
            if (SKIPPED_KEYWORDS.contains(t.text())) {
                return;
            }
            switch (t.text()) {
                case "for", "select" -> {
                    mode = Mode.FOR_HEADER;
                    return;
                }
                case "case" -> {
                    caseDepth++;
                    mode = Mode.CASE_HEADER;
                    return;
                }
                case "function" -> {
                    problem("function definition");
                    return;
                }
                default -> { }
            }
        }
        BraceExpansion.Result expanded = BraceExpansion.expand(t.text(), t.quoted());
        if (expanded.tooLarge()) {
            problem("brace expansion too large");
        }
        words.addAll(expanded.words());
    }

    private int redirect(Token t, int k) {
        Token target = k + 1 < tokens.size() ? tokens.get(k + 1) : null;
        if (target == null || !target.isWord()) {
            problem("redirection without a target");
            return k;
        }
        if (mode == Mode.NORMAL) {
            redirects.add(new Redirect(t.text(), target.text()));
        }
        return k + 1;
    }

    private int operator(Token t, int k) {
        if (mode == Mode.CASE_PATTERN) {
            if (t.isOperator(")")) {
                mode = Mode.NORMAL;
            }
            return k;
        }
        if (mode != Mode.NORMAL) {
            return k;
        }
        boolean functionDefinition = t.isOperator("(") && words.size() == 1 && redirects.isEmpty()
                && k + 1 < tokens.size() && tokens.get(k + 1).isOperator(")");
        if (functionDefinition) {
            problem("function definition");
            words.clear();
            return k + 1;
        }
        flush();
        if (caseDepth > 0 && CASE_SEPARATORS.contains(t.text())) {
            mode = Mode.CASE_PATTERN;
        }
        return k;
    }

    private void flush() {
        if (!words.isEmpty() || !redirects.isEmpty()) {
            commands.add(new RawCommand(List.copyOf(words), List.copyOf(redirects)));
        }
        words = new ArrayList<>();
        redirects = new ArrayList<>();
    }

    private void problem(String reason) {
        if (problem == null) {
            problem = reason;
        }
    }
}
