package dev.toolgate.shell;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Splits a shell line into words, operators and redirections the way bash would, and
 * records the first construct that makes the line impossible to judge statically
 * (substitutions, unterminated quotes). Never throws: a malformed line still yields tokens.
 */
final class Lexer {

    record Result(List<Token> tokens, String problem) {
    }

    private record Heredoc(String delimiter, boolean quoted, boolean stripTabs) {
    }

    private final String s;
    private int i;
    private final List<Token> tokens = new ArrayList<>();
    private final List<Heredoc> pendingHeredocs = new ArrayList<>();
    private StringBuilder word;
    private BitSet quoted;
    private boolean nextWordIsHeredocDelimiter;
    private boolean heredocStripsTabs;
    private String problem;

    private Lexer(String s) {
        this.s = s;
    }

    static Result lex(String line) {
        Lexer lexer = new Lexer(line == null ? "" : line);
        lexer.run();
        return new Result(List.copyOf(lexer.tokens), lexer.problem);
    }

    private void run() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (word == null && c == '#') {
                while (i < s.length() && s.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            switch (c) {
                case ' ', '\t', '\r' -> {
                    endWord();
                    i++;
                }
                case '\n' -> {
                    endWord();
                    tokens.add(Token.operator("\n"));
                    i++;
                    readHeredocBodies();
                }
                case '\\' -> backslash();
                case '\'' -> singleQuoted();
                case '"' -> {
                    i++;
                    doubleQuoted();
                }
                case '`' -> {
                    problem("command substitution");
                    append(c, false);
                    i++;
                }
                case '$' -> dollar(false);
                case '<', '>' -> redirection();
                case '&', '|', ';', '(', ')' -> operator();
                default -> {
                    append(c, false);
                    i++;
                }
            }
        }
        endWord();
        if (!pendingHeredocs.isEmpty()) {
            problem("unterminated here-document");
        }
    }

    private void backslash() {
        if (i + 1 >= s.length()) {
            i++;
            return;
        }
        char next = s.charAt(i + 1);
        if (next != '\n') {
            append(next, true);
        }
        i += 2;
    }

    private void singleQuoted() {
        int close = s.indexOf('\'', i + 1);
        startWord();
        if (close < 0) {
            problem("unterminated quote");
            appendAll(s.substring(i + 1), true);
            i = s.length();
            return;
        }
        appendAll(s.substring(i + 1, close), true);
        i = close + 1;
    }

