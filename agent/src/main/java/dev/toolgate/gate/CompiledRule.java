package dev.toolgate.gate;

import dev.toolgate.rules.HostPattern;
import dev.toolgate.rules.NameGlob;
import dev.toolgate.rules.PathPattern;
import dev.toolgate.rules.Rule;
import dev.toolgate.settings.SettingsException;
import dev.toolgate.settings.Source;
import dev.toolgate.settings.SourcedRule;
import dev.toolgate.shell.CommandPattern;
import dev.toolgate.shell.SimpleCommand;
import java.nio.file.Path;
import java.util.List;

/**
 * A rule with its patterns compiled once. A tool rule's pattern is compiled both ways,
 * because whether it means a path or a command depends on the tool it meets.
 */
public final class CompiledRule {

    private final SourcedRule sourced;
    private final NameGlob name;
    private final PathPattern path;
    private final CommandPattern command;
    private final HostPattern host;

    private CompiledRule(SourcedRule sourced, NameGlob name, PathPattern path, CommandPattern command,
                         HostPattern host) {
        this.sourced = sourced;
        this.name = name;
        this.path = path;
        this.command = command;
        this.host = host;
    }

    public static CompiledRule compile(SourcedRule sourced, Path projectDir, Path homeDir) {
        Rule rule = sourced.rule();
        NameGlob name = NameGlob.compile(rule.name());
        if (!rule.hasPattern()) {
            return new CompiledRule(sourced, name, null, null, null);
        }
        String pattern = rule.pattern();
        try {
            switch (rule.name()) {
                case "Read", "Write" -> {
                    return new CompiledRule(sourced, name,
                            PathPattern.compile(pattern, projectDir, sourced.baseDir(), homeDir), null, null);
                }
                case "Exec" -> {
                    return new CompiledRule(sourced, name, null, CommandPattern.parse(pattern), null);
                }
                case "Connect" -> {
                    return new CompiledRule(sourced, name, null, null, HostPattern.parse(pattern));
                }
                default -> {
                    return new CompiledRule(sourced, name, pathOrNull(pattern, projectDir, sourced.baseDir(), homeDir),
                            commandOrNull(pattern), null);
                }
            }
        } catch (IllegalArgumentException e) {
            throw new SettingsException("toolgate: " + sourced.origin() + ": rule " + rule.text() + ": " + e.getMessage());
        }
    }

    private static PathPattern pathOrNull(String pattern, Path projectDir, Path baseDir, Path homeDir) {
        try {
            return PathPattern.compile(pattern, projectDir, baseDir, homeDir);
        } catch (IllegalArgumentException notAPath) {
            return null;
        }
    }

    private static CommandPattern commandOrNull(String pattern) {
        try {
            return CommandPattern.parse(pattern);
        } catch (IllegalArgumentException notACommand) {
            return null;
        }
    }

    public boolean hasPattern() {
        return sourced.rule().hasPattern();
    }

    /** What every path this rule's pattern matches starts with; empty when it matches at any depth; null without a path pattern. */
    List<String> pathPrefixes() {
        return path == null ? null : path.literalPrefixes();
    }

    public boolean matchesName(String toolName) {
        return name.matches(toolName);
    }

    public NameGlob name() {
        return name;
    }

    public boolean matchesPath(Path path) {
        return this.path != null && this.path.matches(path);
    }

    public boolean matchesCommand(SimpleCommand simpleCommand) {
        return command != null && command.matches(simpleCommand);
    }

    public boolean matchesHost(String hostName, int port) {
        return host != null && host.matches(hostName, port);
    }

    public String text() {
        return sourced.rule().text();
    }

    public Source source() {
        return sourced.source();
    }

    @Override
    public String toString() {
        return text() + " (" + source() + ")";
    }
}
