package dev.toolgate.hooks;

import dev.toolgate.audit.AuditLog;

/** Built-in: the audit log's {@code decision} and {@code result} records for tool calls (SPEC §11). */
final class AuditHook implements ToolCallObserver {

    static final String NAME = "builtin:audit";

    private final AuditLog audit;

    AuditHook(AuditLog audit) {
        this.audit = audit;
    }

    @Override
    public void decided(DecisionEvent event) {
        audit.decision(event.session(), event.agent(), event.seq(), "tool", event.tool(), event.subject(),
                event.behavior(), event.asked(), event.reason(), event.rule(), event.source());
    }

    @Override
    public void finished(ResultEvent event) {
        audit.result(event.session(), event.agent(), event.seq(), event.tool(), event.status(), event.elapsedMillis(),
                event.outputPreview());
    }
}
