package dev.toolgate.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Canonical targets of paths looked up more than once, so that a hot path costs one
 * {@code stat} instead of a {@code realpath} (one system call per component).
 *
 * <p>A target is reused only while the path still leads to the same file: the same device and
 * inode as the target had when it was resolved. A symlink switched anywhere along the path leads
 * to another file and misses; writes to the file itself do not (its size and times change, it
 * stays the file that was checked). What still hits is the same file reached after a move of one
 * of its directories: its content is then what the check already allowed, as a hard link (which
 * no canonical path reveals) would give anyway. An inode number is only reused after its file
 * is gone: everything remembered is forgotten when code in this JVM deletes, moves or links a
 * file, and when it starts a process, which could do the same. A path seen once is only noted,
 * not resolved twice: code that touches every file once pays nothing for this.
 */
final class KnownTargets {

    private static final int MAX_PATHS = 4096;
    private static final Object SEEN_ONCE = new Object();

    private record Target(Path canonical, Object fileKey) {
    }

    private final ConcurrentHashMap<String, Object> byPath = new ConcurrentHashMap<>();

    /** The remembered target of {@code physical} if it still leads to the same file, else null. */
    Path lookup(String key, Path physical) {
        if (!(byPath.get(key) instanceof Target target)) {
            return null;
        }
        BasicFileAttributes now = attributes(physical);
        return now != null && target.fileKey().equals(now.fileKey()) ? target.canonical() : null;
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
            byPath.put(key, new Target(canonical, attributes.fileKey()));
        } else {
            byPath.remove(key);
        }
    }

    void forgetAll() {
        byPath.clear();
    }

    private static BasicFileAttributes attributes(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException | SecurityException | UnsupportedOperationException gone) {
            return null;
        }
    }
}
