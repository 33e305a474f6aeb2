package dev.toolgate.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolgate.io.AtomicFiles;
import dev.toolgate.rules.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Persists "yes, always for this project" answers: adds an allow rule to the {@code local}
 * settings file, keeping everything else in it as it is, and replaces the file atomically
 * so that a reader never sees half of it.
 */
public final class LocalSettingsWriter {

    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private LocalSettingsWriter() {
    }

    /** Adds {@code ruleText} to {@code permissions.allow}; does nothing when it is already there. */
    public static void addAllowRule(Path localSettingsFile, String ruleText) {
        String text;
        try {
            text = Rule.parse(ruleText).text();
        } catch (IllegalArgumentException e) {
            throw new SettingsException("toolgate: cannot save allow rule to " + localSettingsFile + ": "
                    + e.getMessage());
        }
        Path file = localSettingsFile.toAbsolutePath().normalize();
        LOCK.lock();
        try {
            ObjectNode root = readRoot(file);
            ArrayNode allow = allowList(file, root);
            for (JsonNode existing : allow) {
                if (existing.isTextual() && existing.asText().strip().equals(text)) {
                    return;
                }
            }
            allow.add(text);
            write(file, MAPPER.writer(PRETTY).writeValueAsString(root) + "\n");
        } catch (IOException e) {
            throw new SettingsException("toolgate: cannot save allow rule '" + text + "' to " + file + ": " + e, e);
        } finally {
            LOCK.unlock();
        }
    }

    private static ObjectNode readRoot(Path file) {
        if (!Files.exists(file)) {
            return JsonNodeFactory.instance.objectNode();
        }
        String text = SettingsFileReader.readText(file);
        if (text.isBlank()) {
            return JsonNodeFactory.instance.objectNode();
        }
        JsonReader.readObject(file.toString(), text); // the same checks and messages as loading
        try {
            return (ObjectNode) MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new SettingsException("toolgate: " + file + ": malformed JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static ArrayNode allowList(Path file, ObjectNode root) {
        JsonNode permissions = root.get("permissions");
        if (permissions == null) {
            permissions = root.putObject("permissions");
        } else if (!permissions.isObject()) {
            throw new SettingsException("toolgate: " + file + ": permissions: expected an object, found "
                    + permissions.getNodeType().toString().toLowerCase() + " (cannot add an allow rule)");
        }
        JsonNode allow = permissions.get("allow");
        if (allow == null) {
            return ((ObjectNode) permissions).putArray("allow");
        }
        if (!allow.isArray()) {
            throw new SettingsException("toolgate: " + file + ": permissions.allow: expected a list of strings, found "
                    + allow.getNodeType().toString().toLowerCase() + " (cannot add an allow rule)");
        }
        return (ArrayNode) allow;
    }

    /** Keeps the file's permissions: it may have been made private on purpose. */
    private static void write(Path file, String content) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        Set<PosixFilePermission> permissions = view != null && Files.exists(file)
                ? view.readAttributes().permissions() : null;
        AtomicFiles.replace(file, content, permissions);
    }
}
