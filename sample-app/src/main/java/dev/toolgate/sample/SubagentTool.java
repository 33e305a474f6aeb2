package dev.toolgate.sample;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.InterruptBehavior;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Hands a task to a sub-agent: a nested scripted loop on the same tools. Inside it nobody can
 * be asked, so the gate turns each of its asks into a deny.
 */
final class SubagentTool {

    private final List<ScriptStep> script;
    private final Map<String, String> variables;
    private AgentLoop loop;

    SubagentTool(List<ScriptStep> script, Map<String, String> variables) {
        this.script = List.copyOf(script);
        this.variables = Map.copyOf(variables);
    }

    /** Set once the loop exists: the loop needs the tools, and this is one of them. */
    void useLoop(AgentLoop loop) {
        this.loop = loop;
    }

    @AgentTool(value = "subagent", interrupt = InterruptBehavior.BLOCK, subagent = true)
    public String subagent(String task) {
        Map<String, String> withTask = new HashMap<>(variables);
        withTask.put("task", task);
        List<StepOutcome> outcomes = loop.run(script, withTask);
        long denied = outcomes.stream()
                .filter(o -> o.outcome() == Outcome.DENIED || o.outcome() == Outcome.ASKED_DENIED)
                .count();
        return "sub-agent finished '" + task + "': " + outcomes.size() + " steps, " + denied + " denied";
    }
}
