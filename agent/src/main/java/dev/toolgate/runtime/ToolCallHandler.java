package dev.toolgate.runtime;

import dev.toolgate.api.AskAnswer;
import dev.toolgate.api.AskRequest;
import dev.toolgate.api.PermissionDeniedException;
import dev.toolgate.api.ToolDecision;
import dev.toolgate.gate.CompiledRule;
import dev.toolgate.gate.Decision;
import dev.toolgate.gate.Request;
import dev.toolgate.rules.Rule;
import dev.toolgate.settings.LocalSettingsWriter;
import dev.toolgate.settings.Mode;
import dev.toolgate.settings.Settings;
import dev.toolgate.settings.Source;
import dev.toolgate.settings.SourcedRule;
import java.nio.file.Path;
import java.util.UUID;

/**
 * A tool call from start to end: gate, ask, audit, and the frame that the tool's own
 * operations (and nested tools) run inside.
 */
public final class ToolCallHandler {

    static final int PREVIEW_CHARS = 200;
    private static final ThreadLocal<ToolDecision> LAST_DECISION = new ThreadLocal<>();

    private final GateRuntime runtime;

    ToolCallHandler(GateRuntime runtime) {
        this.runtime = runtime;
    }

    public static ToolDecision lastDecision() {
        return LAST_DECISION.get();
    }

    public ToolFrame enter(ToolSpec spec, Object[] args) {
        ToolFrame parent = ToolFrame.current();
        Session session = parent != null ? parent.session() : runtime.sessions().current();
        String agent = parent == null ? "lead" : parent.agentForChildren();
        boolean silent = parent != null && parent.isSilent();
        long seq = session.nextSeq();
        session.calls.increment();

        Request request = ToolRequests.build(spec, args, runtime.settings().projectDir());
        Decision decision = decide(request, session, agent, silent, args);
        session.recordOutcome(decision.isDeny());
        if (decision.isDeny()) {
            session.denials.increment();
        }
        runtime.audit().decision(session.name(), agent, seq, "tool", spec.name(), request.subject(),
                decision.behavior().label(), decision.asked(), decision.reason(), decision.rule(),
                decision.source() == null ? null : decision.source().label());
        LAST_DECISION.set(new ToolDecision(spec.name(), decision.behavior().label(), decision.asked(), decision.reason()));
        if (decision.isDeny()) {
            throw new PermissionDeniedException("Permission denied: tool '" + spec.name() + "': " + decision.reason());
        }
        ToolFrame frame = new ToolFrame(spec, session, agent, seq, parent);
        frame.push();
        return frame;
    }

    public void exit(ToolFrame frame, Object result, Throwable thrown) {
        frame.pop();
        frame.complete(result, thrown);
        long elapsedMillis = (System.nanoTime() - frame.startNanos()) / 1_000_000L;
        String status = thrown == null ? "OK" : "FAIL";
        if (thrown != null) {
            frame.session().errors.increment();
        }
        runtime.audit().result(frame.session().name(), frame.agent(), frame.seq(), frame.spec().name(), status,
                elapsedMillis, preview(thrown != null ? thrown.toString() : result));
    }

    private Decision decide(Request request, Session session, String agent, boolean silent, Object[] args) {
        if (session.denialLimitReached() && !runtime.broker().hasConsole()) {
            return Decision.deny("denial limit reached (3 denials in a row or 20 in all in session '"
                    + session.name() + "'), and there is no console to ask");
        }
        Decision decision = runtime.gate().decide(request, session.grants());
        if (!decision.isAsk()) {
            return decision;
        }
        session.asks.increment();
        if (runtime.mode().get() == Mode.DONT_ASK) {
            return decision.answered(false, "mode dontAsk: " + decision.reason());
        }
        if (silent) {
            return decision.answered(false, "inside sub-agent '" + agent + "' nobody can be asked: " + decision.reason());
        }
        boolean humanOnly = session.denialLimitReached();
        AskRequest ask = new AskRequest(UUID.randomUUID().toString(), session.name(), agent, "tool",
                request.toolName(), request.subject(), ToolRequests.input(request.tool(), args), decision.reason());
        AskAnswer answer = runtime.broker().resolve(ask, humanOnly);
        if (answer.allow()) {
            if (humanOnly) {
                session.humanAnswered();
            }
            remember(answer.scope(), request, session);
        }
        return decision.answered(answer.allow(), decision.reason() + "; asked: " + answer.reason());
    }

    /** "Yes, for this session" and "yes, always" become allow rules naming exactly what was asked. */
    private void remember(AskAnswer.Scope scope, Request request, Session session) {
        if (scope == AskAnswer.Scope.ONCE) {
            return;
        }
        String ruleText = grantRule(request);
        if (ruleText == null) {
            return;
        }
        Settings settings = runtime.settings();
        Path project = settings.projectDir();
        Source source = scope == AskAnswer.Scope.PROJECT ? Source.LOCAL : Source.SESSION;
        CompiledRule rule = CompiledRule.compile(
                new SourcedRule(Rule.parse(ruleText), source, project, source.label()), project,
                runtime.gate().policy().homeDir());
        if (scope == AskAnswer.Scope.PROJECT) {
            LocalSettingsWriter.addAllowRule(settings.localSettings(), ruleText);
            runtime.gate().grantForProject(rule);
        } else {
            session.grant(rule);
        }
    }

    private static String grantRule(Request request) {
        int subjects = request.paths().size() + request.commands().size();
        if (subjects == 0) {
            return request.toolName();
        }
        if (subjects > 1) {
            return null;
        }
        if (!request.paths().isEmpty()) {
            return request.toolName() + "(/" + request.paths().get(0).target() + ")";
        }
        return request.toolName() + "(" + request.commands().get(0).raw().strip() + ")";
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
