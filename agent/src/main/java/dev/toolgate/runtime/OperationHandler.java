package dev.toolgate.runtime;

import dev.toolgate.annotations.ToolPath;
import dev.toolgate.api.PermissionDeniedException;
import dev.toolgate.gate.CommandSubject;
import dev.toolgate.gate.Decision;
import dev.toolgate.gate.PathSubject;
import dev.toolgate.gate.Request;
import dev.toolgate.gate.RequestKind;
import dev.toolgate.settings.Settings;
import dev.toolgate.shell.CommandLine;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The gate for what code does through the JDK: file reads and writes, process starts,
 * connections, exits. Inside a tool call the whole chain applies; outside, only explicit deny
 * rules (or everything, with {@code sandbox.enforce: jvm}).
 */
public final class OperationHandler {

    private final GateRuntime runtime;
    private final AskFlow asks;
    private final boolean enforceEverywhere;
    private final boolean auditAllowed;
    private final boolean[] denyRulesOutsideTools = new boolean[RequestKind.values().length];

    OperationHandler(GateRuntime runtime, AskFlow asks) {
        this.runtime = runtime;
        this.asks = asks;
        this.enforceEverywhere = runtime.settings().sandbox().enforce() == Settings.Enforce.JVM;
        this.auditAllowed = runtime.settings().audit().allResources();
        for (RequestKind kind : RequestKind.values()) {
            denyRulesOutsideTools[kind.ordinal()] = runtime.gate().hasDenyRulesFor(kind);
        }
    }

    /** The cheap test the JDK hooks make first: is there anything to check on this thread? */
    public boolean mustCheck(RequestKind kind, ThreadContext context) {
        return context.frame != null || enforceEverywhere || denyRulesOutsideTools[kind.ordinal()];
    }

    /** @param path absolute, as the JDK will use it (relative paths resolve against user.dir, not the project) */
    public void checkPath(RequestKind kind, Path path, ThreadContext context) {
        ToolPath.Access access = kind == RequestKind.READ ? ToolPath.Access.READ : ToolPath.Access.WRITE;
        check(Request.path(kind, toolOf(context), PathSubject.ofAbsolute(path, access)), context);
    }

    public void checkExec(List<String> argv, ThreadContext context) {
        CommandSubject command = new CommandSubject(String.join(" ", argv), CommandLine.fromArgv(argv));
        check(Request.exec(toolOf(context), command), context);
    }

    public void checkConnect(String host, int port, ThreadContext context) {
        check(Request.connect(toolOf(context), host, port), context);
    }

    public void checkExit(int status, ThreadContext context) {
        check(Request.exit(toolOf(context), status), context);
    }

    private static ToolSpec toolOf(ThreadContext context) {
        return context.frame == null ? null : context.frame.spec();
    }

    private void check(Request request, ThreadContext context) {
        ToolFrame frame = context.frame;
        Decision decision;
        if (frame == null && !enforceEverywhere) {
            decision = runtime.gate().denyRulesOnly(request);
            if (decision == null) {
                return;
            }
        } else {
            Session session = frame != null ? frame.session() : runtime.sessions().current();
            String agent = frame != null ? frame.agentForChildren() : "lead";
            decision = runtime.gate().decide(request, session.grants());
            if (decision.isAsk()) {
                decision = asks.resolve(decision, request, session, agent, frame != null && frame.isSilent(), Map.of());
            }
        }
        if (!decision.isAllow() || auditAllowed) {
            audit(request, decision, frame);
        }
        if (decision.isDeny()) {
            String inTool = frame == null ? "" : " in tool '" + frame.spec().name() + "'";
            throw new PermissionDeniedException("Permission denied: " + request.kind().label() + " "
                    + request.subject() + inTool + ": " + decision.reason());
        }
    }

    private void audit(Request request, Decision decision, ToolFrame frame) {
        Session session = frame != null ? frame.session() : runtime.sessions().current();
        runtime.audit().decision(session.name(), frame != null ? frame.agentForChildren() : "lead",
                frame != null ? frame.seq() : 0, request.kind().label(), request.toolName(), request.subject(),
                decision.behavior().label(), decision.asked(), decision.reason(), decision.rule(),
                decision.source() == null ? null : decision.source().label());
    }
}
