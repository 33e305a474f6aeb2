package dev.toolgate.rules;

import java.util.Arrays;

/**
 * A bracket expression of a path glob: {@code [abc]}, {@code [a-z]}, negated with
 * {@code [!a]} or {@code [^a]}. A {@code ]} right after the opening (or after the negation
 * mark) is literal, and a backslash escapes the next character. Never matches {@code /}.
 */
final class CharClass {

    /** Inclusive code-point ranges, as pairs: lo0, hi0, lo1, hi1, ... */
    private final int[] ranges;
    private final boolean negated;
    /** Index just past the closing {@code ]} in the source text. */
    final int end;

    private CharClass(int[] ranges, boolean negated, int end) {
        this.ranges = ranges;
        this.negated = negated;
        this.end = end;
    }

    /** Parses the class whose {@code [} is at {@code open}; {@code pattern} is for the message. */
    static CharClass parse(String text, int open, String pattern) {
        int i = open + 1;
        boolean negated = i < text.length() && (text.charAt(i) == '!' || text.charAt(i) == '^');
        if (negated) {
            i++;
        }
        int[] ranges = new int[8];
        int count = 0;
        boolean first = true;
        while (i < text.length()) {
            int c = text.codePointAt(i);
            if (c == ']' && !first) {
                int[] exact = Arrays.copyOf(ranges, count);
                return new CharClass(exact, negated, i + 1);
            }
            first = false;
            if (c == '\\') {
                i++;
                if (i >= text.length()) {
                    break;
                }
                c = text.codePointAt(i);
            }
            i += Character.charCount(c);
            int hi = c;
            if (i + 1 < text.length() && text.charAt(i) == '-' && text.charAt(i + 1) != ']') {
                i++;
                hi = text.codePointAt(i);
                if (hi == '\\' && i + 1 < text.length()) {
                    i++;
                    hi = text.codePointAt(i);
                }
                i += Character.charCount(hi);
                if (hi < c) {
                    throw new IllegalArgumentException("path pattern '" + pattern + "': range '"
                            + new String(Character.toChars(c)) + "-" + new String(Character.toChars(hi))
                            + "' is reversed; write the lower character first");
                }
            }
            if (count + 2 > ranges.length) {
                ranges = Arrays.copyOf(ranges, ranges.length * 2);
            }
            ranges[count++] = c;
            ranges[count++] = hi;
        }
        throw new IllegalArgumentException("path pattern '" + pattern
                + "': '[' is never closed; close it with ']' or write '\\[' for a literal bracket");
    }

    boolean matches(int codePoint) {
        if (codePoint == '/') {
            return false;
        }
        boolean inside = false;
        for (int r = 0; r < ranges.length; r += 2) {
            if (codePoint >= ranges[r] && codePoint <= ranges[r + 1]) {
                inside = true;
                break;
            }
        }
        return inside != negated;
    }
}
