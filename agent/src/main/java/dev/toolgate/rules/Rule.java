package dev.toolgate.rules;

import java.util.Set;

/**
 * One permission rule as written in settings: {@code Name} or {@code Name(pattern)}.
 * {@code name} is a tool-name glob or a resource kind; {@code pattern} is null when absent.
 */
public record Rule(String name, String pattern, String text) {

    /** Resource kinds: rules on what a tool does rather than on the tool itself. */
    public static final Set<String> RESOURCE_KINDS = Set.of("Read", "Write", "Exec", "Connect", "Exit");

    public static Rule parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty rule");
        }
        String trimmed = text.strip();
        int open = trimmed.indexOf('(');
        if (open < 0) {
            if (trimmed.indexOf(')') >= 0) {
                throw new IllegalArgumentException("rule '" + text + "' has ')' without '('");
            }
            checkName(trimmed, text);
            return new Rule(trimmed, null, trimmed);
        }
        if (!trimmed.endsWith(")")) {
            throw new IllegalArgumentException("rule '" + text + "' must end with ')'");
        }
        String name = trimmed.substring(0, open).strip();
        String pattern = trimmed.substring(open + 1, trimmed.length() - 1).strip();
        checkName(name, text);
        if (pattern.isEmpty()) {
            throw new IllegalArgumentException("rule '" + text + "' has an empty pattern; write '" + name + "' alone to match every call");
        }
        if ("Exit".equals(name)) {
            throw new IllegalArgumentException("rule '" + text + "': Exit takes no pattern");
        }
        return new Rule(name, pattern, trimmed);
    }

    private static void checkName(String name, String text) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("rule '" + text + "' has no name");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == '*' || c == ':')) {
                throw new IllegalArgumentException("rule '" + text + "': '" + c + "' is not allowed in a tool name");
            }
        }
    }

    public boolean isResourceKind() {
        return RESOURCE_KINDS.contains(name);
    }

    public boolean hasPattern() {
        return pattern != null;
    }

    @Override
    public String toString() {
        return text;
    }
}
