package dev.toolgate.runtime;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Callable;

/**
 * Carries a tool call into the threads that run work it hands off: executor tasks are wrapped
 * when submitted; ForkJoin tasks (parallel streams, CompletableFuture's default pool) are
 * remembered when created and the call is restored while they execute.
 */
public final class ContextTasks {

    private static final Map<Object, ToolFrame> FORK_JOIN_TASKS = Collections.synchronizedMap(new WeakHashMap<>());
    private static volatile boolean anyForkJoinTask;

    private ContextTasks() {
    }

    /** Wraps a Runnable or Callable submitted inside a tool call; anything else is returned as it is. */
    public static Object wrap(Object task) {
        ThreadContext context = ThreadContext.current();
        ToolFrame frame = context.frame;
        if (frame == null || context.isInternal() || task == null || task instanceof ContextRunnable || task instanceof ContextCallable) {
            return task;
        }
        if (task instanceof Runnable runnable) {
            return new ContextRunnable(runnable, frame);
        }
        if (task instanceof Callable<?> callable) {
            return new ContextCallable<>(callable, frame);
        }
        return task;
    }

    public static void forkJoinTaskCreated(Object task) {
        ToolFrame frame = ThreadContext.current().frame;
        if (frame != null) {
            FORK_JOIN_TASKS.put(task, frame);
            anyForkJoinTask = true;
        }
    }

    public static void forkJoinTaskStarts(Object task) {
        ToolFrame frame = anyForkJoinTask ? FORK_JOIN_TASKS.get(task) : null;
        ThreadContext.current().taskStarts(frame);
    }

    public static void forkJoinTaskDone() {
        ThreadContext.current().taskEnds();
    }

    /** Pool threads work for nobody in particular: each task brings its own tool call. */
    public static void poolThreadStarts() {
        ThreadContext.current().swap(null);
    }

    static final class ContextRunnable implements Runnable {
        private final Runnable task;
        private final ToolFrame frame;

        ContextRunnable(Runnable task, ToolFrame frame) {
            this.task = task;
            this.frame = frame;
        }

        @Override
        public void run() {
            ThreadContext context = ThreadContext.current();
            ToolFrame previous = context.swap(frame);
            try {
                task.run();
            } finally {
                context.swap(previous);
            }
        }

        @Override
        public String toString() {
            return task.toString();
        }
    }

    static final class ContextCallable<V> implements Callable<V> {
        private final Callable<V> task;
        private final ToolFrame frame;

        ContextCallable(Callable<V> task, ToolFrame frame) {
            this.task = task;
            this.frame = frame;
        }

        @Override
        public V call() throws Exception {
            ThreadContext context = ThreadContext.current();
            ToolFrame previous = context.swap(frame);
            try {
                return task.call();
            } finally {
                context.swap(previous);
            }
        }
    }
}
