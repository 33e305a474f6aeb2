package dev.toolgate.gate;

/** What a request is about; the label is the audit record's {@code kind}. */
public enum RequestKind {
    TOOL("tool", null), READ("read", "Read"), WRITE("write", "Write"), EXEC("exec", "Exec"),
    CONNECT("connect", "Connect"), EXIT("exit", "Exit");

    private final String label;
    private final String ruleName;

    RequestKind(String label, String ruleName) {
        this.label = label;
        this.ruleName = ruleName;
    }

    public String label() {
        return label;
    }

    /** The resource kind that rules name, or null for tool calls. */
    public String ruleName() {
        return ruleName;
    }
}
