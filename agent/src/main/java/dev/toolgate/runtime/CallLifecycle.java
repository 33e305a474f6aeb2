package dev.toolgate.runtime;

import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.Lock;

/**
 * A tool call's life around its body (SPEC §9): who may start, taking turns in the session,
 * deadlines, held-back interrupts, and how a cancelled call ends.
 */
final class CallLifecycle {

    private final GateRuntime runtime;
    private final long defaultTimeoutMillis;
    private final ToolTimeouts timeouts;

    CallLifecycle(GateRuntime runtime) {
        this.runtime = runtime;
        this.defaultTimeoutMillis = 1000L * runtime.settings().tools().timeoutSeconds();
        this.timeouts = new ToolTimeouts(runtime);
    }

    /** A call inside a cancelled call, or in a cancelled session, does not start. */
    void checkCanStart(ToolSpec spec, ToolFrame parent, Session session) {
        String cancelled = parent == null ? null : parent.cancelled();
        if (cancelled != null) {
            throw new CancellationException("tool '" + spec.name() + "' not started: tool '" + parent.spec().name()
                    + "' was cancelled (" + cancelled + ")");
        }
        cancelled = session.cancelled();
        if (cancelled != null) {
            throw new CancellationException("tool '" + spec.name() + "' not started: session '" + session.name()
                    + "' is cancelled (" + cancelled + "); resume it to run tools");
        }
    }

    /**
     * The gate allowed the call: a call that is not concurrency-safe waits for the session's
     * running calls and holds back new ones; a call inside another takes no turn of its own (its
     * caller holds one for it), so tools calling tools cannot deadlock.
     */
    void begin(ToolFrame frame) {
        Session session = frame.session();
        if (frame.parent() == null) {
            Lock turn = frame.spec().concurrencySafe() ? session.turns.readLock() : session.turns.writeLock();
            try {
                turn.lockInterruptibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("tool '" + frame.spec().name()
                        + "' not started: interrupted while waiting for the session's running tools");
            }
            frame.sessionLock = turn;
        }
        long timeoutMillis = frame.spec().timeoutMillis() > 0 ? frame.spec().timeoutMillis() : defaultTimeoutMillis;
        if (timeoutMillis > 0) {
            frame.deadlineNanos = System.nanoTime() + timeoutMillis * 1_000_000L;
            timeouts.watch();
        }
        session.running.add(frame);
        ThreadContext.current().registerToolThread();
        // A BLOCK call sees no interrupt, not even one its caller already had: it is given back at the end.
        if (frame.isBlock() && Interrupts.isOutermostBlock(frame) && Thread.interrupted()) {
            frame.interruptHeld = true;
        }
    }

    /** After the body (the frame already popped): the exception the caller gets, or null. */
    Throwable end(ToolFrame frame, Throwable thrown) {
        Session session = frame.session();
        session.running.remove(frame);
        if (frame.sessionLock != null) {
            frame.sessionLock.unlock();
        }
        Throwable outcome = thrown;
        String cancelled = frame.cancelled();
        if (cancelled != null) {
            session.cancellations.increment();
            for (Process process : frame.processes()) {
                ProcessWatch.killTree(process);
            }
            CancellationException cancellation = new CancellationException(
                    "tool '" + frame.spec().name() + "' was cancelled: " + cancelled);
            if (thrown != null && !(thrown instanceof CancellationException)) {
                cancellation.initCause(thrown);
            }
            outcome = thrown instanceof CancellationException ? thrown : cancellation;
            if (frame.cancelledByInterrupt()) {
                // The tool may have swallowed it; its caller still sees the interrupt.
                Thread.currentThread().interrupt();
            } else if (!frame.interruptHeld) {
                // The interrupt was ours (a deadline, a cancelled session or sibling), not the caller's.
                Thread.interrupted();
            }
        }
        if (frame.interruptHeld) {
            Interrupts.deliverHeld(ThreadContext.current());
        }
        if (thrown != null && cancelled == null && frame.spec().abortsSiblings()) {
            cancelSiblings(frame);
        }
        return outcome;
    }

    private void cancelSiblings(ToolFrame failed) {
        for (ToolFrame sibling : failed.session().running) {
            if (sibling != failed && !sibling.isBlock() && !isWithin(sibling, failed) && !isWithin(failed, sibling)) {
                sibling.cancel("sibling tool '" + failed.spec().name() + "' failed");
                sibling.thread.interrupt();
            }
        }
    }

    private static boolean isWithin(ToolFrame frame, ToolFrame ancestor) {
        for (ToolFrame outer = frame.parent(); outer != null; outer = outer.parent()) {
            if (outer == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** Cancels the session: running CANCEL calls stop, BLOCK calls finish, new calls are refused. */
    void cancelSession(Session session, String reason) {
        session.cancel(reason);
        for (ToolFrame frame : session.running) {
            if (!frame.isBlock()) {
                frame.cancel("session '" + session.name() + "' cancelled");
                frame.thread.interrupt();
            }
        }
    }
}
