package dev.toolgate.annotations;

/** What an interrupt of the thread running a tool does to it. */
public enum InterruptBehavior {
    /** The tool is stopped. */
    CANCEL,
    /** The tool finishes; the interrupt is delivered when it returns. */
    BLOCK
}
