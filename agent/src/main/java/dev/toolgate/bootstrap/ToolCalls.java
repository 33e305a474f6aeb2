package dev.toolgate.bootstrap;

import dev.toolgate.runtime.GateRuntime;
import dev.toolgate.runtime.ToolFrame;
import dev.toolgate.runtime.ToolRegistry;

/** What the advice woven into tool methods calls: the one entry into the gate. */
public final class ToolCalls {

    private ToolCalls() {
    }

    /**
     * Runs the hooks and the gate; throws {@link SecurityException} when the call is denied.
     * The frame holds the arguments the tool runs with (hooks may change them).
     */
    public static ToolFrame enter(int toolId, Class<?> owner, Object[] args) {
        return GateRuntime.get().toolCalls().enter(ToolRegistry.get(toolId), owner, args);
    }

    /** Ends the call; the frame then holds the result and exception the caller sees. */
    public static void exit(ToolFrame frame, Object result, Throwable thrown) {
        GateRuntime.get().toolCalls().exit(frame, result, thrown);
    }
}
