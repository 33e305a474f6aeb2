package dev.toolgate.runtime;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Callable;

/**
 * Carries a tool call (and the session) into the threads that run work it hands off: executor tasks are wrapped
 * when submitted; ForkJoin tasks (parallel streams, CompletableFuture's default pool) are
 * remembered when created and the call is restored while they execute.
 */
public final class ContextTasks {

    private static final Map<Object, ThreadContext.Carried> FORK_JOIN_TASKS = Collections.synchronizedMap(new WeakHashMap<>());
    private static volatile boolean anyForkJoinTask;

    private ContextTasks() {
    }

    /** Wraps a Runnable or Callable submitted inside a tool call; anything else is returned as it is. */
    public static Object wrap(Object task) {
        ThreadContext context = ThreadContext.current();
        if (context.isInternal() || task == null || task instanceof ContextRunnable || task instanceof ContextCallable) {
            return task;
        }
        ThreadContext.Carried carried = context.capture();
        if (carried == null) {
            return task;
        }
        if (task instanceof Runnable runnable) {
            return new ContextRunnable(runnable, carried);
        }
        if (task instanceof Callable<?> callable) {
            return new ContextCallable<>(callable, carried);
        }
        return task;
    }

    public static void forkJoinTaskCreated(Object task) {
        ThreadContext.Carried carried = ThreadContext.current().capture();
        if (carried != null) {
            FORK_JOIN_TASKS.put(task, carried);
            anyForkJoinTask = true;
        }
    }

    public static void forkJoinTaskStarts(Object task) {
        ThreadContext.current().taskStarts(anyForkJoinTask ? FORK_JOIN_TASKS.get(task) : null);
    }

    public static void forkJoinTaskDone() {
        ThreadContext.current().taskEnds();
    }

    /** Pool threads work for nobody in particular: each task brings its own tool call. */
    public static void poolThreadStarts() {
        ThreadContext.current().restore(null);
    }

    static final class ContextRunnable implements Runnable {
        private final Runnable task;
        private final ThreadContext.Carried carried;

        ContextRunnable(Runnable task, ThreadContext.Carried carried) {
            this.task = task;
            this.carried = carried;
        }

        @Override
        public void run() {
            ThreadContext context = ThreadContext.current();
            ThreadContext.Carried previous = context.capture();
            context.restore(carried);
            try {
                task.run();
            } finally {
                context.restore(previous);
            }
        }

        @Override
        public String toString() {
            return task.toString();
        }
    }

    static final class ContextCallable<V> implements Callable<V> {
        private final Callable<V> task;
        private final ThreadContext.Carried carried;

        ContextCallable(Callable<V> task, ThreadContext.Carried carried) {
            this.task = task;
            this.carried = carried;
        }

        @Override
        public V call() throws Exception {
            ThreadContext context = ThreadContext.current();
            ThreadContext.Carried previous = context.capture();
            context.restore(carried);
            try {
                return task.call();
            } finally {
                context.restore(previous);
            }
        }
    }
}
