package dev.toolgate.settings;

/** Permission modes, as spelled in settings and agent arguments. */
public enum Mode {
    DEFAULT("default"), ACCEPT_EDITS("acceptEdits"), PLAN("plan"),
    BYPASS_PERMISSIONS("bypassPermissions"), DONT_ASK("dontAsk");

    private final String label;

    Mode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static Mode fromLabel(String label) {
        for (Mode mode : values()) {
            if (mode.label.equals(label)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + label
                + "' (expected default, acceptEdits, plan, bypassPermissions or dontAsk)");
    }

    @Override
    public String toString() {
        return label;
    }
}
