package dev.toolgate.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolgate.api.HookInput;
import dev.toolgate.api.PostToolUseHook;
import dev.toolgate.api.PostToolUseResult;
import dev.toolgate.api.PreToolUseHook;
import dev.toolgate.api.PreToolUseResult;
import dev.toolgate.settings.Settings.HookCommand;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@code "type": "command"} hook of the settings: the call as JSON on stdin, the answer as
 * JSON on stdout with exit code 0; exit code 2 blocks with stderr as the reason. Any other
 * exit code, and an answer that is not JSON or names an unknown action, is a failure.
 * An empty answer with exit code 0 means continue.
 */
final class CommandHook implements PreToolUseHook, PostToolUseHook {

    static final int BLOCKING_EXIT_CODE = 2;

    private final HookCommand command;
    private final Path projectDir;

    CommandHook(HookCommand command, Path projectDir) {
        this.command = command;
        this.projectDir = projectDir;
    }

    @Override
    public PreToolUseResult preToolUse(HookInput input) throws HookFailure {
        HookProcess.Reply reply = HookProcess.run(command, json(input), projectDir);
        if (reply.exitCode() == BLOCKING_EXIT_CODE) {
            return PreToolUseResult.block(stderrOr(reply, "exit code 2"));
        }
        JsonNode answer = answer(reply);
        if (answer == null) {
            return PreToolUseResult.proceed();
        }
        String reason = optionalText(answer, "reason");
        String context = optionalText(answer, "additional_context");
        String action = action(answer);
        return switch (action) {
            case "continue" -> new PreToolUseResult(PreToolUseResult.Action.CONTINUE, reason, null, context);
            case "block" -> new PreToolUseResult(PreToolUseResult.Action.BLOCK,
                    reason == null ? "no reason given" : reason, null, context);
            case "permission_required" -> new PreToolUseResult(PreToolUseResult.Action.PERMISSION_REQUIRED,
                    reason, null, context);
            case "mutate" -> new PreToolUseResult(PreToolUseResult.Action.MUTATE, reason, updatedInput(answer), context);
            default -> throw new HookFailure("answered unknown action '" + action
                    + "' (expected continue, block, mutate or permission_required)");
        };
    }

    @Override
    public PostToolUseResult postToolUse(HookInput input) throws HookFailure {
        HookProcess.Reply reply = HookProcess.run(command, json(input), projectDir);
        if (reply.exitCode() == BLOCKING_EXIT_CODE) {
            throw new HookFailure(stderrOr(reply, "exit code 2"));
        }
        JsonNode answer = answer(reply);
        if (answer == null) {
            return PostToolUseResult.proceed();
        }
        String action = action(answer);
        return switch (action) {
            case "continue" -> PostToolUseResult.proceed();
            case "mutate_output" -> {
                if (!answer.has("updated_output")) {
                    throw new HookFailure("answered mutate_output without updated_output");
                }
                yield PostToolUseResult.mutateOutput(answer.get("updated_output"));
            }
            default -> throw new HookFailure("answered unknown action '" + action
                    + "' (expected continue or mutate_output)");
        };
    }

    private static String json(HookInput input) {
        ObjectNode json = Conversions.MAPPER.createObjectNode();
        json.put("hook_event_name", input.hookEventName());
        json.put("session_id", input.sessionId());
        json.put("agent", input.agent());
        json.put("tool_name", input.toolName());
        ObjectNode toolInput = json.putObject("tool_input");
        input.toolInput().forEach((name, value) -> toolInput.set(name, Conversions.toJson(value)));
        json.put("cwd", input.cwd());
        if ("PostToolUse".equals(input.hookEventName())) {
            json.set("tool_response", input.toolError() != null
                    ? Conversions.toJson(input.toolError().toString())
                    : Conversions.toJson(input.toolResponse()));
        }
        return json.toString();
    }

    /** @return the answer object, or null for an empty answer */
    private static JsonNode answer(HookProcess.Reply reply) throws HookFailure {
        if (reply.exitCode() != 0) {
            throw new HookFailure("exited with code " + reply.exitCode() + stderrSuffix(reply));
        }
        if (reply.stdout().isBlank()) {
            return null;
        }
        JsonNode answer;
        try {
            answer = Conversions.MAPPER.readTree(reply.stdout());
        } catch (JsonProcessingException e) {
            throw new HookFailure("answered something that is not JSON: " + Conversions.shorten(reply.stdout().strip()));
        }
        if (answer == null || !answer.isObject()) {
            throw new HookFailure("answered something that is not a JSON object: "
                    + Conversions.shorten(reply.stdout().strip()));
        }
        return answer;
    }

    private static String action(JsonNode answer) throws HookFailure {
        JsonNode action = answer.get("action");
        if (action == null || action.isNull()) {
            return "continue";
        }
        if (!action.isTextual()) {
            throw new HookFailure("answered action " + action + ", which is not a string");
        }
        return action.asText();
    }

    private static Map<String, Object> updatedInput(JsonNode answer) throws HookFailure {
        JsonNode updated = answer.get("updated_input");
        if (updated == null || !updated.isObject()) {
            throw new HookFailure("answered mutate without an updated_input object");
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : updated.properties()) {
            values.put(field.getKey(), field.getValue());
        }
        return values;
    }

    private static String optionalText(JsonNode answer, String name) {
        JsonNode value = answer.get(name);
        return value == null || value.isNull() ? null : value.isTextual() ? value.asText() : value.toString();
    }

    private static String stderrOr(HookProcess.Reply reply, String fallback) {
        String stderr = reply.stderr().strip();
        return stderr.isEmpty() ? fallback : stderr;
    }

    private static String stderrSuffix(HookProcess.Reply reply) {
        String stderr = reply.stderr().strip();
        return stderr.isEmpty() ? "" : ": " + Conversions.shorten(stderr);
    }

    /** The settings' matcher decides; this one is not used. */
    @Override
    public String matcher() {
        return "*";
    }

    @Override
    public String toString() {
        return command.command();
    }
}
