package dev.toolgate.sample;

/** The sample's copy of the agent's {@code dev.toolgate.api.ToolDecision}, read by {@link GateProbe}. */
record GateDecision(String tool, String behavior, boolean asked, String reason) {
}
