package dev.toolgate.gate;

import dev.toolgate.settings.Mode;
import dev.toolgate.shell.ShellCheck;
import dev.toolgate.shell.SimpleCommand;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The evaluation chain of SPEC §6, first answer wins: deny rules, ask rules, the tool's own
 * checks, safety checks, the mode, allow rules and safe commands, and finally ask. What
 * happens to an ask (dontAsk, resolvers) is decided outside, by the caller.
 */
public final class Gate {

    private final GatePolicy policy;
    private final Supplier<Mode> mode;
    private volatile RuleIndex projectGrants = RuleIndex.EMPTY;

    public Gate(GatePolicy policy, Supplier<Mode> mode) {
        this.policy = policy;
        this.mode = mode;
    }

    public GatePolicy policy() {
        return policy;
    }

    /** "Yes, always for this project": written to the local file, and in force at once. */
    public synchronized void grantForProject(CompiledRule rule) {
        projectGrants = projectGrants.plus(rule);
    }

    /** @param grants allow rules granted at run time for this session ("yes, for this session") */
    public Decision decide(Request request, RuleIndex grants) {
        CompiledRule rule = RuleMatcher.firstRestricting(policy.deny(), request);
        if (rule != null) {
            return Decision.byRule(Behavior.DENY, rule);
        }
        rule = RuleMatcher.firstRestricting(policy.ask(), request);
        if (rule != null) {
            return Decision.byRule(Behavior.ASK, rule);
        }
        Decision checked = pathChecks(request);
        if (checked != null) {
            return checked;
        }
        boolean commandsSafe = !request.commands().isEmpty();
        for (CommandSubject command : request.commands()) {
            ShellCheck.Verdict verdict = shellCheck(request, command);
            if (verdict.kind() == ShellCheck.Verdict.Kind.DENY) {
                return Decision.deny(verdict.reason());
            }
            commandsSafe &= verdict.kind() == ShellCheck.Verdict.Kind.SAFE;
        }
        Decision safety = safetyChecks(request);
        if (safety != null) {
            return safety;
        }
        Decision byMode = byMode(request, mode.get(), commandsSafe);
        if (byMode != null) {
            return byMode;
        }
        rule = RuleMatcher.firstAllowing(policy.allow(), request);
        if (rule == null) {
            rule = RuleMatcher.firstAllowing(projectGrants, request);
        }
        if (rule == null) {
            rule = RuleMatcher.firstAllowing(grants, request);
        }
        if (rule != null) {
            return Decision.byRule(Behavior.ALLOW, rule);
        }
        if (commandsSafe) {
            return Decision.allow("safe read-only command");
        }
        return fallback(request);
    }

    /** Step 7: tool calls ask; operations inside an allowed tool have defaults of their own (SPEC §7, §8a). */
    private Decision fallback(Request request) {
        return switch (request.kind()) {
            case TOOL, EXEC -> Decision.ask("no rule allows " + describe(request));
            case READ, WRITE -> Decision.allow(request.kind().label() + " inside the sandbox roots");
            case CONNECT -> policy.shell().blockNetwork()
                    ? Decision.deny("no rule allows Connect(" + request.subject() + ") and shell.blockNetwork is on")
                    : Decision.ask("no rule allows Connect(" + request.subject() + ")");
            case EXIT -> Decision.deny("exit inside a tool call needs an allow rule Exit");
        };
    }

    /** Outside tool calls only explicit deny rules apply (sandbox.enforce: tools). */
    public Decision denyRulesOnly(Request request) {
        CompiledRule rule = RuleMatcher.firstRestricting(policy.deny(), request);
        return rule == null ? null : Decision.byRule(Behavior.DENY, rule);
    }

    /** Whether any deny rule names this resource kind, so that operations outside tools need a look. */
    public boolean hasDenyRulesFor(RequestKind kind) {
        String name = kind.ruleName();
        return name != null && policy.deny().hasKind(name);
    }

