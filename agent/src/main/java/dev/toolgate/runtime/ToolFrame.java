package dev.toolgate.runtime;

/**
 * One running tool call on a thread; frames link to the call they run inside. The woven exit
 * code finds it in the thread's context; ending the call may replace its result or exception.
 */
public final class ToolFrame {

    private final ToolSpec spec;
    private final Session session;
    private final String agent;
    private final long seq;
    private final long startNanos;
    private final ToolFrame parent;
    private ToolFrame previousOnThread;
    private final java.util.List<Process> processes = new java.util.ArrayList<>(0);
    private Object result;
    private Throwable thrown;
    /** The thread the call runs on: only its interrupts cancel or are held back. */
    final Thread thread = Thread.currentThread();
    private volatile String cancelReason;
    private boolean cancelledByInterrupt;
    /** System.nanoTime() past which the call is overdue; 0 for none. */
    volatile long deadlineNanos;
    volatile boolean overdueHandled;
    /** An interrupt held back while this BLOCK call ran, delivered when it returns. */
    volatile boolean interruptHeld;
    java.util.concurrent.locks.Lock sessionLock;
    private Object[] arguments;

    ToolFrame(ToolSpec spec, Session session, String agent, long seq, ToolFrame parent) {
        this.spec = spec;
        this.session = session;
        this.agent = agent;
        this.seq = seq;
        this.parent = parent;
        this.startNanos = System.nanoTime();
    }

    public static ToolFrame current() {
        return ThreadContext.current().frame;
    }

    /** @return the frame this thread worked for before, to restore when the call ends */
    ToolFrame push() {
        return ThreadContext.current().swap(this);
    }

    public ToolSpec spec() {
        return spec;
    }

    public Session session() {
        return session;
    }

    /** "lead", or the name of the enclosing subagent tool. */
    public String agent() {
        return agent;
    }

    /** The agent that calls made inside this one belong to. */
    String agentForChildren() {
        return spec.subagent() ? spec.name() : agent;
    }

    /** Whether this call runs inside a sub-agent, where nobody can be asked. */
    boolean isSilent() {
        return !"lead".equals(agentForChildren());
    }

    public long seq() {
        return seq;
    }

    long startNanos() {
        return startNanos;
    }

    ToolFrame parent() {
        return parent;
    }

    void enteredAfter(ToolFrame previous) {
        this.previousOnThread = previous;
    }

    void pop() {
        ThreadContext.current().swap(previousOnThread);
    }

    synchronized void processStarted(Process process) {
        processes.add(process);
    }

    /** The processes this call started, to be killed with it. */
    synchronized java.util.List<Process> processes() {
        return java.util.List.copyOf(processes);
    }

    /** Cancelled itself, or inside a cancelled call: the reason, else null. */
    public String cancelled() {
        for (ToolFrame frame = this; frame != null; frame = frame.parent) {
            String reason = frame.cancelReason;
            if (reason != null) {
                return reason;
            }
        }
        return null;
    }

    /** Marks the call cancelled (the first reason stays) and kills the processes it started. */
    void cancel(String reason) {
        cancel(reason, false);
    }

    void cancelByInterrupt() {
        cancel("interrupted", true);
    }

    /** Whether the call was cancelled by an interrupt of its thread (whose status the caller keeps). */
    boolean cancelledByInterrupt() {
        return cancelledByInterrupt;
    }

    private void cancel(String reason, boolean byInterrupt) {
        synchronized (this) {
            if (cancelReason == null) {
                cancelReason = reason;
                cancelledByInterrupt = byInterrupt;
            }
        }
        for (Process process : processes()) {
            ProcessWatch.killTree(process);
        }
    }

    boolean isBlock() {
        return spec.interrupt() == dev.toolgate.annotations.InterruptBehavior.BLOCK;
    }

    public Object result() {
        return result;
    }

    public Throwable thrown() {
        return thrown;
    }

    /** The arguments the tool runs with: the caller's, or the ones a pre-hook put in their place. */
    public Object[] arguments() {
        return arguments;
    }

    void arguments(Object[] callArguments) {
        this.arguments = callArguments;
    }

    void complete(Object newResult, Throwable newThrown) {
        this.result = newResult;
        this.thrown = newThrown;
    }
}
