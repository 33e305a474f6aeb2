package dev.toolgate.runtime;

import dev.toolgate.audit.JsonWriter;
import dev.toolgate.gate.CommandSubject;
import dev.toolgate.gate.PathSubject;
import dev.toolgate.gate.Request;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns a tool call's arguments into the gate's request. */
final class ToolRequests {

    static final int MAX_VALUE_CHARS = 200;

    private ToolRequests() {
    }

    static Request build(ToolSpec spec, Object[] args, Path projectDir) {
        List<PathSubject> paths = spec.pathParams().isEmpty() ? List.of() : new ArrayList<>(spec.pathParams().size());
        for (ToolSpec.PathParam param : spec.pathParams()) {
            Object value = args[param.index()];
            if (value != null) {
                paths.add(PathSubject.of(value.toString(), param.access(), projectDir));
            }
        }
        List<CommandSubject> commands = spec.commandParams().isEmpty() ? List.of()
                : new ArrayList<>(spec.commandParams().size());
        for (int index : spec.commandParams()) {
            Object value = args[index];
            commands.add(CommandSubject.parse(value == null ? "" : value.toString()));
        }
        return Request.toolCall(spec, subject(spec, args), paths, commands);
    }

    /** The arguments by parameter name, each shown as at most 200 characters. */
    static Map<String, Object> input(ToolSpec spec, Object[] args) {
        if (args.length == 0) {
            return Collections.emptyMap();
        }
        Map<String, Object> input = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            input.put(spec.parameterName(i), shown(args[i]));
        }
        return input;
    }

    private static String subject(ToolSpec spec, Object[] args) {
        if (args.length == 0) {
            return "{}";
        }
        JsonWriter json = new JsonWriter();
        for (int i = 0; i < args.length; i++) {
            json.field(spec.parameterName(i), shown(args[i]));
        }
        return json.end();
    }

    private static Object shown(Object value) {
        if (value == null || value instanceof Number || value instanceof Boolean) {
            return value;
        }
        String text;
        try {
            text = String.valueOf(value);
        } catch (RuntimeException e) {
            text = value.getClass().getName();
        }
        return text.length() <= MAX_VALUE_CHARS ? text : text.substring(0, MAX_VALUE_CHARS) + "…";
    }
}
