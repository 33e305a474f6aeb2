package dev.toolgate.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A command pattern of an {@code Exec(…)} rule (SPEC §5): exact words, {@code *} for any text
 * (across words too), and a trailing {@code :*} for "this prefix, on a word boundary".
 * It is matched against one simple command's words, wrappers already looked through.
 */
public final class CommandPattern {

    private final String text;
    private final Pattern regex;

    private CommandPattern(String text, Pattern regex) {
        this.text = text;
        this.regex = regex;
    }

    public static CommandPattern parse(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw new IllegalArgumentException("empty command pattern; write '*' to match every command");
        }
        Lexer.Result lexed = Lexer.lex(pattern.strip());
        if ("unterminated quote".equals(lexed.problem())) {
            throw new IllegalArgumentException("command pattern '" + pattern + "' has an unterminated quote");
        }
        List<Token> words = new ArrayList<>();
        for (Token t : lexed.tokens()) {
            if (!t.isWord()) {
                throw new IllegalArgumentException("command pattern '" + pattern + "' contains '" + t.text()
                        + "'; write one rule per command, since every part of a line is checked on its own");
            }
            words.add(t);
        }
        return new CommandPattern(pattern, compile(words));
    }

    private static Pattern compile(List<Token> words) {
        StringBuilder regex = new StringBuilder();
        boolean prefix = false;
        for (int w = 0; w < words.size(); w++) {
            Token word = words.get(w);
            String s = word.text();
            int end = s.length();
            if (w == words.size() - 1 && s.endsWith(":*") && !word.quoted().get(end - 1)) {
                prefix = true;
                end -= 2;
            }
            if (w > 0) {
                regex.append(' ');
            }
            for (int k = 0; k < end; k++) {
                char c = s.charAt(k);
                regex.append(c == '*' && !word.quoted().get(k) ? ".*" : Pattern.quote(String.valueOf(c)));
            }
        }
        String body = regex.toString();
        if (prefix && body.isBlank()) {
            body = ".*";
        } else if (prefix) {
            // "mvn test:*" is the words "mvn test" plus, optionally, a space and anything after it
            body = body.endsWith(" ") ? body.substring(0, body.length() - 1) + "(?: .*)?" : body + "(?: .*)?";
        }
        return Pattern.compile(body, Pattern.DOTALL);
    }

    public boolean matches(SimpleCommand command) {
        List<String> words = command.words();
        if (words.isEmpty()) {
            return false;
        }
        if (regex.matcher(String.join(" ", words)).matches()) {
            return true;
        }
        if (!command.program().contains("/")) {
            return false;
        }
        List<String> byName = new ArrayList<>(words);
        byName.set(0, command.programName());
        return regex.matcher(String.join(" ", byName)).matches();
    }

    @Override
    public String toString() {
        return text;
    }
}
