package dev.toolgate.sample;

/** How one tool call ended, as the summary shows it. */
enum Outcome {
    ALLOWED("allowed"),
    ASKED_ALLOWED("asked→allowed"),
    DENIED("denied"),
    ASKED_DENIED("asked→denied"),
    ERROR("error"),
    /** Cancelled while it ran (Ctrl-C, "cancel", or the demo's timer). */
    CANCELLED("cancelled"),
    /** No agent attached: the tool ran without any gate. */
    UNGATED("ungated"),
    /** No agent attached: the tool changes things, so the sample did not run it. */
    SKIPPED("skipped");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    /** @param unicode false on an output that cannot print '→' */
    String label(boolean unicode) {
        return unicode ? label : label.replace("→", "->");
    }
}
