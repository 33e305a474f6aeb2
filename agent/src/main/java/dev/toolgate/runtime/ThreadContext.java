package dev.toolgate.runtime;

/**
 * What a thread carries for the gate: the tool call it works for, the session its work belongs
 * to, and whether it is running the gate's own code (whose file, process and socket use must
 * never be gated again). Threads inherit their creator's call and session; pool threads drop
 * them and take each task's own.
 */
public final class ThreadContext {

    private static final InheritableThreadLocal<ThreadContext> CURRENT = new InheritableThreadLocal<>() {
        @Override
        protected ThreadContext initialValue() {
            return new ThreadContext(null);
        }

        @Override
        protected ThreadContext childValue(ThreadContext parent) {
            ThreadContext child = new ThreadContext(parent.frame);
            child.session = parent.session;
            return child;
        }
    };

    /** A task's tool call and session, to run it in. */
    record Carried(ToolFrame frame, Session session) {
    }

    /** Volatile: an interrupting thread reads it to learn what this thread is running. */
    volatile ToolFrame frame;
    /** Set by Toolgate.callInSession; null means the default session. */
    Session session;
    private boolean registered;
    private Carried[] saved = new Carried[4];
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

    /** What a task handed off from here must run in, or null when there is nothing to carry. */
    Carried capture() {
        ToolFrame currentFrame = frame;
        return currentFrame == null && session == null ? null : new Carried(currentFrame, session);
    }

    void restore(Carried carried) {
        frame = carried == null ? null : carried.frame();
        session = carried == null ? null : carried.session();
    }

    /** Runs a hand-off task: in its own call and session if it has them, else in this thread's. Balanced by {@link #taskEnds}. */
    void taskStarts(Carried task) {
        if (savedDepth == saved.length) {
            saved = java.util.Arrays.copyOf(saved, savedDepth * 2);
        }
        saved[savedDepth++] = capture();
        if (task != null) {
            restore(task);
        }
    }

    void taskEnds() {
        if (savedDepth > 0) {
            restore(saved[--savedDepth]);
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
        session = null;
        internal = 1;
    }
}
