package dev.toolgate.sample;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rows of the summary, in the order the steps started, so that a sub-agent's steps
 * ("13.1", "13.2") follow the step that started it. Single-threaded, like the loop.
 */
final class Transcript {

    private final List<StepOutcome> rows = new ArrayList<>();
    private final Deque<String> open = new ArrayDeque<>();
    private final Map<String, GateDecision> enclosing = new HashMap<>();

    /** The label of the {@code index}-th step (1-based) of the loop running now. */
    String label(int index) {
        return open.isEmpty() ? Integer.toString(index) : open.peek() + "." + index;
    }

    int depth() {
        return open.size();
    }

    /** Opens a step; returns the slot to close it with. */
    int begin(String label) {
        open.push(label);
        rows.add(null);
        return rows.size() - 1;
    }

    void end(int slot, StepOutcome outcome) {
        open.pop();
        rows.set(slot, outcome);
    }

    /**
     * Keeps the gate's decision on the step that is open now. A nested loop calls this first,
     * because its own tool calls will replace the thread's "last decision".
     */
    void noteEnclosingDecision(GateDecision decision) {
        if (!open.isEmpty()) {
            enclosing.put(open.peek(), decision);
        }
    }

    Optional<GateDecision> enclosingDecision(String label) {
        return Optional.ofNullable(enclosing.get(label));
    }

    List<StepOutcome> rows() {
        return List.copyOf(rows);
    }
}
