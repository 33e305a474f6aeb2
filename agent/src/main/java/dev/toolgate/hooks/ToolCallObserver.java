package dev.toolgate.hooks;

import dev.toolgate.gate.Decision;

/**
 * A built-in hook on the {@link HookPipeline}: it sees every tool call's decision and, for a
 * call that ran, its final status, and never blocks nor changes anything. Internal: the audit
 * log ({@link AuditHook}) and the metrics ({@link MetricsHook}); user hooks are
 * {@code dev.toolgate.api.PreToolUseHook} and {@code PostToolUseHook}.
 */
public interface ToolCallObserver {

    /** After the gate decided, whatever decided it: a rule, an ask, a check, or a user hook's block. */
    void decided(DecisionEvent event);

    /** After a call that ran ended: after the post-hooks, the output limit and any cancellation. */
    void finished(ResultEvent event);

    /**
     * One decision on a tool call.
     *
     * @param behavior "allow" or "deny"
     * @param asked    true once a resolver or a human answered an ask
     * @param rule     the rule's text, or null
     * @param source   the rule's source label, or null
     */
    record DecisionEvent(String session, String agent, long seq, String tool, String subject, String behavior,
                         boolean asked, String reason, String rule, String source) {

        public static DecisionEvent of(String session, String agent, long seq, String tool, String subject,
                                       Decision decision) {
            return new DecisionEvent(session, agent, seq, tool, subject, decision.behavior().label(), decision.asked(),
                    decision.reason(), decision.rule(), decision.source() == null ? null : decision.source().label());
        }

        public boolean denied() {
            return "deny".equals(behavior);
        }
    }

    /**
     * How a call that ran ended.
     *
     * @param status        "OK", "FAIL" or "CANCELLED"
     * @param outputPreview the start of the result or of the exception the call ended with, or null
     */
    record ResultEvent(String session, String agent, long seq, String tool, String status, long elapsedNanos,
                       String outputPreview) {

        public long elapsedMillis() {
            return elapsedNanos / 1_000_000L;
        }
    }
}
