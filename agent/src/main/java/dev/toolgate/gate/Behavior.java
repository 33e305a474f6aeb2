package dev.toolgate.gate;

/** The gate's three answers. */
public enum Behavior {
    ALLOW("allow"), DENY("deny"), ASK("ask");

    private final String label;

    Behavior(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
