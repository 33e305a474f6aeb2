package dev.toolgate.runtime;

/**
 * What a thread carries for the gate: the tool call it works for, and whether it is running
 * the gate's own code (whose file, process and socket use must never be gated again).
 * Threads inherit their creator's tool call; pool threads drop it and take each task's own.
 */
public final class ThreadContext {

    private static final InheritableThreadLocal<ThreadContext> CURRENT = new InheritableThreadLocal<>() {
        @Override
        protected ThreadContext initialValue() {
            return new ThreadContext(null);
        }

        @Override
        protected ThreadContext childValue(ThreadContext parent) {
            return new ThreadContext(parent.frame);
        }
    };

    /** Volatile: an interrupting thread reads it to learn what this thread is running. */
    volatile ToolFrame frame;
    private boolean registered;
    private ToolFrame[] saved = new ToolFrame[4];
    private int savedDepth;
    private int internal;
    private boolean probing;

    private ThreadContext(ToolFrame frame) {
        this.frame = frame;
    }

    /** Threads that have run a tool, so that an interrupt aimed at one can find its call. */
    private static final java.util.Map<Thread, ThreadContext> TOOL_THREADS =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    public static ThreadContext current() {
        return CURRENT.get();
    }

    /** The context of another thread, if it has ever run a tool. */
    static ThreadContext of(Thread thread) {
        return TOOL_THREADS.get(thread);
    }

    void registerToolThread() {
        if (!registered) {
            registered = true;
            TOOL_THREADS.put(Thread.currentThread(), this);
        }
    }

    public ToolFrame frame() {
        return frame;
    }

    /** Sets the tool call this thread works for; returns the one it replaces, to restore later. */
    public ToolFrame swap(ToolFrame next) {
        ToolFrame previous = frame;
        frame = next;
        return previous;
    }

    /** During the start-up self-test every JDK hook reports that it was reached, and nothing else. */
    public boolean isProbing() {
        return probing;
    }

    public void setProbing(boolean probing) {
        this.probing = probing;
    }

    /** Runs a hand-off task: in its own tool call if it has one, else in this thread's. Balanced by {@link #taskEnds}. */
    void taskStarts(ToolFrame taskFrame) {
        if (savedDepth == saved.length) {
            saved = java.util.Arrays.copyOf(saved, savedDepth * 2);
        }
        saved[savedDepth++] = frame;
        if (taskFrame != null) {
            frame = taskFrame;
        }
    }

    void taskEnds() {
        if (savedDepth > 0) {
            frame = saved[--savedDepth];
            saved[savedDepth] = null;
        }
    }

    /** True while this thread runs the gate's own code. */
    public boolean isInternal() {
        return internal > 0;
    }

    public void enterInternal() {
        internal++;
    }

    public void exitInternal() {
        internal--;
    }

    /** For threads the gate owns (resolvers, timers): never gated, never inside a tool. */
    public void markInternalForLife() {
        frame = null;
        internal = 1;
    }
}
