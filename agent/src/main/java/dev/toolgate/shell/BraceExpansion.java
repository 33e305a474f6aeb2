package dev.toolgate.shell;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Bash brace expansion of one word ({@code {rm,-rf,/}} is three words, {@code {r..r}m} is
 * {@code rm}), so that the checks see what the shell will run. Only unquoted braces count.
 */
final class BraceExpansion {

    /** More words than this from one word is treated as a problem, not expanded. */
    static final int LIMIT = 256;

    record Result(List<String> words, boolean tooLarge) {
    }

    private record Text(String s, BitSet quoted) {
        boolean bare(int k, char c) {
            return s.charAt(k) == c && !quoted.get(k);
        }

        Text slice(int from, int to) {
            return new Text(s.substring(from, to), quoted.get(from, to));
        }

        Text plus(Text other) {
            BitSet q = (BitSet) quoted.clone();
            for (int k = other.quoted.nextSetBit(0); k >= 0; k = other.quoted.nextSetBit(k + 1)) {
                q.set(s.length() + k);
            }
            return new Text(s + other.s, q);
        }
    }

    private BraceExpansion() {
    }

    static Result expand(String word, BitSet quoted) {
        List<String> out = new ArrayList<>();
        boolean ok = expand(new Text(word, quoted), out);
        return ok ? new Result(List.copyOf(out), false) : new Result(List.of(word), true);
    }

    private static boolean expand(Text t, List<String> out) {
        for (int open = 0; open < t.s().length(); open++) {
            if (!t.bare(open, '{') || (open > 0 && t.bare(open - 1, '$'))) {
                continue;
            }
            int close = matchingClose(t, open);
            if (close < 0) {
                return add(out, t.s());
            }
            List<Text> alternatives = alternatives(t.slice(open + 1, close));
            if (alternatives == null) {
                continue;
            }
            Text prefix = t.slice(0, open);
            Text suffix = t.slice(close + 1, t.s().length());
            for (Text alternative : alternatives) {
                if (!expand(prefix.plus(alternative).plus(suffix), out)) {
                    return false;
                }
            }
            return true;
        }
        return add(out, t.s());
    }

    private static boolean add(List<String> out, String word) {
        out.add(word);
        return out.size() <= LIMIT;
    }

    private static int matchingClose(Text t, int open) {
        int depth = 0;
        for (int k = open; k < t.s().length(); k++) {
            if (t.bare(k, '{')) {
                depth++;
            } else if (t.bare(k, '}') && --depth == 0) {
                return k;
            }
        }
        return -1;
    }

    /** The comma-separated parts or the sequence of a brace body; null if it is not an expansion. */
    private static List<Text> alternatives(Text body) {
        List<Text> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int k = 0; k < body.s().length(); k++) {
            if (body.bare(k, '{')) {
                depth++;
            } else if (body.bare(k, '}')) {
                depth--;
            } else if (depth == 0 && body.bare(k, ',')) {
                parts.add(body.slice(start, k));
                start = k + 1;
            }
        }
        if (!parts.isEmpty()) {
            parts.add(body.slice(start, body.s().length()));
            return parts;
        }
        return body.quoted().isEmpty() ? sequence(body.s()) : null;
    }

    private static List<Text> sequence(String body) {
        String[] ends = body.split("\\.\\.", -1);
        if (ends.length < 2 || ends.length > 3) {
            return null;
        }
        long step;
        try {
            step = ends.length == 3 ? Math.abs(Long.parseLong(ends[2])) : 1;
        } catch (NumberFormatException e) {
            return null;
        }
        step = Math.max(step, 1);
        Long from = number(ends[0]);
        Long to = number(ends[1]);
        if (from == null || to == null) {
            if (ends[0].length() != 1 || ends[1].length() != 1) {
                return null;
            }
            from = (long) ends[0].charAt(0);
            to = (long) ends[1].charAt(0);
            return range(from, to, step, true);
        }
        return range(from, to, step, false);
    }

    private static List<Text> range(long from, long to, long step, boolean chars) {
        List<Text> out = new ArrayList<>();
        long direction = from <= to ? step : -step;
        for (long v = from; direction > 0 ? v <= to : v >= to; v += direction) {
            out.add(new Text(chars ? String.valueOf((char) v) : Long.toString(v), new BitSet()));
            if (out.size() > LIMIT) {
                break;
            }
        }
        return out;
    }

    private static Long number(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
