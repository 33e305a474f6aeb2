package dev.toolgate.hooks;

import dev.toolgate.io.AtomicFiles;
import dev.toolgate.runtime.ToolSpec;
import dev.toolgate.settings.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Cuts a long {@code String} result: {@code shell.maxOutputChars} for tools with a
 * {@code @ToolCommand} argument, else {@code tools.maxOutputChars} (0: no limit). The full
 * text is saved first, so that the note can say where it is.
 */
final class OutputLimit {

    private final int shellMax;
    private final int toolsMax;
    private final Path resultsDir;

    OutputLimit(Settings settings) {
        this.shellMax = settings.shell().maxOutputChars();
        this.toolsMax = settings.tools().maxOutputChars();
        this.resultsDir = settings.projectDir().resolve(".toolgate").resolve("tool-results");
    }

    /** Must run as the gate's own work: the saved file is not the tool's write. */
    Object apply(ToolSpec spec, Object result) {
        if (!(result instanceof String text)) {
            return result;
        }
        int limit = spec.commandParams().isEmpty() ? toolsMax : shellMax;
        if (limit <= 0 || text.length() <= limit) {
            return result;
        }
        int cut = Character.isHighSurrogate(text.charAt(limit - 1)) ? limit - 1 : limit;
        Path file = resultsDir.resolve(UUID.randomUUID() + ".txt");
        String where;
        try {
            save(file, text);
            where = "full text saved to " + file;
        } catch (IOException | RuntimeException e) {
            where = "the full text could not be saved to " + file + ": " + e;
        }
        return text.substring(0, cut) + "\n[output cut at " + limit + " of " + text.length() + " characters; "
                + where + "]";
    }

    private static void save(Path file, String text) throws IOException {
        AtomicFiles.replace(file, text, null);
    }
}
