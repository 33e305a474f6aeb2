package dev.toolgate.runtime;

import dev.toolgate.gate.CompiledRule;
import dev.toolgate.gate.RuleIndex;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** One agent session: its run-time grants, its denial streak, its counters. */
public final class Session {

    static final int MAX_DENIALS_IN_A_ROW = 3;
    static final int MAX_DENIALS_IN_ALL = 20;

    private final String name;
    private final AtomicLong seq = new AtomicLong();
    private volatile RuleIndex grants = RuleIndex.EMPTY;
    private int denialsInARow;
    private int denialsInAll;
    final LongAdder calls = new LongAdder();
    final LongAdder denials = new LongAdder();
    final LongAdder asks = new LongAdder();
    final LongAdder errors = new LongAdder();
    final LongAdder cancellations = new LongAdder();
    /** Calls running now, on any thread: for cancelling the session or a failed call's siblings. */
    final java.util.Set<ToolFrame> running = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Tools that are not concurrency-safe take it exclusively; safe ones share it. Fair: no one starves. */
    final java.util.concurrent.locks.ReentrantReadWriteLock turns =
            new java.util.concurrent.locks.ReentrantReadWriteLock(true);
    private volatile String cancelReason;
    private String lastCall;
    private int lastCallRepeats;

    Session(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    long nextSeq() {
        return seq.incrementAndGet();
    }

    RuleIndex grants() {
        return grants;
    }

    synchronized void grant(CompiledRule rule) {
        grants = grants.plus(rule);
    }

    synchronized void recordOutcome(boolean denied) {
        if (denied) {
            denialsInARow++;
            denialsInAll++;
        } else {
            denialsInARow = 0;
        }
    }

    synchronized boolean denialLimitReached() {
        return denialsInARow >= MAX_DENIALS_IN_A_ROW || denialsInAll >= MAX_DENIALS_IN_ALL;
    }

    /** A human looked at the session again: the streak starts over (the total does not). */
    synchronized void humanAnswered() {
        denialsInARow = 0;
    }

    /** Counts this call among identical consecutive ones: how many in a row it makes. */
    synchronized int repeats(String call) {
        if (call.equals(lastCall)) {
            lastCallRepeats++;
        } else {
            lastCall = call;
            lastCallRepeats = 1;
        }
        return lastCallRepeats;
    }

    /** Why the session is cancelled, or null while it runs. */
    public String cancelled() {
        return cancelReason;
    }

    void cancel(String reason) {
        cancelReason = reason;
    }

    void resume() {
        cancelReason = null;
    }

    public long cancellations() {
        return cancellations.sum();
    }

    public long calls() {
        return calls.sum();
    }

    public long denials() {
        return denials.sum();
    }

    public long asks() {
        return asks.sum();
    }

    public long errors() {
        return errors.sum();
    }
}