    /** Step 3, first half: the path sandbox. The shell checks follow in {@link #decide}. */
    private Decision pathChecks(Request request) {
        for (PathSubject path : request.paths()) {
            if (path.traversal()) {
                return Decision.deny("path '" + path.raw() + "' is not allowed: '..' segments and '~' are rejected");
            }
            if (!isInsideSandbox(path) && RuleMatcher.allowNamingPath(policy.allow(), request.toolName(), path) == null) {
                return Decision.deny("path '" + path.target() + "' is outside the sandbox roots; add it to "
                        + "permissions.additionalDirectories or allow it with " + path.ruleKind() + "(//" + trimSlash(path.target()) + ")");
            }
        }
        return null;
    }

    /** Step 4: writes to protected paths, and tools that always need a human. Not bypassable. */
    private Decision safetyChecks(Request request) {
        for (PathSubject path : request.paths()) {
            if (path.isWrite() && policy.isProtected(path)) {
                return Decision.ask("write to protected path '" + path.target() + "'");
            }
        }
        for (CommandSubject command : request.commands()) {
            for (SimpleCommand part : command.line().commands()) {
                for (var redirect : part.redirects()) {
                    if (redirect.writesFile()) {
                        PathSubject target = PathSubject.of(redirect.target(),
                                dev.toolgate.annotations.ToolPath.Access.WRITE, policy.projectDir());
                        if (policy.isProtected(target)) {
                            return Decision.ask("command writes to protected path '" + target.target() + "'");
                        }
                    }
                }
            }
        }
        if (request.isToolCall() && request.tool().requiresUserInteraction()) {
            return Decision.ask("tool '" + request.toolName() + "' requires user interaction");
        }
        return null;
    }

    /** Step 5, reading the mode now: it may have changed since the call began. */
    private Decision byMode(Request request, Mode current, boolean commandsSafe) {
        switch (current) {
            case BYPASS_PERMISSIONS:
                return Decision.allow("mode bypassPermissions");
            case ACCEPT_EDITS:
                if (isFileWriteInsideSandbox(request)) {
                    return Decision.allow("mode acceptEdits: file write inside the sandbox");
                }
                return null;
            case PLAN:
                if (!request.isReadOnly() && !(request.kind() == RequestKind.EXEC && commandsSafe)) {
                    return Decision.deny("mode plan: only read-only " + (request.isToolCall() ? "tools" : "operations") + " run");
                }
                return null;
            default:
                return null;
        }
    }

    private boolean isFileWriteInsideSandbox(Request request) {
        if (request.paths().isEmpty() || !request.commands().isEmpty()) {
            return false;
        }
        boolean writes = false;
        for (PathSubject path : request.paths()) {
            if (!isInsideSandbox(path)) {
                return false;
            }
            writes |= path.isWrite();
        }
        return writes;
    }

    private ShellCheck.Verdict shellCheck(Request request, CommandSubject command) {
        String toolName = request.toolName();
        return ShellCheck.check(command.line(), policy.shell(),
                part -> RuleMatcher.allowNamesCommand(policy.allow(), toolName, part));
    }

    public boolean isInsideSandbox(PathSubject path) {
        if (dev.toolgate.sandbox.CanonicalPaths.isInside(path.target(), policy.roots())) {
            return true;
        }
        if (path.isWrite()) {
            return dev.toolgate.sandbox.CanonicalPaths.isInside(path.target(), policy.alwaysWritable());
        }
        // Links inside the JDK (a distribution's java.home/conf pointing into /etc) count as what
        // they are named: nobody inside the sandbox can create them. Elsewhere only targets count.
        return dev.toolgate.sandbox.CanonicalPaths.isInside(path.target(), policy.alwaysReadable())
                || dev.toolgate.sandbox.CanonicalPaths.isInside(path.link(), policy.javaHome());
    }

    private static String describe(Request request) {
        return request.isToolCall() ? "tool '" + request.toolName() + "'"
                : request.kind().ruleName() + "(" + request.subject() + ")";
    }

    private static String trimSlash(Path path) {
        String text = path.toString();
        return text.startsWith("/") ? text.substring(1) : text;
    }
}
