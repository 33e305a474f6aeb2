package dev.toolgate.ask;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolgate.api.AskAnswer;
import dev.toolgate.api.AskRequest;
import dev.toolgate.api.PermissionResolver;
import dev.toolgate.audit.JsonWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code ask=command:<program>}: runs the program with the request as JSON on stdin and reads
 * {@code {"behavior","scope","reason"}} from its stdout. Anything else is a failure, and a
 * failure denies.
 */
public final class CommandResolver implements PermissionResolver {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final List<String> argv;
    private final long timeoutMillis;

    public CommandResolver(String program, long timeoutMillis) {
        this.argv = List.of(program.strip().split("\\s+"));
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public Optional<AskAnswer> resolve(AskRequest request) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write(toJson(request).getBytes(StandardCharsets.UTF_8));
        } catch (IOException programClosedStdin) {
            // It may answer without reading the request; its answer still counts.
        }
        byte[] stdout;
        try (InputStream in = process.getInputStream()) {
            stdout = in.readAllBytes();
        }
        if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IOException("resolver " + argv.get(0) + " did not exit in time");
        }
        if (process.exitValue() != 0) {
            throw new IOException("resolver " + argv.get(0) + " exited with " + process.exitValue());
        }
        return Optional.of(parseAnswer(new String(stdout, StandardCharsets.UTF_8)));
    }

    static AskAnswer parseAnswer(String text) throws IOException {
        JsonNode node = MAPPER.readTree(text);
        if (node == null || !node.isObject()) {
            throw new IOException("resolver answer is not a JSON object: " + text.strip());
        }
        String behavior = node.path("behavior").asText("");
        String reason = node.path("reason").asText("");
        String scopeText = node.path("scope").asText("once").toUpperCase(Locale.ROOT);
        AskAnswer.Scope scope;
        try {
            scope = AskAnswer.Scope.valueOf(scopeText);
        } catch (IllegalArgumentException e) {
            throw new IOException("resolver answer has unknown scope '" + scopeText.toLowerCase(Locale.ROOT) + "'");
        }
        return switch (behavior) {
            case "allow" -> new AskAnswer(true, scope, reason.isEmpty() ? "allowed by resolver" : reason);
            case "deny" -> AskAnswer.deny(reason.isEmpty() ? "denied by resolver" : reason);
            default -> throw new IOException("resolver answer has behavior '" + behavior + "' (expected allow or deny)");
        };
    }

    static String toJson(AskRequest request) {
        return new JsonWriter()
                .field("id", request.id())
                .field("session", request.session())
                .field("agent", request.agent())
                .field("kind", request.kind())
                .field("tool", request.tool())
                .field("subject", request.subject())
                .field("tool_input", request.input())
                .field("reason", request.reason())
                .end();
    }

    @Override
    public String toString() {
        return "command:" + String.join(" ", argv);
    }
}
