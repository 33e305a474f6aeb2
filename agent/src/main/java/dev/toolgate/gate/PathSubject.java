package dev.toolgate.gate;

import dev.toolgate.annotations.ToolPath;
import dev.toolgate.sandbox.CanonicalPaths;
import java.nio.file.Path;

/**
 * A path a request touches: as given, as the link (absolute, normalised) and as the target
 * (symlinks resolved). Deny and ask rules look at both; allow rules and roots at the target.
 */
public record PathSubject(String raw, ToolPath.Access access, Path link, Path target, boolean traversal) {

    public static PathSubject of(String raw, ToolPath.Access access, Path baseDir) {
        boolean traversal = CanonicalPaths.isTraversal(raw);
        Path link = CanonicalPaths.absolute(raw, baseDir);
        Path given = Path.of(raw);
        // The target from the path as given: ".." after a link climbs from where the link leads.
        Path target = CanonicalPaths.canonical(given.isAbsolute() ? given : baseDir.resolve(given));
        return new PathSubject(raw, access, link, target, traversal);
    }

    public static PathSubject ofAbsolute(Path absolute, ToolPath.Access access) {
        Path link = absolute.toAbsolutePath().normalize();
        return new PathSubject(absolute.toString(), access, link, CanonicalPaths.canonical(absolute), false);
    }

    public boolean isWrite() {
        return access == ToolPath.Access.WRITE;
    }

    /** The rule kind that names this path: Read or Write. */
    public String ruleKind() {
        return isWrite() ? "Write" : "Read";
    }
}
