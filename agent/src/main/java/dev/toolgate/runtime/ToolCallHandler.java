package dev.toolgate.runtime;

import dev.toolgate.api.PermissionDeniedException;
import dev.toolgate.api.ToolDecision;
import dev.toolgate.gate.Decision;
import dev.toolgate.gate.Request;

/**
 * A tool call from start to end: gate, ask, audit, and the frame that the tool's own
 * operations (and nested tools) run inside.
 */
public final class ToolCallHandler {

    static final int PREVIEW_CHARS = 200;
    private static final ThreadLocal<ToolDecision> LAST_DECISION = new ThreadLocal<>();

    private final GateRuntime runtime;
    private final AskFlow asks;
    private final CallLifecycle lifecycle;

    ToolCallHandler(GateRuntime runtime, AskFlow asks, CallLifecycle lifecycle) {
        this.runtime = runtime;
        this.asks = asks;
        this.lifecycle = lifecycle;
    }

    public static ToolDecision lastDecision() {
        return LAST_DECISION.get();
    }

    public ToolFrame enter(ToolSpec spec, Object[] args) {
        ThreadContext context = ThreadContext.current();
        context.enterInternal();
        try {
            return gate(spec, args);
        } finally {
            context.exitInternal();
        }
    }

    private ToolFrame gate(ToolSpec spec, Object[] args) {
        ToolFrame parent = ToolFrame.current();
        Session session = parent != null ? parent.session() : runtime.sessions().current();
        String agent = parent == null ? "lead" : parent.agentForChildren();
        boolean silent = parent != null && parent.isSilent();
        lifecycle.checkCanStart(spec, parent, session);
        long seq = session.nextSeq();
        session.calls.increment();

        Request request = ToolRequests.build(spec, args, runtime.settings().projectDir());
        Decision decision = decide(request, session, agent, silent, args);
        session.recordOutcome(decision.isDeny());
        if (decision.isDeny()) {
            session.denials.increment();
        }
        runtime.stats().decided(spec.name(), decision);
        runtime.audit().decision(session.name(), agent, seq, "tool", spec.name(), request.subject(),
                decision.behavior().label(), decision.asked(), decision.reason(), decision.rule(),
                decision.source() == null ? null : decision.source().label());
        LAST_DECISION.set(new ToolDecision(spec.name(), decision.behavior().label(), decision.asked(), decision.reason()));
        if (decision.isDeny()) {
            throw new PermissionDeniedException("Permission denied: tool '" + spec.name() + "': " + decision.reason());
        }
        ToolFrame frame = new ToolFrame(spec, session, agent, seq, parent);
        lifecycle.begin(frame);
        frame.enteredAfter(frame.push());
        return frame;
    }

    public void exit(ToolFrame frame, Object result, Throwable thrown) {
        ThreadContext context = ThreadContext.current();
        context.enterInternal();
        try {
            finish(frame, result, thrown);
        } finally {
            context.exitInternal();
        }
    }

    private void finish(ToolFrame frame, Object result, Throwable thrown) {
        frame.pop();
        Throwable outcome = lifecycle.end(frame, thrown);
        frame.complete(outcome == null ? result : null, outcome);
        long elapsedNanos = System.nanoTime() - frame.startNanos();
        long elapsedMillis = elapsedNanos / 1_000_000L;
        String status = outcome == null ? "OK" : frame.cancelled() != null ? "CANCELLED" : "FAIL";
        if (outcome != null && frame.cancelled() == null) {
            frame.session().errors.increment();
        }
        runtime.stats().ran(frame.spec().name(), status, elapsedNanos);
        runtime.audit().result(frame.session().name(), frame.agent(), frame.seq(), frame.spec().name(), status,
                elapsedMillis, preview(outcome != null ? outcome.toString() : result));
    }

    private Decision decide(Request request, Session session, String agent, boolean silent, Object[] args) {
        if (session.denialLimitReached() && !runtime.broker().hasConsole()) {
            return Decision.deny("denial limit reached (3 denials in a row or 20 in all in session '"
                    + session.name() + "'), and there is no console to ask");
        }
        int maxIdentical = runtime.settings().tools().maxIdenticalCalls();
        if (session.repeats(request.toolName() + request.subject()) >= maxIdentical) {
            return Decision.deny("the same call " + maxIdentical + " times in a row (tools.maxIdenticalCalls)");
        }
        Decision decision = runtime.gate().decide(request, session.grants());
        if (!decision.isAsk()) {
            return decision;
        }
        return asks.resolve(decision, request, session, agent, silent, ToolRequests.input(request.tool(), args));
    }

    static String preview(Object value) {
        if (value == null) {
            return null;
        }
        String text;
        try {
            text = String.valueOf(value);
        } catch (RuntimeException e) {
            text = value.getClass().getName();
        }
        return text.length() <= PREVIEW_CHARS ? text : text.substring(0, PREVIEW_CHARS);
    }
}
