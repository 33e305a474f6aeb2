package dev.toolgate.runtime;

/**
 * What an interrupt does to the tool call its thread runs: a BLOCK call holds it back until it
 * returns (the outermost BLOCK call on the thread wins); a CANCEL call is cancelled, and the
 * interrupt goes through.
 */
public final class Interrupts {

    private Interrupts() {
    }

    /** Called by the hook in Thread.interrupt(): true to hold the interrupt back. */
    public static boolean holdBack(Thread target) {
        if (target == Thread.currentThread()) {
            // A tool restoring its own interrupt status, or a re-delivery: let it through.
            return false;
        }
        ThreadContext context = ThreadContext.of(target);
        if (context == null) {
            return false;
        }
        return onInterrupt(context.frame, target);
    }

    /** @return true if a BLOCK call on {@code thread} took the interrupt to deliver later */
    static boolean onInterrupt(ToolFrame innermost, Thread thread) {
        ToolFrame outermostBlock = null;
        ToolFrame innermostOnThread = null;
        for (ToolFrame frame = innermost; frame != null && frame.thread == thread; frame = frame.parent()) {
            if (innermostOnThread == null) {
                innermostOnThread = frame;
            }
            if (frame.isBlock()) {
                outermostBlock = frame;
            }
        }
        if (outermostBlock != null) {
            outermostBlock.interruptHeld = true;
            return true;
        }
        if (innermostOnThread != null) {
            innermostOnThread.cancelByInterrupt();
        }
        return false;
    }

    /** Whether no call outside this one on the same thread is a BLOCK call. */
    static boolean isOutermostBlock(ToolFrame frame) {
        for (ToolFrame outer = frame.parent(); outer != null && outer.thread == frame.thread; outer = outer.parent()) {
            if (outer.isBlock()) {
                return false;
            }
        }
        return true;
    }

    /**
     * A BLOCK call returned with an interrupt held back: it now reaches what the thread runs
     * next, which may itself hold it (an outer BLOCK call) or be cancelled by it.
     */
    static void deliverHeld(ThreadContext context) {
        if (!onInterrupt(context.frame, Thread.currentThread())) {
            Thread.currentThread().interrupt();
        }
    }
}
