package dev.toolgate.sample;

/** One row of the summary: step number ("13", or "13.1" inside a sub-agent), tool, outcome, reason. */
record StepOutcome(String step, String tool, Outcome outcome, String reason) {
}
