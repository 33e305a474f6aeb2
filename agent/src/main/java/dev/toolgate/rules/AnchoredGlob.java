package dev.toolgate.rules;

import java.io.File;
import java.util.List;

/**
 * A sequence of component globs, the anchor's own components first, matched against the
 * components of a path string. It matches a path when it matches the path or one of its
 * ancestors: a pattern naming a directory covers everything inside it.
 */
final class AnchoredGlob {

    /** {@code null} entries stand for {@code **}: any number of components, including none. */
    private final SegmentGlob[] segments;

    AnchoredGlob(List<SegmentGlob> segments) {
        this.segments = segments.toArray(SegmentGlob[]::new);
    }

    /** The leading plain-name components, as {@code /a/b/}: every path this matches starts with them. */
    String literalPrefix() {
        StringBuilder prefix = new StringBuilder("/");
        for (SegmentGlob segment : segments) {
            if (segment == null || segment.literalText() == null) {
                break;
            }
            prefix.append(segment.literalText()).append('/');
        }
        return prefix.toString();
    }

    boolean matches(String path) {
        return match(path, 0, skipSeparators(path, 0));
    }

    private boolean match(String path, int segment, int pos) {
        if (segment == segments.length) {
            return true; // the rest of the path lies inside what was matched
        }
        SegmentGlob glob = segments[segment];
        if (glob == null) {
            int at = pos;
            while (true) {
                if (match(path, segment + 1, at)) {
                    return true;
                }
                if (at >= path.length()) {
                    return false;
                }
                at = skipSeparators(path, endOfComponent(path, at));
            }
        }
        if (pos >= path.length()) {
            return false;
        }
        int end = endOfComponent(path, pos);
        return glob.matches(path, pos, end) && match(path, segment + 1, skipSeparators(path, end));
    }

    static boolean isSeparator(char c) {
        return c == '/' || c == File.separatorChar;
    }

    static int skipSeparators(String path, int pos) {
        while (pos < path.length() && isSeparator(path.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    static int endOfComponent(String path, int pos) {
        while (pos < path.length() && !isSeparator(path.charAt(pos))) {
            pos++;
        }
        return pos;
    }
}
