package dev.toolgate.runtime;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Deadlines of running calls, checked by one thread (no timer per call): an overdue CANCEL
 * call is cancelled and its thread interrupted; an overdue BLOCK call is left to finish, and
 * the overrun is audited.
 */
final class ToolTimeouts {

    static final long CHECK_EVERY_MILLIS = 50;

    private final GateRuntime runtime;
    private volatile Thread checker;

    ToolTimeouts(GateRuntime runtime) {
        this.runtime = runtime;
    }

    void watch() {
        if (checker == null) {
            synchronized (this) {
                if (checker == null) {
                    Thread thread = new Thread(this::run, "toolgate-timeouts");
                    thread.setDaemon(true);
                    checker = thread;
                    thread.start();
                }
            }
        }
    }

    private void run() {
        ThreadContext.current().markInternalForLife();
        while (true) {
            try {
                Thread.sleep(CHECK_EVERY_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            for (Session session : runtime.sessions().all()) {
                for (ToolFrame frame : session.running) {
                    if (frame.deadlineNanos != 0 && now - frame.deadlineNanos > 0 && !frame.overdueHandled) {
                        frame.overdueHandled = true;
                        overdue(frame);
                    }
                }
            }
        }
    }

    private void overdue(ToolFrame frame) {
        long allowedMillis = frame.spec().timeoutMillis() > 0 ? frame.spec().timeoutMillis()
                : 1000L * runtime.settings().tools().timeoutSeconds();
        if (frame.isBlock()) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("session", frame.session().name());
            fields.put("agent", frame.agent());
            fields.put("seq", frame.seq());
            fields.put("tool", frame.spec().name());
            fields.put("reason", "BLOCK tool ran past its timeout of " + allowedMillis + " ms; left to finish");
            runtime.audit().event("tool_overrun", fields);
            return;
        }
        frame.cancel("timed out after " + allowedMillis + " ms");
        frame.thread.interrupt();
    }
}
