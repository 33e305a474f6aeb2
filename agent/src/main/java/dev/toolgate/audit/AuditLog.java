package dev.toolgate.audit;

import java.io.IOException;
import java.io.FileOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * The JSON Lines audit log. Each record is one write of one whole line to a file opened for
 * append, made before the call goes on: once a call has returned, its records are in the
 * operating system and survive the JVM being killed.
 */
public final class AuditLog {

    public static final AuditLog OFF = new AuditLog(null, null);

    private final Path path;
    /** A java.io stream, not a channel: an interrupted thread's write must not close the log. */
    private final FileOutputStream channel;

    private AuditLog(Path path, FileOutputStream channel) {
        this.path = path;
        this.channel = channel;
    }

    public static AuditLog open(Path path) throws IOException {
        if (path == null) {
            return OFF;
        }
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        return new AuditLog(path, new FileOutputStream(path.toFile(), true));
    }

    public boolean isOn() {
        return channel != null;
    }

    public Path path() {
        return path;
    }

    public void decision(String session, String agent, long seq, String kind, String tool, String subject,
                         String behavior, boolean asked, String reason, String rule, String source) {
        if (channel == null) {
            return;
        }
        write(new JsonWriter()
                .field("ts", Instant.now().toString())
                .field("event", "decision")
                .field("session", session)
                .field("agent", agent)
                .field("seq", seq)
                .field("kind", kind)
                .field("tool", tool)
                .field("subject", subject)
                .field("behavior", behavior)
                .field("asked", asked)
                .field("reason", reason)
                .field("rule", rule)
                .field("source", source)
                .end());
    }

    public void result(String session, String agent, long seq, String tool, String status, long elapsedMillis,
                       String outputPreview) {
        if (channel == null) {
            return;
        }
        write(new JsonWriter()
                .field("ts", Instant.now().toString())
                .field("event", "result")
                .field("session", session)
                .field("agent", agent)
                .field("seq", seq)
                .field("tool", tool)
                .field("status", status)
                .field("elapsed_ms", elapsedMillis)
                .field("output_preview", outputPreview)
                .end());
    }

    /** Any other event, e.g. session_stop with counts, or a timeout overrun. */
    public void event(String event, Map<String, ?> fields) {
        if (channel == null) {
            return;
        }
        JsonWriter json = new JsonWriter().field("ts", Instant.now().toString()).field("event", event);
        fields.forEach(json::field);
        write(json.end());
    }

    private void write(String line) {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        // One lock: lines from concurrent calls never interleave, even past the atomic-append size.
        synchronized (this) {
            try {
                channel.write(bytes);
            } catch (IOException e) {
                throw new IllegalStateException("toolgate: cannot write the audit log " + path + ": " + e.getMessage(), e);
            }
        }
    }
}
