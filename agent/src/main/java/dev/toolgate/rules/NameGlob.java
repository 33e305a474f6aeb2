package dev.toolgate.rules;

import java.util.Objects;

/**
 * A tool-name glob: {@code *} matches any run of characters (including none), every other
 * character is literal and case-sensitive. Tool names have no escaping: they cannot contain
 * {@code *} themselves.
 */
public final class NameGlob {

    private final String text;
    /** The literal runs between stars; {@code parts.length == 1} means no star at all. */
    private final String[] parts;
    private final int minLength;

    private NameGlob(String text, String[] parts) {
        this.text = text;
        this.parts = parts;
        int total = 0;
        for (String part : parts) {
            total += part.length();
        }
        this.minLength = total;
    }

    public static NameGlob compile(String glob) {
        if (glob == null || glob.isEmpty()) {
            throw new IllegalArgumentException("empty tool name pattern");
        }
        // limit -1 keeps the empty runs before a leading and after a trailing star.
        return new NameGlob(glob, glob.split("\\*", -1));
    }

    public boolean matches(String name) {
        if (name == null) {
            return false;
        }
        if (parts.length == 1) {
            return text.equals(name);
        }
        if (name.length() < minLength) {
            return false;
        }
        String first = parts[0];
        String last = parts[parts.length - 1];
        if (!name.startsWith(first) || !name.endsWith(last)) {
            return false;
        }
        // Leftmost placement of each middle run is enough: a star absorbs whatever lies between.
        int from = first.length();
        int end = name.length() - last.length();
        for (int i = 1; i < parts.length - 1; i++) {
            String part = parts[i];
            int at = name.indexOf(part, from);
            if (at < 0 || at + part.length() > end) {
                return false;
            }
            from = at + part.length();
        }
        return true;
    }

    /** No star: the gate may index this name in a map instead of scanning. */
    public boolean isLiteral() {
        return parts.length == 1;
    }

    public String text() {
        return text;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NameGlob glob && glob.text.equals(text);
    }

    @Override
    public int hashCode() {
        return Objects.hash(text);
    }

    @Override
    public String toString() {
        return text;
    }
}
