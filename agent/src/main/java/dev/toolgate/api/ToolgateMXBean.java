package dev.toolgate.api;

import java.util.Map;

/**
 * The gate at run time, as the JMX bean {@code dev.toolgate:type=Toolgate} (visible in
 * jconsole): the same operations as {@link Toolgate}, and counters.
 */
public interface ToolgateMXBean {

    String getMode();

    void setMode(String mode);

    void cancelSession(String session);

    void resumeSession(String session);

    /** Sessions that are cancelled now, with why. */
    Map<String, String> getCancelledSessions();

    Map<String, Long> getCallsBySession();

    Map<String, Long> getDenialsBySession();

    Map<String, Long> getAsksBySession();

    Map<String, Long> getErrorsBySession();

    Map<String, Long> getCancellationsBySession();

    Map<String, Long> getCallsByTool();

    Map<String, Long> getDenialsByTool();

    Map<String, Long> getErrorsByTool();

    Map<String, Long> getCancellationsByTool();

    /** Median call time per tool, in milliseconds (to a power of two of microseconds). */
    Map<String, Double> getLatencyP50MillisByTool();

    Map<String, Double> getLatencyP90MillisByTool();

    Map<String, Double> getLatencyP99MillisByTool();
}
