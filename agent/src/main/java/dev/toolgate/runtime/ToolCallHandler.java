package dev.toolgate.runtime;

import dev.toolgate.api.PermissionDeniedException;
import dev.toolgate.api.ToolDecision;
import dev.toolgate.gate.Decision;
import dev.toolgate.gate.Request;
import dev.toolgate.hooks.HookPipeline;
import dev.toolgate.hooks.PostOutcome;
import dev.toolgate.hooks.PreOutcome;
import dev.toolgate.hooks.ToolCallObserver.DecisionEvent;
import dev.toolgate.hooks.ToolCallObserver.ResultEvent;
import java.util.LinkedHashMap;
import java.util.Map;

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
    private final ToolMethods methods = new ToolMethods();

    ToolCallHandler(GateRuntime runtime, AskFlow asks, CallLifecycle lifecycle) {
        this.runtime = runtime;
        this.asks = asks;
        this.lifecycle = lifecycle;
    }

    public static ToolDecision lastDecision() {
        return LAST_DECISION.get();
    }

    public ToolFrame enter(ToolSpec spec, Class<?> owner, Object[] args) {
        ThreadContext context = ThreadContext.current();
        context.enterInternal();
        try {
            return gate(spec, owner, args);
        } finally {
            context.exitInternal();
        }
    }

    private ToolFrame gate(ToolSpec spec, Class<?> owner, Object[] args) {
        ToolFrame parent = ToolFrame.current();
        Session session = parent != null ? parent.session() : runtime.sessions().current();
        String agent = parent == null ? "lead" : parent.agentForChildren();
        boolean silent = parent != null && parent.isSilent();
        lifecycle.checkCanStart(spec, parent, session);
        long seq = session.nextSeq();
        session.calls.increment();

        // Pre-hooks first: the gate decides on the arguments the tool would run with.
        PreOutcome hooked = preHooks(spec, owner, args, session, agent, seq);
        Object[] callArgs = hooked.argumentsOr(args);
        Request request = ToolRequests.build(spec, callArgs, runtime.settings().projectDir());
        Decision decision = hooked.isBlocked() ? Decision.deny(hooked.blockReason())
                : decide(request, session, agent, silent, callArgs, hooked.permissionReason());
        session.recordOutcome(decision.isDeny());
        if (decision.isDeny()) {
            session.denials.increment();
        }
        // The built-in audit and metrics hooks see every decision, a user hook's block included.
        runtime.hooks().decided(DecisionEvent.of(session.name(), agent, seq, spec.name(), request.subject(), decision));
        LAST_DECISION.set(new ToolDecision(spec.name(), decision.behavior().label(), decision.asked(), decision.reason()));
        if (decision.isDeny()) {
            throw new PermissionDeniedException("Permission denied: tool '" + spec.name() + "': " + decision.reason());
        }
        ToolFrame frame = new ToolFrame(spec, session, agent, seq, parent);
        frame.arguments(callArgs);
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
        try {
            HookPipeline hooks = runtime.hooks();
            if (hooks.hasPost()) {
                PostOutcome after = hooks.post(frame.spec(), methods.resolved(frame.spec()), frame.arguments(),
                        result, thrown, frame.session().name(), frame.agent());
                result = after.result();
                thrown = after.thrown();
            }
            if (thrown == null) {
                result = hooks.limitOutput(frame.spec(), result);
            }
        } catch (RuntimeException | Error unexpected) {
            // Fail closed, and go on: the session's turn must be given back whatever happened.
            result = null;
            thrown = unexpected;
        }
        Throwable outcome = lifecycle.end(frame, thrown);
        frame.complete(outcome == null ? result : null, outcome);
        long elapsedNanos = System.nanoTime() - frame.startNanos();
        String status = outcome == null ? "OK" : frame.cancelled() != null ? "CANCELLED" : "FAIL";
        if (outcome != null && frame.cancelled() == null) {
            frame.session().errors.increment();
        }
        runtime.hooks().finished(new ResultEvent(frame.session().name(), frame.agent(), frame.seq(), frame.spec().name(),
                status, elapsedNanos, preview(outcome != null ? outcome.toString() : result)));
    }

    private Decision decide(Request request, Session session, String agent, boolean silent, Object[] args,
                            String hookAsk) {
        if (session.denialLimitReached() && !runtime.broker().hasConsole()) {
            return Decision.deny("denial limit reached (3 denials in a row or 20 in all in session '"
                    + session.name() + "'), and there is no console to ask");
        }
        int maxIdentical = runtime.settings().tools().maxIdenticalCalls();
        if (session.repeats(request.toolName() + request.subject()) >= maxIdentical) {
            return Decision.deny("the same call " + maxIdentical + " times in a row (tools.maxIdenticalCalls)");
        }
        Decision decision = runtime.gate().decide(request, session.grants());
        if (decision.isAllow() && hookAsk != null) {
            decision = Decision.ask(hookAsk + " (the gate: " + decision.reason() + ")");
        }
        if (!decision.isAsk()) {
            return decision;
        }
        return asks.resolve(decision, request, session, agent, silent, ToolRequests.input(request.tool(), args));
    }

    private PreOutcome preHooks(ToolSpec spec, Class<?> owner, Object[] args, Session session, String agent,
                                long seq) {
        HookPipeline hooks = runtime.hooks();
        if (!hooks.hasPre() && !hooks.hasPost()) {
            return PreOutcome.NONE;
        }
        // Found now, while the owner is at hand: post-hooks convert to its return type.
        java.lang.reflect.Method method = methods.resolve(spec, owner);
        if (!hooks.hasPre()) {
            return PreOutcome.NONE;
        }
        PreOutcome outcome = hooks.pre(spec, method, args, session.name(), agent);
        if (outcome.additionalContext() != null) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("session", session.name());
            fields.put("agent", agent);
            fields.put("seq", seq);
            fields.put("tool", spec.name());
            fields.put("context", outcome.additionalContext());
            runtime.audit().event("hook_context", fields);
        }
        return outcome;
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
