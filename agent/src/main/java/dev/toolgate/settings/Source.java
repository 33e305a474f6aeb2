package dev.toolgate.settings;

/** Where a setting came from, highest precedence first. */
public enum Source {
    POLICY("policy"), CLI("cli"), LOCAL("local"), PROJECT("project"), USER("user"), SESSION("session");

    private final String label;

    Source(String label) {
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
