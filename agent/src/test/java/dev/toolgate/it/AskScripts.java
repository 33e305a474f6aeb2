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
 * Small {@code sh} programs for {@code ask=command:<program>}: each appends the request it got
 * on stdin, as one line, to a log file (so a test counts how often it ran and reads what it
 * got), then answers with the shell code the test gives.
 */
final class AskScripts {

    private static final ObjectMapper JSON = new ObjectMapper();

    private AskScripts() {
    }

    /** @param answer shell code run after the request is logged; {@code $request} holds the request */
    static Path write(Path script, Path log, String answer) throws IOException {
        Files.createDirectories(script.getParent());
        Files.writeString(script, "#!/bin/sh\n"
                + "request=$(cat)\n"
                + "printf '%s\\n' \"$request\" >> '" + log + "'\n"
                + answer + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** A program that allows every request, once. */
    static Path allowing(Path script, Path log) throws IOException {
        return write(script, log, "echo '{\"behavior\":\"allow\",\"scope\":\"once\",\"reason\":\"script says yes\"}'");
    }

    /** The requests the program got, in order; none when it never ran. */
    static List<JsonNode> requests(Path log) throws IOException {
        List<JsonNode> requests = new ArrayList<>();
        if (Files.exists(log)) {
            for (String line : Files.readAllLines(log)) {
                requests.add(JSON.readTree(line));
            }
        }
        return requests;
    }
}
