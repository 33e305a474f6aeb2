package dev.toolgate.runtime;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Processes started inside tool calls: each is killed, with its descendants, when its time
 * (shell.timeoutSeconds, at most maxTimeoutSeconds) is up. One timer thread for all of them.
 */
public final class ProcessWatch {

    private final GateRuntime runtime;
    private final long timeoutMillis;
    private volatile ScheduledExecutorService timer;

    ProcessWatch(GateRuntime runtime, long timeoutMillis) {
        this.runtime = runtime;
        this.timeoutMillis = timeoutMillis;
    }

    public void started(Process process, ToolFrame frame) {
        frame.processStarted(process);
        timer().schedule(() -> {
            if (process.isAlive()) {
                killTree(process);
                Map<String, Object> fields = new LinkedHashMap<>();
                fields.put("session", frame.session().name());
                fields.put("agent", frame.agentForChildren());
                fields.put("seq", frame.seq());
                fields.put("tool", frame.spec().name());
                fields.put("pid", process.pid());
                fields.put("reason", "killed after " + timeoutMillis / 1000 + " s (shell.timeoutSeconds)");
                runtime.audit().event("process_timeout", fields);
            }
        }, timeoutMillis, TimeUnit.MILLISECONDS);
    }

    /** Descendants first, so that none is left orphaned and running. */
    public static void killTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private ScheduledExecutorService timer() {
        ScheduledExecutorService current = timer;
        if (current == null) {
            synchronized (this) {
                current = timer;
                if (current == null) {
                    current = Executors.newSingleThreadScheduledExecutor(task -> {
                        Thread thread = new Thread(() -> {
                            ThreadContext.current().markInternalForLife();
                            task.run();
                        }, "toolgate-process-timer");
                        thread.setDaemon(true);
                        return thread;
                    });
                    timer = current;
                }
            }
        }
        return current;
    }
}
