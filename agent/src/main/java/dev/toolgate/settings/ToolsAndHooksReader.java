package dev.toolgate.settings;

import dev.toolgate.rules.MethodPattern;
import dev.toolgate.rules.Rule;
import dev.toolgate.settings.Settings.HookCommand;
import dev.toolgate.settings.Settings.HookMatcher;
import dev.toolgate.settings.Settings.ToolDeclaration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads the {@code tools} and {@code hooks} sections of one settings file. */
final class ToolsAndHooksReader {

    static final int DEFAULT_HOOK_TIMEOUT_SECONDS = 60;

    private final Section section;
    private final Path baseDir;

    ToolsAndHooksReader(Section section, Path baseDir) {
        this.section = section;
        this.baseDir = baseDir;
    }

    FileSettings.Tools tools() {
        Section s = section;
        s.only("timeoutSeconds", "maxIdenticalCalls", "maxOutputChars", "declare");
        List<ToolDeclaration> declare = new ArrayList<>();
        for (Section d : s.objects("declare").orElse(List.of())) {
            declare.add(declaration(d));
        }
        return new FileSettings.Tools(
                s.integer("timeoutSeconds", 1).orElse(null),
                s.integer("maxIdenticalCalls", 1).orElse(null),
                s.integer("maxOutputChars", 0).orElse(null),
                List.copyOf(declare));
    }

    FileSettings.Hooks hooks() {
        section.only("PreToolUse", "PostToolUse");
        return new FileSettings.Hooks(matchers("PreToolUse"), matchers("PostToolUse"));
    }

    private ToolDeclaration declaration(Section d) {
        d.only("method", "name", "interrupt", "readOnly", "concurrencySafe", "destructive",
                "requiresUserInteraction", "abortsSiblings", "subagent", "timeoutMillis");
        Located<String> method = d.text("method")
                .orElseThrow(() -> d.missing("method", "a method such as \"com.acme.Exporter#export\""));
        String m = method.value();
        try {
            MethodPattern.parse(m);
        } catch (IllegalArgumentException e) {
            String detail = e.getMessage().equals(MethodPattern.NOT_CLASS_HASH_METHOD) ? "" : ": " + e.getMessage();
            throw d.error(method.at(), d.key("method") + ": '" + m + "' is not a method" + detail
                    + " (expected class#method or class#method(types), such as \"com.acme.Exporter#export\""
                    + " or \"com.acme.*Job#run(java.lang.String,int)\")");
        }
        Located<String> name = d.text("name")
                .orElseThrow(() -> d.missing("name", "the tool name, such as \"legacy_export\""));
        checkToolName(d, name);
        String interrupt = d.string("interrupt").map(v -> SettingsFileReader.choice(d, "interrupt", v,
                Map.of("CANCEL", "CANCEL", "BLOCK", "BLOCK"), "CANCEL or BLOCK")).orElse(null);
        Long timeoutMillis = d.number("timeoutMillis", 0, Long.MAX_VALUE).map(Located::value).orElse(null);
        return new ToolDeclaration(m, name.value(), interrupt, flag(d, "readOnly"), flag(d, "concurrencySafe"),
                flag(d, "destructive"), flag(d, "requiresUserInteraction"), flag(d, "abortsSiblings"),
                flag(d, "subagent"), timeoutMillis, d.file() + ":" + d.obj().at());
    }

    private static void checkToolName(Section d, Located<String> name) {
        String problem = null;
        try {
            Rule rule = Rule.parse(name.value());
            if (rule.hasPattern() || rule.name().contains("*") || !rule.name().equals(name.value())) {
                problem = "'" + name.value() + "' is not a tool name";
            }
        } catch (IllegalArgumentException e) {
            problem = e.getMessage().replace("rule '", "name '");
        }
        if (problem != null) {
            throw d.error(name.at(), d.key("name") + ": " + problem
                    + " (expected letters, digits, '_', '-', '.' or ':')");
        }
    }

    private static Boolean flag(Section d, String name) {
        return d.bool(name).map(Located::value).orElse(null);
    }

    private List<HookMatcher> matchers(String event) {
        List<HookMatcher> matchers = new ArrayList<>();
        for (Section m : section.objects(event).orElse(List.of())) {
            m.only("matcher", "hooks");
            String matcher = m.string("matcher").map(Located::value).filter(v -> !v.isEmpty()).orElse("*");
            List<HookCommand> commands = new ArrayList<>();
            List<Section> hooks = m.objects("hooks").orElseThrow(() -> m.missing("hooks",
                    "a list such as [{\"type\": \"command\", \"command\": \"./check.sh\"}]"));
            for (Section h : hooks) {
                commands.add(command(h));
            }
            matchers.add(new HookMatcher(matcher, List.copyOf(commands)));
        }
        return List.copyOf(matchers);
    }

    private HookCommand command(Section h) {
        h.only("type", "command", "timeout");
        Located<String> type = h.string("type").orElseThrow(() -> h.missing("type", "\"command\""));
        SettingsFileReader.choice(h, "type", type, Map.of("command", "command"), "command");
        String command = h.text("command").map(Located::value)
                .orElseThrow(() -> h.missing("command", "the program to run, such as \"./check.sh\""));
        int timeout = h.integer("timeout", 1).map(Located::value).orElse(DEFAULT_HOOK_TIMEOUT_SECONDS);
        return new HookCommand("command", command, timeout, baseDir);
    }
}
