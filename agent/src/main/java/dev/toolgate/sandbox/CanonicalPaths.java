package dev.toolgate.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * The two spellings of a path the sandbox checks: "the link" (absolute, normalised, symlinks
 * kept) and its canonical target (symlinks resolved, also for paths that do not exist yet).
 */
public final class CanonicalPaths {

    /** As the kernel's ELOOP limit: more links than this in one lookup is a loop. */
    private static final int MAX_LINKS = 40;
    private static final KnownTargets KNOWN_TARGETS = new KnownTargets();

    private CanonicalPaths() {
    }

    /**
     * Absolute and normalised against {@code baseDir}, without resolving symlinks.
     *
     * @throws InvalidPathException if {@code raw} is not a path on this file system (e.g. has a NUL)
     */
    public static Path absolute(String raw, Path baseDir) {
        Path path = Path.of(raw);
        Path absolute = path.isAbsolute() ? path : baseDir.toAbsolutePath().resolve(path);
        return absolute.normalize();
    }

    /**
     * Symlinks resolved. A path that does not exist yet is resolved through its nearest
     * existing parent, and a dangling link is followed to where a write would create its
     * target. Never throws for I/O reasons: it then falls back to the normalised path.
     */
    public static Path canonical(Path absolute) {
        // Not normalised first: "/proc/self/cwd/.." climbs from where the link leads, as the
        // system would, not from "/proc/self".
        Path physical = absolute.toAbsolutePath();
        String key = physical.toString();
        Path known = KNOWN_TARGETS.lookup(key, physical);
        if (known != null) {
            return known;
        }
        Path canonical = resolveFully(physical);
        KNOWN_TARGETS.resolved(key, canonical);
        return canonical;
    }

    /** Files are being deleted, moved or linked, or a process starts: remembered targets may be stale. */
    public static void forgetKnownTargets() {
        KNOWN_TARGETS.forgetAll();
    }

    private static Path resolveFully(Path physical) {
        try {
            return physical.toRealPath();
        } catch (IOException | SecurityException notThere) {
            try {
                return resolve(physical, new int[] {MAX_LINKS}).normalize();
            } catch (IOException | SecurityException e) {
                return physical.normalize();
            }
        }
    }

    /** For deny and ask matching: the link and its canonical target, distinct, link first. */
    public static List<Path> linkAndTarget(Path absolute) {
        Path link = absolute.toAbsolutePath().normalize();
        Path target = canonical(absolute);
        return target.equals(link) ? List.of(link) : List.of(link, target);
    }

    /** A {@code @ToolPath} argument denied outright: a {@code ..} segment (either separator) or a leading {@code ~}. */
    public static boolean isTraversal(String raw) {
        if (raw == null) {
            return false;
        }
        if (raw.startsWith("~")) {
            return true;
        }
        int start = 0;
        for (int i = 0; i <= raw.length(); i++) {
            if (i == raw.length() || raw.charAt(i) == '/' || raw.charAt(i) == '\\') {
                if (i - start == 2 && raw.charAt(start) == '.' && raw.charAt(start + 1) == '.') {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    /** Whether {@code path} is a root or lies below one, compared by component: {@code /a/bc} is not in {@code /a/b}. */
    public static boolean isInside(Path path, List<Path> roots) {
        for (Path root : roots) {
            if (path.startsWith(root)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Resolves a path that does not fully exist, parent first. {@code budget[0]} counts the
     * links still allowed for the whole lookup, so link loops end instead of recursing on.
     */
    private static Path resolve(Path path, int[] budget) throws IOException {
        try {
            return path.toRealPath();
        } catch (IOException missingOrLoop) {
            Path parent = path.getParent();
            Path name = path.getFileName();
            if (parent == null || name == null) {
                return path;
            }
            Path realParent = resolve(parent, budget);
            if (name.toString().equals("..")) {
                Path up = realParent.getParent();
                return up == null ? realParent : up;
            }
            if (name.toString().equals(".")) {
                return realParent;
            }
            Path leaf = realParent.resolve(name);
            if (budget[0] > 0 && Files.isSymbolicLink(leaf)) {
                budget[0]--;
                // Not normalised: ".." in the target must climb from wherever its links lead.
                return resolve(realParent.resolve(Files.readSymbolicLink(leaf)), budget);
            }
            return leaf;
        }
    }
}
