package dev.toolgate.rules;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A gitignore-style path pattern (SPEC §5), compiled once against its anchor directory.
 *
 * <p>{@code //x} is absolute, {@code ~/x} is under the home directory, {@code /x} is under
 * the settings base directory, anything else is under the project. A bare name (no
 * {@code /} but a trailing one) matches a component at any depth of any path. A pattern
 * that matches a directory also matches everything below it, and {@code **} matches any
 * number of components, none included (so {@code a/**} also covers {@code a} itself).
 */
public final class PathPattern {

    private final String text;
    /** Non-null for a bare name: matched against every component of the path. */
    private final SegmentGlob bare;
    /** Otherwise one glob per spelling of the anchor (as given, and with its symlinks resolved). */
    private final AnchoredGlob[] anchored;

    private PathPattern(String text, SegmentGlob bare, AnchoredGlob[] anchored) {
        this.text = text;
        this.bare = bare;
        this.anchored = anchored;
    }

    /**
     * @param projectDir {@code <project>}
     * @param baseDir the folder that holds the settings file's {@code .toolgate} folder (anchor for {@code /x})
     * @param homeDir {@code user.home}
     */
    public static PathPattern compile(String pattern, Path projectDir, Path baseDir, Path homeDir) {
        if (pattern == null || pattern.isEmpty()) {
            throw new IllegalArgumentException("empty path pattern");
        }
        Path anchor;
        String body;
        boolean unanchored = false;
        if (pattern.startsWith("//")) {
            anchor = null; // the file-system root: no anchor components at all
            body = pattern.substring(2);
        } else if (pattern.equals("~") || pattern.startsWith("~/")) {
            anchor = required(homeDir, "the home directory", pattern);
            body = pattern.substring(1);
        } else if (pattern.startsWith("~")) {
            throw new IllegalArgumentException("path pattern '" + pattern
                    + "': only '~/' (your home directory) is supported, not '~user'; write '\\~' for a name starting with '~'");
        } else if (pattern.startsWith("/")) {
            anchor = required(baseDir, "the settings folder", pattern);
            body = pattern.substring(1);
        } else {
            anchor = required(projectDir, "the project directory", pattern);
            body = pattern;
            unanchored = true;
        }
        List<String> parts = splitOnSlashes(body, pattern);
        while (!parts.isEmpty() && parts.get(parts.size() - 1).isEmpty()) {
            parts.remove(parts.size() - 1); // "dir/" means the same as "dir"
        }
        if (unanchored && parts.size() == 1 && !parts.get(0).equals(".")) {
            // A bare "**" is any component at any depth, which is what a bare "*" already says.
            String name = parts.get(0).equals("**") ? "*" : parts.get(0);
            return new PathPattern(pattern, segment(name, pattern), null);
        }
        List<SegmentGlob> segments = segments(parts, pattern);
        List<AnchoredGlob> globs = new ArrayList<>();
        for (Path dir : anchorSpellings(anchor)) {
            List<SegmentGlob> all = new ArrayList<>(literalComponents(dir));
            all.addAll(segments);
            globs.add(new AnchoredGlob(all));
        }
        return new PathPattern(pattern, null, globs.toArray(AnchoredGlob[]::new));
    }

    /** @param absoluteNormalizedPath canonicalised by the caller; compared case-sensitively */
    public boolean matches(Path absoluteNormalizedPath) {
        if (absoluteNormalizedPath == null) {
            return false;
        }
        String path = absoluteNormalizedPath.toString();
        if (bare != null) {
            return anyComponentMatches(path);
        }
        for (AnchoredGlob glob : anchored) {
            if (glob.matches(path)) {
                return true;
            }
        }
        return false;
    }

    public String text() {
        return text;
    }

    /**
     * What every path this matches starts with ({@code /etc/secret/}), one per spelling of the
     * anchor; empty for a bare name, which matches at any depth. Lets an index skip patterns
     * that cannot match.
     */
    public List<String> literalPrefixes() {
        if (bare != null) {
            return List.of();
        }
        List<String> prefixes = new ArrayList<>(anchored.length);
        for (AnchoredGlob glob : anchored) {
            prefixes.add(glob.literalPrefix());
        }
        return prefixes;
    }

    @Override
    public String toString() {
        return text;
    }

    private boolean anyComponentMatches(String path) {
        int pos = AnchoredGlob.skipSeparators(path, 0);
        while (pos < path.length()) {
            int end = AnchoredGlob.endOfComponent(path, pos);
            if (bare.matches(path, pos, end)) {
                return true;
            }
            pos = AnchoredGlob.skipSeparators(path, end);
        }
        return false;
    }

    /** Empty and {@code .} parts say nothing; {@code **&#47;**} says no more than one {@code **}. */
    private static List<SegmentGlob> segments(List<String> parts, String pattern) {
        List<SegmentGlob> segments = new ArrayList<>();
        for (String part : parts) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            SegmentGlob glob = segment(part, pattern);
            boolean repeatedStars = glob == null && !segments.isEmpty() && segments.get(segments.size() - 1) == null;
            if (!repeatedStars) {
                segments.add(glob);
            }
        }
        return segments;
    }

    /** {@code null} stands for {@code **}. */
    private static SegmentGlob segment(String part, String pattern) {
        if (part.equals("..")) {
            throw new IllegalArgumentException("path pattern '" + pattern
                    + "' contains '..'; write the path it leads to instead (use '//' for an absolute path)");
        }
        return part.equals("**") ? null : SegmentGlob.compile(part, pattern);
    }

    /** Splits on unescaped slashes, keeping escapes for {@link SegmentGlob} to read. */
    private static List<String> splitOnSlashes(String body, String pattern) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\') {
                if (i + 1 < body.length() && body.charAt(i + 1) == '/') {
                    throw new IllegalArgumentException("path pattern '" + pattern
                            + "': '/' separates folders and cannot be escaped");
                }
                i++;
            } else if (c == '/') {
                parts.add(body.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(body.substring(start));
        return parts;
    }

    private static Path required(Path dir, String what, String pattern) {
        if (dir == null) {
            throw new IllegalArgumentException("path pattern '" + pattern + "' is relative to " + what
                    + ", which is not known here; write an absolute pattern starting with '//'");
        }
        return dir;
    }

    /**
     * The anchor as given and, when it differs, with its symlinks resolved: the caller matches
     * canonical paths, and a deny must not be dodged by reaching the folder under its other name.
     */
    private static List<Path> anchorSpellings(Path anchor) {
        if (anchor == null) {
            return List.of(Path.of("/"));
        }
        Path given = anchor.toAbsolutePath().normalize();
        try {
            Path real = given.toRealPath();
            return real.equals(given) ? List.of(given) : List.of(given, real);
        } catch (IOException | SecurityException e) {
            return List.of(given);
        }
    }

    private static List<SegmentGlob> literalComponents(Path dir) {
        String text = dir.toString();
        List<SegmentGlob> components = new ArrayList<>();
        int pos = AnchoredGlob.skipSeparators(text, 0);
        while (pos < text.length()) {
            int end = AnchoredGlob.endOfComponent(text, pos);
            components.add(SegmentGlob.literal(text.substring(pos, end)));
            pos = AnchoredGlob.skipSeparators(text, end);
        }
        return components;
    }
}
