package dev.toolgate.api;

import java.util.Map;

/**
 * A request the gate could not answer by itself.
 *
 * @param id      unique per ask
 * @param kind    "tool", "read", "write", "exec", "connect" or "exit"
 * @param subject the tool's arguments, the path, command or host:port
 * @param input   the tool's arguments by parameter name (empty for operations)
 * @param reason  why the gate asks
 */
public record AskRequest(String id, String session, String agent, String kind, String tool, String subject,
                         Map<String, Object> input, String reason) {
}
