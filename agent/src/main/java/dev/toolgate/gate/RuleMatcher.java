package dev.toolgate.gate;

import dev.toolgate.shell.SimpleCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How a rule meets a request (SPEC §5). Deny and ask rules restrict: they match if any path
 * (link or target) or any part of any command matches. Allow rules permit: they match only
 * if every path target and every part of every command does.
 */
final class RuleMatcher {

    private RuleMatcher() {
    }

    static CompiledRule firstRestricting(RuleIndex index, Request request) {
        if (index.isEmpty()) {
            return null;
        }
        if (request.isToolCall()) {
            CompiledRule byTool = index.first(request.toolName(), rule -> restrictsToolArgs(rule, request));
            if (byTool != null) {
                return byTool;
            }
            // Resource rules also guard the arguments a tool declares: Read(//etc/shadow) stops read_file of it.
            for (PathSubject path : request.paths()) {
                CompiledRule rule = index.firstOfKind(path.ruleKind(), List.of(path.link(), path.target()),
                        r -> !r.hasPattern() || matchesLinkOrTarget(r, path));
                if (rule != null) {
                    return rule;
                }
            }
            for (CommandSubject command : request.commands()) {
                CompiledRule rule = index.firstOfKind("Exec", List.of(), r -> !r.hasPattern() || anyPart(r, command));
                if (rule != null) {
                    return rule;
                }
            }
            return null;
        }
        return index.firstOfKind(request.kind().ruleName(), linksAndTargets(request),
                rule -> !rule.hasPattern() || restrictsOperation(rule, request));
    }

    static CompiledRule firstAllowing(RuleIndex index, Request request) {
        if (index.isEmpty()) {
            return null;
        }
        if (request.isToolCall()) {
            return index.first(request.toolName(), rule -> allowsToolArgs(rule, request));
        }
        CompiledRule rule = index.firstOfKind(request.kind().ruleName(), targets(request),
                r -> !r.hasPattern() || allowsOperation(r, request));
        if (rule == null && request.kind() == RequestKind.EXEC && request.toolName() != null) {
            // run_bash(git status) allows the tool call, and so the `bash -c "git status"` it starts.
            rule = index.first(request.toolName(), r -> r.hasPattern() && allowsOperation(r, request));
        }
        return rule;
    }

    /**
     * Whether an allow rule names this path's target: one of the path's own kind, or one of the
     * tool it is for (or runs inside) with a path pattern. The way out of the sandbox roots.
     */
    static CompiledRule allowNamingPath(RuleIndex index, String toolName, PathSubject path) {
        CompiledRule rule = index.firstOfKind(path.ruleKind(), List.of(path.target()),
                r -> r.hasPattern() && r.matchesPath(path.target()));
        if (rule == null && toolName != null) {
            rule = index.first(toolName, r -> r.hasPattern() && r.matchesPath(path.target()));
        }
        return rule;
    }

    /** Whether an allow rule names this command: Exec(...) or a tool(...) rule with a command pattern. */
    static boolean allowNamesCommand(RuleIndex index, String toolName, SimpleCommand command) {
        if (index.firstOfKind("Exec", List.of(), rule -> rule.hasPattern() && rule.matchesCommand(command)) != null) {
            return true;
        }
        return toolName != null
                && index.first(toolName, rule -> rule.hasPattern() && rule.matchesCommand(command)) != null;
    }

    private static boolean restrictsToolArgs(CompiledRule rule, Request request) {
        if (!rule.hasPattern()) {
            return true;
        }
        for (PathSubject path : request.paths()) {
            if (matchesLinkOrTarget(rule, path)) {
                return true;
            }
        }
        for (CommandSubject command : request.commands()) {
            if (anyPart(rule, command)) {
                return true;
            }
        }
        return false;
    }

    private static boolean allowsToolArgs(CompiledRule rule, Request request) {
        if (!rule.hasPattern()) {
            return true;
        }
        if (request.paths().isEmpty() && request.commands().isEmpty()) {
            return false;
        }
        for (PathSubject path : request.paths()) {
            if (!rule.matchesPath(path.target())) {
                return false;
            }
        }
        for (CommandSubject command : request.commands()) {
            if (!allParts(rule, command)) {
                return false;
            }
        }
        return true;
    }

    private static boolean restrictsOperation(CompiledRule rule, Request request) {
        return switch (request.kind()) {
            case READ, WRITE -> request.paths().stream().anyMatch(path -> matchesLinkOrTarget(rule, path));
            case EXEC -> request.commands().stream().anyMatch(command -> anyPart(rule, command));
            case CONNECT -> rule.matchesHost(request.host(), request.port());
            default -> false;
        };
    }

    private static boolean allowsOperation(CompiledRule rule, Request request) {
        return switch (request.kind()) {
            case READ, WRITE -> request.paths().stream().allMatch(path -> rule.matchesPath(path.target()));
            case EXEC -> request.commands().stream().allMatch(command -> allParts(rule, command));
            case CONNECT -> rule.matchesHost(request.host(), request.port());
            default -> false;
        };
    }

    private static List<Path> linksAndTargets(Request request) {
        if (request.paths().size() == 1) {
            PathSubject path = request.paths().get(0);
            return List.of(path.link(), path.target());
        }
        List<Path> paths = new ArrayList<>();
        for (PathSubject path : request.paths()) {
            paths.add(path.link());
            paths.add(path.target());
        }
        return paths;
    }

    private static List<Path> targets(Request request) {
        List<Path> paths = new ArrayList<>(request.paths().size());
        for (PathSubject path : request.paths()) {
            paths.add(path.target());
        }
        return paths;
    }

    static boolean matchesLinkOrTarget(CompiledRule rule, PathSubject path) {
        return rule.matchesPath(path.link()) || rule.matchesPath(path.target());
    }

    private static boolean anyPart(CompiledRule rule, CommandSubject command) {
        List<SimpleCommand> parts = command.line().commands();
        for (SimpleCommand part : parts) {
            if (rule.matchesCommand(part)) {
                return true;
            }
        }
        return false;
    }

    private static boolean allParts(CompiledRule rule, CommandSubject command) {
        List<SimpleCommand> parts = command.line().commands();
        if (parts.isEmpty()) {
            return false;
        }
        for (SimpleCommand part : parts) {
            if (!rule.matchesCommand(part)) {
                return false;
            }
        }
        return true;
    }
}
