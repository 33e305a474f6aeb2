package dev.toolgate.runtime;

import dev.toolgate.settings.Mode;

/** The current permission mode, settable at run time unless the policy source set it. */
public final class ModeHolder {

    private volatile Mode mode;
    private final boolean locked;

    public ModeHolder(Mode initial, boolean locked) {
        this.mode = initial;
        this.locked = locked;
    }

    public Mode get() {
        return mode;
    }

    public void set(Mode next) {
        if (locked && next != mode) {
            throw new IllegalStateException("toolgate: the mode is set by the policy source and cannot be changed");
        }
        mode = next;
    }
}
