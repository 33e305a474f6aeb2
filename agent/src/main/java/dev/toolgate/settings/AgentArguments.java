package dev.toolgate.settings;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * The {@code -javaagent:toolgate-agent.jar=key=value,…} options (SPEC §3). A null component
 * is an option that was not given.
 *
 * @param audit "off" or a path (relative to the project)
 * @param ask   "console", "deny" or "command:&lt;program&gt;"
 */
public record AgentArguments(Path config, Mode mode, String audit, String ask) {

    /** No options at all. */
    public static final AgentArguments NONE = new AgentArguments(null, null, null, null);

    /** Parses {@code key=value,key=value}; null or empty means no options. */
    public static AgentArguments parse(String options) {
        if (options == null || options.isBlank()) {
            return NONE;
        }
        Path config = null;
        Mode mode = null;
        String audit = null;
        String ask = null;
        Set<String> seen = new HashSet<>();
        for (String argument : options.split(",", -1)) {
            int eq = argument.indexOf('=');
            if (eq < 0) {
                throw error(argument, argument.isEmpty() ? "empty argument (remove the extra ',')"
                        : "missing '=' (expected key=value)");
            }
            String key = argument.substring(0, eq);
            String value = argument.substring(eq + 1);
            if (!Set.of("config", "mode", "audit", "ask").contains(key)) {
                throw error(argument, "unknown key '" + key + "' (expected config, mode, audit or ask)");
            }
            if (!seen.add(key)) {
                throw error(argument, "'" + key + "' is given twice (keep only one)");
            }
            if (value.isBlank()) {
                throw error(argument, "empty value (expected " + key + "=" + expected(key) + ")");
            }
            switch (key) {
                case "config" -> config = path(argument, value);
                case "mode" -> mode = mode(argument, value);
                case "audit" -> audit = value.equals("off") ? value : path(argument, value).toString();
                default -> ask = ask(argument, value);
            }
        }
        return new AgentArguments(config, mode, audit, ask);
    }

    private static String expected(String key) {
        return switch (key) {
            case "config" -> "<settings file>";
            case "mode" -> "<mode>";
            case "audit" -> "<file> or off";
            default -> "console, deny or command:<program>";
        };
    }

    private static Mode mode(String argument, String value) {
        try {
            return Mode.fromLabel(value);
        } catch (IllegalArgumentException e) {
            throw error(argument, e.getMessage());
        }
    }

    private static String ask(String argument, String value) {
        if (value.equals("console") || value.equals("deny")) {
            return value;
        }
        if (value.startsWith("command:")) {
            if (value.substring("command:".length()).isBlank()) {
                throw error(argument, "no program after 'command:' (expected command:<program>)");
            }
            return value;
        }
        throw error(argument, "unknown ask resolver '" + value + "' (expected console, deny or command:<program>)");
    }

    private static Path path(String argument, String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw error(argument, "invalid path '" + value + "' (" + e.getReason() + ")");
        }
    }

    private static SettingsException error(String argument, String problem) {
        return new SettingsException("toolgate: agent argument '" + argument + "': " + problem);
    }
}
