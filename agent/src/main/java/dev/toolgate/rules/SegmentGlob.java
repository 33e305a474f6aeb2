package dev.toolgate.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The glob for one path component: {@code *} (any run), {@code ?} (one character),
 * {@code [..]} classes, and backslash escapes. Components never contain a separator, so
 * "not across {@code /}" holds by construction.
 */
final class SegmentGlob {

    private static final int ANY_ONE = -1;
    private static final int STAR = -2;
    /** Ops below this are character classes: {@code CLASS_BASE - op} indexes {@link #classes}. */
    private static final int CLASS_BASE = -3;

    /** Non-null when the segment has no glob characters: matched with one region compare. */
    private final String literal;
    /** A literal code point (>= 0), {@link #ANY_ONE}, {@link #STAR}, or a class reference. */
    private final int[] ops;
    private final CharClass[] classes;

    private SegmentGlob(String literal, int[] ops, CharClass[] classes) {
        this.literal = literal;
        this.ops = ops;
        this.classes = classes;
    }

    /** The name this matches, when it is a plain name rather than a glob; else null. */
    String literalText() {
        return literal;
    }

    static SegmentGlob literal(String name) {
        return new SegmentGlob(name, null, null);
    }

    /** {@code text} is one raw segment of {@code pattern} (which is only used for messages). */
    static SegmentGlob compile(String text, String pattern) {
        int[] ops = new int[text.length()];
        int count = 0;
        List<CharClass> classes = new ArrayList<>();
        boolean glob = false;
        int i = 0;
        while (i < text.length()) {
            int c = text.codePointAt(i);
            if (c == '\\') {
                if (i + 1 >= text.length()) {
                    throw new IllegalArgumentException("path pattern '" + pattern
                            + "' ends with a lone '\\'; write '\\\\' for a literal backslash");
                }
                c = text.codePointAt(i + 1);
                ops[count++] = c;
                i += 1 + Character.charCount(c);
            } else if (c == '*') {
                glob = true;
                // "a**b" inside one segment means the same as "a*b".
                if (count == 0 || ops[count - 1] != STAR) {
                    ops[count++] = STAR;
                }
                i++;
            } else if (c == '?') {
                glob = true;
                ops[count++] = ANY_ONE;
                i++;
            } else if (c == '[') {
                glob = true;
                CharClass charClass = CharClass.parse(text, i, pattern);
                ops[count++] = CLASS_BASE - classes.size();
                classes.add(charClass);
                i = charClass.end;
            } else {
                ops[count++] = c;
                i += Character.charCount(c);
            }
        }
        if (!glob) {
            return literal(new String(ops, 0, count));
        }
        return new SegmentGlob(null, Arrays.copyOf(ops, count), classes.toArray(CharClass[]::new));
    }

    /** Whether {@code s[from, to)} matches; allocation-free. */
    boolean matches(String s, int from, int to) {
        if (literal != null) {
            return to - from == literal.length() && s.regionMatches(from, literal, 0, literal.length());
        }
        int op = 0;
        int i = from;
        int starOp = -1;
        int starI = -1;
        // Classic single-star backtracking: on a mismatch, let the last star absorb one more character.
        while (i < to) {
            if (op < ops.length && ops[op] == STAR) {
                starOp = op++;
                starI = i;
                continue;
            }
            int c = s.codePointAt(i);
            if (op < ops.length && single(ops[op], c)) {
                op++;
                i += Character.charCount(c);
            } else if (starOp >= 0) {
                op = starOp + 1;
                starI += Character.charCount(s.codePointAt(starI));
                i = starI;
            } else {
                return false;
            }
        }
        while (op < ops.length && ops[op] == STAR) {
            op++;
        }
        return op == ops.length;
    }

    private boolean single(int op, int c) {
        if (op >= 0) {
            return op == c;
        }
        if (op == ANY_ONE) {
            return c != '/';
        }
        return classes[CLASS_BASE - op].matches(c);
    }
}
