package dev.toolgate.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * Small {@code sh} hook programs: each appends its name and the input it got on stdin, as one
 * line, to a log file, then answers with the shell code the test gives ({@code $input} holds
 * the input).
 */
final class HookScripts {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One line of the log: which hook ran, with what. */
    record Run(String hook, JsonNode input) {
        String key() {
            return input.path("tool_input").path("key").asText();
        }
    }

    private HookScripts() {
    }

    static Path write(Path script, Path log, String answer) throws IOException {
        Files.createDirectories(script.getParent());
        String name = script.getFileName().toString();
        Files.writeString(script, "#!/bin/sh\n"
                + "input=$(cat)\n"
                + "printf '%s %s\\n' '" + name + "' \"$input\" >> '" + log + "'\n"
                + answer + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    static List<Run> runs(Path log) throws IOException {
        List<Run> runs = new ArrayList<>();
        if (Files.exists(log)) {
            for (String line : Files.readAllLines(log)) {
                int space = line.indexOf(' ');
                runs.add(new Run(line.substring(0, space), JSON.readTree(line.substring(space + 1))));
            }
        }
        return runs;
    }

    /** A {@code hooks} settings entry: {@code {"matcher": m, "hooks": [{"type": "command", …}, …]}}. */
    static String matcher(String matcher, int timeoutSeconds, Path... scripts) {
        StringBuilder hooks = new StringBuilder();
        for (Path script : scripts) {
            if (hooks.length() > 0) {
                hooks.append(", ");
            }
            hooks.append("{\"type\": \"command\", \"command\": \"").append(script)
                    .append("\", \"timeout\": ").append(timeoutSeconds).append('}');
        }
        return "{\"matcher\": \"" + matcher + "\", \"hooks\": [" + hooks + "]}";
    }
}
