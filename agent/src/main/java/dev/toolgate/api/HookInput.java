package dev.toolgate.api;

import java.util.Map;

/**
 * What a hook is told about a tool call.
 *
 * @param hookEventName "PreToolUse" or "PostToolUse"
 * @param agent         "lead", or the name of the enclosing sub-agent tool
 * @param toolInput     the arguments by parameter name, as the tool gets them (unmodifiable)
 * @param cwd           the project folder
 * @param toolResponse  after the call: what the tool returned, or null
 * @param toolError     after the call: what the tool threw, or null
 */
public record HookInput(String hookEventName, String sessionId, String agent, String toolName,
                        Map<String, Object> toolInput, String cwd, Object toolResponse, Throwable toolError) {
}
