package dev.toolgate.runtime;

import dev.toolgate.api.AskAnswer;
import dev.toolgate.api.AskRequest;
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
import java.util.Map;
import java.util.UUID;

/**
 * What becomes of an {@code ask}, outside the chain: a deny in dontAsk mode and inside
 * sub-agents, otherwise the resolvers' answer; "for this session" and "always" answers become
 * allow rules.
 */
final class AskFlow {

    private final GateRuntime runtime;

    AskFlow(GateRuntime runtime) {
        this.runtime = runtime;
    }

    Decision resolve(Decision ask, Request request, Session session, String agent, boolean silent,
                     Map<String, Object> input) {
        session.asks.increment();
        if (runtime.mode().get() == Mode.DONT_ASK) {
            return ask.unanswerable("mode dontAsk: " + ask.reason());
        }
        if (silent) {
            return ask.unanswerable("inside sub-agent '" + agent + "' nobody can be asked: " + ask.reason());
        }
        boolean humanOnly = session.denialLimitReached();
        AskRequest askRequest = new AskRequest(UUID.randomUUID().toString(), session.name(), agent,
                request.kind().label(), request.toolName(), request.subject(), input, ask.reason());
        AskAnswer answer = runtime.broker().resolve(askRequest, humanOnly);
        if (answer.allow()) {
            if (humanOnly) {
                session.humanAnswered();
            }
            remember(answer.scope(), request, session);
        }
        return ask.answered(answer.allow(), ask.reason() + "; asked: " + answer.reason());
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
        String name = request.isToolCall() ? request.toolName() : request.kind().ruleName();
        int subjects = request.paths().size() + request.commands().size() + (request.host() == null ? 0 : 1);
        if (subjects == 0) {
            return name;
        }
        if (subjects > 1) {
            return null;
        }
        if (!request.paths().isEmpty()) {
            return name + "(/" + request.paths().get(0).target() + ")";
        }
        if (request.host() != null) {
            return name + "(" + request.host() + ":" + request.port() + ")";
        }
        return name + "(" + request.commands().get(0).raw().strip() + ")";
    }
}
