package dev.toolgate.sample;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runs each top-level step on a worker thread, so that the user can cancel it the way agent
 * applications do: {@code Future.cancel(true)}, which interrupts the worker. The gate turns
 * that interrupt into a cancelled CANCEL tool, or holds it back until a BLOCK tool is done.
 * Cancel requests come from Ctrl-C (a second one exits), a line {@code cancel} on stdin when
 * stdin is not a terminal, or a timer in the {@code --demo-cancel} run.
 */
final class StepCanceller {

    private final PrintStream out;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "agent-step");
        thread.setDaemon(true);
        return thread;
    });
    private volatile Future<?> running;
    private final AtomicInteger interruptsPressed = new AtomicInteger();

    StepCanceller(PrintStream out) {
        this.out = out;
    }

    /** Runs one step on the worker and waits until it has really ended (a BLOCK tool may outlive the cancel). */
    StepOutcome run(Callable<StepOutcome> step, long autoCancelMillis, Supplier<StepOutcome> ifCancelledBeforeStart) {
        CompletableFuture<StepOutcome> done = new CompletableFuture<>();
        AtomicBoolean started = new AtomicBoolean();
        Future<?> future = worker.submit(() -> {
            started.set(true);
            try {
                done.complete(step.call());
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        });
        running = future;
        Thread timer = autoCancelMillis > 0 ? startTimer(future, autoCancelMillis) : null;
        try {
            while (true) {
                try {
                    return done.get(100, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (future.isCancelled() && !started.get()) {
                        return ifCancelledBeforeStart.get();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return ifCancelledBeforeStart.get();
                } catch (ExecutionException e) {
                    throw new IllegalStateException(e.getCause());
                }
            }
        } finally {
            running = null;
            interruptsPressed.set(0);
            if (timer != null) {
                timer.interrupt();
            }
        }
    }

    /** Cancels the running step, if any: interrupts its worker thread. */
    boolean cancel(String why) {
        Future<?> step = running;
        if (step == null || step.isDone()) {
            return false;
        }
        out.printf("  %-13s %s: Future.cancel(true)%n", "cancel", why);
        step.cancel(true);
        return true;
    }

    private Thread startTimer(Future<?> step, long millis) {
        Thread timer = new Thread(() -> {
            try {
                Thread.sleep(millis);
                if (running == step) {
                    cancel("cancelled by the demo after " + millis + " ms");
                }
            } catch (InterruptedException stepEnded) {
                // Nothing to cancel.
            }
        }, "demo-cancel-timer");
        timer.setDaemon(true);
        timer.start();
        return timer;
    }

    /** Ctrl-C cancels the running step; a second Ctrl-C before that step ends exits. */
    void handleCtrlC() {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handler = Class.forName("sun.misc.SignalHandler");
            Object onInterrupt = Proxy.newProxyInstance(handler.getClassLoader(), new Class<?>[] {handler},
                    (proxy, method, args) -> {
                        if (method.getName().equals("handle")) {
                            onCtrlC();
                            return null;
                        }
                        return method.getDeclaringClass() == Object.class ? objectMethod(proxy, method.getName(), args) : null;
                    });
            signal.getMethod("handle", signal, handler)
                    .invoke(null, signal.getConstructor(String.class).newInstance("INT"), onInterrupt);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // No sun.misc.Signal here: Ctrl-C keeps its default meaning (exit).
        }
    }

    private static Object objectMethod(Object proxy, String name, Object[] args) {
        return switch (name) {
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            default -> "Ctrl-C handler";
        };
    }

    private void onCtrlC() {
        if (interruptsPressed.incrementAndGet() > 1 || !cancel("Ctrl-C")) {
            out.println();
            out.println("Interrupted: exiting.");
            System.exit(130);
        }
        out.printf("  %-13s %s%n", "", "(press Ctrl-C again to exit)");
    }

    /** A line "cancel" on stdin cancels the running step. Only when stdin is not a terminal: prompts read the terminal. */
    void watchStdin() {
        if (Terminal.interactive()) {
            return;
        }
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.strip().equals("cancel") && !cancel("'cancel' on stdin")) {
                        out.printf("  %-13s %s%n", "cancel", "no step is running");
                    }
                }
            } catch (IOException closed) {
                // No more input.
            }
        }, "stdin-cancel");
        reader.setDaemon(true);
        reader.start();
    }
}
