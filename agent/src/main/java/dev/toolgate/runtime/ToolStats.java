package dev.toolgate.runtime;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/** Counters and latencies per tool, for the JMX bean. Latencies in power-of-two microsecond buckets. */
public final class ToolStats {

    private static final int BUCKETS = 48;

    private final ConcurrentHashMap<String, PerTool> byTool = new ConcurrentHashMap<>();

    /** One tool's numbers. */
    static final class PerTool {
        final LongAdder calls = new LongAdder();
        final LongAdder denials = new LongAdder();
        final LongAdder asks = new LongAdder();
        final LongAdder errors = new LongAdder();
        final LongAdder cancellations = new LongAdder();
        final AtomicLongArray latency = new AtomicLongArray(BUCKETS);

        /** The upper bound of the bucket that holds the given fraction of the calls, in milliseconds. */
        double percentileMillis(double fraction) {
            long total = 0;
            for (int i = 0; i < BUCKETS; i++) {
                total += latency.get(i);
            }
            if (total == 0) {
                return 0;
            }
            long wanted = (long) Math.ceil(total * fraction);
            long seen = 0;
            for (int i = 0; i < BUCKETS; i++) {
                seen += latency.get(i);
                if (seen >= wanted) {
                    return (1L << i) / 1000.0;
                }
            }
            return (1L << (BUCKETS - 1)) / 1000.0;
        }
    }

    private PerTool tool(String name) {
        return byTool.computeIfAbsent(name, k -> new PerTool());
    }

    /** One decision on a call of the tool: fed by the built-in metrics hook. */
    public void decided(String tool, boolean denied, boolean asked) {
        PerTool stats = tool(tool);
        stats.calls.increment();
        if (denied) {
            stats.denials.increment();
        }
        if (asked) {
            stats.asks.increment();
        }
    }

    /** How a call of the tool that ran ended: fed by the built-in metrics hook. */
    public void ran(String tool, String status, long elapsedNanos) {
        PerTool stats = tool(tool);
        if ("FAIL".equals(status)) {
            stats.errors.increment();
        } else if ("CANCELLED".equals(status)) {
            stats.cancellations.increment();
        }
        long micros = Math.max(1, elapsedNanos / 1000);
        int bucket = Math.min(BUCKETS - 1, 64 - Long.numberOfLeadingZeros(micros - 1));
        stats.latency.incrementAndGet(bucket);
    }

    public Map<String, Long> calls() {
        return collect(s -> s.calls.sum());
    }

    public Map<String, Long> denials() {
        return collect(s -> s.denials.sum());
    }

    public Map<String, Long> errors() {
        return collect(s -> s.errors.sum());
    }

    public Map<String, Long> cancellations() {
        return collect(s -> s.cancellations.sum());
    }

    public Map<String, Double> latencyMillis(double fraction) {
        Map<String, Double> out = new TreeMap<>();
        byTool.forEach((name, stats) -> out.put(name, stats.percentileMillis(fraction)));
        return out;
    }

    private Map<String, Long> collect(java.util.function.ToLongFunction<PerTool> value) {
        Map<String, Long> out = new TreeMap<>();
        byTool.forEach((name, stats) -> out.put(name, value.applyAsLong(stats)));
        return out;
    }
}
