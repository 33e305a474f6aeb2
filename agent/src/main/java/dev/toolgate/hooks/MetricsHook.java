package dev.toolgate.hooks;

import dev.toolgate.runtime.ToolStats;

/** Built-in: the per-tool counters and latencies of the JMX bean. */
final class MetricsHook implements ToolCallObserver {

    static final String NAME = "builtin:metrics";

    private final ToolStats stats;

    MetricsHook(ToolStats stats) {
        this.stats = stats;
    }

    @Override
    public void decided(DecisionEvent event) {
        stats.decided(event.tool(), event.denied(), event.asked());
    }

    @Override
    public void finished(ResultEvent event) {
        stats.ran(event.tool(), event.status(), event.elapsedNanos());
    }
}
