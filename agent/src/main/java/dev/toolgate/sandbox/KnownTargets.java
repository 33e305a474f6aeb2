package dev.toolgate.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Canonical targets of paths looked up more than once, so that a hot path costs one
 * {@code stat} instead of a {@code realpath} (one system call per component).
 *
 * <p>A target is reused only while the path still leads to the same file: same device and
 * inode, size and modification time, as the target had when it was resolved. A symlink
 * switched anywhere along the path leads elsewhere and misses. What still hits is the same
 * file reached after a move of one of its directories: its content is then what the check
 * already allowed, as a hard link (which no canonical path reveals) would give anyway.
 * A path seen once is only remembered, not resolved twice: code that touches every file once
 * pays nothing for this.
 */
final class KnownTargets {

    private static final int MAX_PATHS = 4096;
    private static final Object SEEN_ONCE = new Object();

    private record Target(Path canonical, Object fileKey, long size, FileTime modified) {

        static Target of(Path canonical, BasicFileAttributes attributes) {
            return new Target(canonical, attributes.fileKey(), attributes.size(), attributes.lastModifiedTime());
        }

        boolean isStill(BasicFileAttributes now) {
            return fileKey != null && fileKey.equals(now.fileKey()) && size == now.size()
                    && Objects.equals(modified, now.lastModifiedTime());
        }
    }

    private final ConcurrentHashMap<String, Object> byPath = new ConcurrentHashMap<>();

    /** The remembered target of {@code physical} if it still leads to the same file, else null. */
    Path lookup(String key, Path physical) {
        if (!(byPath.get(key) instanceof Target target)) {
            return null;
        }
        BasicFileAttributes now = attributes(physical);
        return now != null && target.isStill(now) ? target.canonical() : null;
    }

    /** Called after a full resolution: the second time a path is resolved, its target is kept. */
    void resolved(String key, Path canonical) {
        if (byPath.size() >= MAX_PATHS) {
            byPath.clear();
        }
        if (byPath.putIfAbsent(key, SEEN_ONCE) == null) {
            return;
        }
        // Read from the target itself, which has no links left: what it is now is what a later lookup compares with.
        BasicFileAttributes attributes = attributes(canonical);
        if (attributes != null && attributes.fileKey() != null) {
            byPath.put(key, Target.of(canonical, attributes));
        } else {
            byPath.remove(key);
        }
    }

    private static BasicFileAttributes attributes(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException | SecurityException | UnsupportedOperationException gone) {
            return null;
        }
    }
}
