package dev.toolgate.sample;

import java.util.List;
import java.util.Map;

/**
 * One step of the scripted "model": what it thinks, then which tool it calls with which arguments.
 *
 * @param line the line of the script it came from, for messages
 */
record ScriptStep(int line, String thought, String tool, List<String> arguments) {

    ScriptStep {
        arguments = List.copyOf(arguments);
    }

    /** Replaces {@code {name}} placeholders in the thought and the arguments. */
    ScriptStep resolve(Map<String, String> variables) {
        return new ScriptStep(line, substitute(thought, variables), tool,
                arguments.stream().map(a -> substitute(a, variables)).toList());
    }

    private static String substitute(String text, Map<String, String> variables) {
        String result = text;
        for (Map.Entry<String, String> v : variables.entrySet()) {
            result = result.replace("{" + v.getKey() + "}", v.getValue());
        }
        return result;
    }
}
