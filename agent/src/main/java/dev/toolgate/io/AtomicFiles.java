package dev.toolgate.io;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.UUID;

/**
 * Files the gate writes for itself, whole or not at all. Written through java.io streams: the
 * gate often writes on a thread whose interrupt status is set (a cancelled tool's), which
 * would close an NIO channel half-way.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Writes a temporary file beside {@code file}, then moves it over {@code file} in one step. */
    public static void replace(Path file, String content, Set<PosixFilePermission> permissions) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = dir.resolve("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            try (FileOutputStream out = new FileOutputStream(temp.toFile())) {
                out.write(content.getBytes(StandardCharsets.UTF_8));
            }
            if (permissions != null) {
                Files.setPosixFilePermissions(temp, permissions);
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
