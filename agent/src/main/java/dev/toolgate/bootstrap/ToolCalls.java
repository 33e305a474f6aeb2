package dev.toolgate.bootstrap;

import dev.toolgate.runtime.GateRuntime;
import dev.toolgate.runtime.ToolFrame;
import dev.toolgate.runtime.ToolRegistry;

/** What the code woven into tool methods calls: the one entry into the gate. */
public final class ToolCalls {

    private ToolCalls() {
    }

    /**
     * Runs the hooks and the gate; throws {@link SecurityException} when the call is denied.
     * Returns the arguments the tool runs with (hooks may change them).
     */
    public static Object[] enter(int toolId, Class<?> owner, Object[] args) {
        return GateRuntime.get().toolCalls().enter(ToolRegistry.get(toolId), owner, args).arguments();
    }

    /**
     * Ends this thread's innermost tool call, which returned {@code result} or threw {@code thrown}:
     * returns the result its caller sees, or throws what its caller must see.
     */
    public static Object exit(Object result, Throwable thrown) throws Throwable {
        ToolFrame frame = ToolFrame.current();
        GateRuntime.get().toolCalls().exit(frame, result, thrown);
        Throwable outcome = frame.thrown();
        if (outcome != null) {
            throw outcome;
        }
        return frame.result();
    }
}
