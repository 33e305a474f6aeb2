package dev.toolgate.runtime;

import java.util.Arrays;

/**
 * Tool specs by the id that weaving writes into each tool method as a constant, so that a
 * call finds its spec with one array read.
 */
public final class ToolRegistry {

    private static final Object LOCK = new Object();
    private static volatile ToolSpec[] specs = new ToolSpec[0];

    private ToolRegistry() {
    }

    public static ToolSpec register(ToolSpec spec) {
        synchronized (LOCK) {
            ToolSpec[] current = specs;
            ToolSpec registered = spec.withId(current.length);
            ToolSpec[] next = Arrays.copyOf(current, current.length + 1);
            next[registered.id()] = registered;
            specs = next;
            return registered;
        }
    }

    public static ToolSpec get(int id) {
        return specs[id];
    }

    public static int size() {
        return specs.length;
    }
}