    /** Called just after the opening quote; {@code $(} and backticks stay live in here. */
    private void doubleQuoted() {
        startWord();
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"') {
                i++;
                return;
            }
            if (c == '\\' && i + 1 < s.length()) {
                char next = s.charAt(i + 1);
                if (next == '\n') {
                    i += 2;
                    continue;
                }
                if ("$`\"\\".indexOf(next) < 0) {
                    append('\\', true);
                }
                append(next, true);
                i += 2;
            } else if (c == '`') {
                problem("command substitution");
                append(c, true);
                i++;
            } else if (c == '$') {
                dollar(true);
            } else {
                append(c, true);
                i++;
            }
        }
        problem("unterminated quote");
    }

    private void dollar(boolean inDoubleQuotes) {
        char next = i + 1 < s.length() ? s.charAt(i + 1) : '\0';
        if (next == '(') {
            boolean arithmetic = i + 2 < s.length() && s.charAt(i + 2) == '(';
            problem(arithmetic ? "arithmetic expansion" : "command substitution");
            append('$', inDoubleQuotes);
            i++;
            appendParenthesised(inDoubleQuotes);
        } else if (next == '[') {
            problem("arithmetic expansion");
            appendAll("$[", inDoubleQuotes);
            i += 2;
        } else if (next == '\'' && !inDoubleQuotes) {
            ansiCQuoted();
        } else if (next == '"' && !inDoubleQuotes) {
            i += 2;
            doubleQuoted();
        } else {
            append('$', inDoubleQuotes);
            i++;
        }
    }

    /** {@code $'...'}: decode the escapes, so that {@code $'\x72m'} is seen as {@code rm}. */
    private void ansiCQuoted() {
        i += 2;
        startWord();
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\'') {
                i++;
                return;
            }
            if (c == '\\' && i + 1 < s.length()) {
                AnsiCEscape.Decoded d = AnsiCEscape.decode(s, i + 1);
                appendAll(d.text(), true);
                i = d.end();
            } else {
                append(c, true);
                i++;
            }
        }
        problem("unterminated quote");
    }

    private void redirection() {
        char c = s.charAt(i);
        if (i + 1 < s.length() && s.charAt(i + 1) == '(') {
            problem("process substitution");
            append(c, false);
            i++;
            appendParenthesised(false);
            return;
        }
        String fd = "";
        if (word != null && quoted.isEmpty() && !word.isEmpty() && word.chars().allMatch(Character::isDigit)) {
            fd = word.toString();
            word = null;
        } else {
            endWord();
        }
        String op;
        if (c == '<') {
            op = longest("<<<", "<<-", "<<", "<&", "<>", "<");
            if (op.equals("<<") || op.equals("<<-")) {
                nextWordIsHeredocDelimiter = true;
                heredocStripsTabs = op.equals("<<-");
            }
        } else {
            op = longest(">>", ">|", ">&", ">");
        }
        i += op.length();
        tokens.add(Token.redirect(fd + op));
    }

    private void operator() {
        char c = s.charAt(i);
        endWord();
        String op = switch (c) {
            case '&' -> longest("&&", "&>>", "&>", "&");
            case '|' -> longest("||", "|&", "|");
            case ';' -> longest(";;&", ";;", ";&", ";");
            default -> String.valueOf(c);
        };
        i += op.length();
        tokens.add(op.startsWith("&>") ? Token.redirect(op) : Token.operator(op));
    }

    /** Appends a {@code (…)} group whole, so that a substitution stays inside its word. */
    private void appendParenthesised(boolean isQuoted) {
        int depth = 0;
        char quote = 0;
        int start = i;
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\\') {
                i++;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                break;
            }
        }
        i = Math.min(i, s.length());
        appendAll(s.substring(start, i), isQuoted);
    }

    private String longest(String... candidates) {
        for (String candidate : candidates) {
            if (s.startsWith(candidate, i)) {
                return candidate;
            }
        }
        return candidates[candidates.length - 1];
    }

    /** Skips here-document bodies that start after this newline; they are data, not commands. */
    private void readHeredocBodies() {
        for (Heredoc heredoc : pendingHeredocs) {
            boolean closed = false;
            while (i < s.length() && !closed) {
                int end = s.indexOf('\n', i);
                String line = s.substring(i, end < 0 ? s.length() : end);
                i = end < 0 ? s.length() : end + 1;
                String compared = heredoc.stripTabs() ? line.replaceFirst("^\t+", "") : line;
                if (compared.equals(heredoc.delimiter())) {
                    closed = true;
                } else if (!heredoc.quoted() && (line.contains("$(") || line.contains("`"))) {
                    problem("command substitution");
                }
            }
            if (!closed) {
                problem("unterminated here-document");
            }
        }
        pendingHeredocs.clear();
    }

    private void startWord() {
        if (word == null) {
            word = new StringBuilder();
            quoted = new BitSet();
        }
    }

    private void append(char c, boolean isQuoted) {
        startWord();
        if (isQuoted) {
            quoted.set(word.length());
        }
        word.append(c);
    }

    private void appendAll(String text, boolean isQuoted) {
        startWord();
        for (int k = 0; k < text.length(); k++) {
            append(text.charAt(k), isQuoted);
        }
    }

    private void endWord() {
        if (word == null) {
            return;
        }
        String text = word.toString();
        tokens.add(new Token(Token.Type.WORD, text, quoted));
        if (nextWordIsHeredocDelimiter) {
            pendingHeredocs.add(new Heredoc(text, !quoted.isEmpty(), heredocStripsTabs));
            nextWordIsHeredocDelimiter = false;
        }
        word = null;
        quoted = null;
    }

    private void problem(String reason) {
        if (problem == null) {
            problem = reason;
        }
    }
}
