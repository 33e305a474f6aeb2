package dev.toolgate.api;

/**
 * The gate's answer to one tool call, as the application may show it.
 *
 * @param tool     the tool name
 * @param behavior "allow" or "deny" (an ask is resolved before the call goes on)
 * @param asked    whether a resolver or a human was asked
 * @param reason   which rule, from which source, or which check decided
 */
public record ToolDecision(String tool, String behavior, boolean asked, String reason) {
}
