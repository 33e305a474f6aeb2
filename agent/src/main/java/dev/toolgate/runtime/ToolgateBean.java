package dev.toolgate.runtime;

import dev.toolgate.api.ToolgateMXBean;
import dev.toolgate.settings.Mode;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import javax.management.ObjectName;

/**
 * The JMX bean, registered a moment after start-up, on its own thread: creating the platform
 * MBean server costs more than the rest of the agent's start, and a short-lived JVM never needs it.
 */
public final class ToolgateBean implements ToolgateMXBean {

    public static final String NAME = "dev.toolgate:type=Toolgate";
    static final long REGISTER_AFTER_MILLIS = 1000;

    private final GateRuntime runtime;

    private ToolgateBean(GateRuntime runtime) {
        this.runtime = runtime;
    }

    public static void registerLater(GateRuntime runtime) {
        Thread thread = new Thread(() -> {
            ThreadContext.current().markInternalForLife();
            try {
                Thread.sleep(REGISTER_AFTER_MILLIS);
                ManagementFactory.getPlatformMBeanServer().registerMBean(new ToolgateBean(runtime), new ObjectName(NAME));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception | LinkageError e) {
                System.err.println("toolgate: warning: JMX bean " + NAME + " not registered: " + e);
            }
        }, "toolgate-jmx");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public String getMode() {
        return runtime.mode().get().label();
    }

    @Override
    public void setMode(String mode) {
        runtime.mode().set(Mode.fromLabel(mode));
    }

    @Override
    public void cancelSession(String session) {
        runtime.cancelSession(session, "cancelled through JMX");
    }

    @Override
    public void resumeSession(String session) {
        runtime.resumeSession(session);
    }

    @Override
    public Map<String, String> getCancelledSessions() {
        Map<String, String> out = new TreeMap<>();
        for (Session session : runtime.sessions().all()) {
            if (session.cancelled() != null) {
                out.put(session.name(), session.cancelled());
            }
        }
        return out;
    }

    @Override
    public Map<String, Long> getCallsBySession() {
        return bySession(Session::calls);
    }

    @Override
    public Map<String, Long> getDenialsBySession() {
        return bySession(Session::denials);
    }

    @Override
    public Map<String, Long> getAsksBySession() {
        return bySession(Session::asks);
    }

    @Override
    public Map<String, Long> getErrorsBySession() {
        return bySession(Session::errors);
    }

    @Override
    public Map<String, Long> getCancellationsBySession() {
        return bySession(Session::cancellations);
    }

    @Override
    public Map<String, Long> getCallsByTool() {
        return runtime.stats().calls();
    }

    @Override
    public Map<String, Long> getDenialsByTool() {
        return runtime.stats().denials();
    }

    @Override
    public Map<String, Long> getErrorsByTool() {
        return runtime.stats().errors();
    }

    @Override
    public Map<String, Long> getCancellationsByTool() {
        return runtime.stats().cancellations();
    }

    @Override
    public Map<String, Double> getLatencyP50MillisByTool() {
        return runtime.stats().latencyMillis(0.50);
    }

    @Override
    public Map<String, Double> getLatencyP90MillisByTool() {
        return runtime.stats().latencyMillis(0.90);
    }

    @Override
    public Map<String, Double> getLatencyP99MillisByTool() {
        return runtime.stats().latencyMillis(0.99);
    }

    private Map<String, Long> bySession(ToLongFunction<Session> value) {
        Map<String, Long> out = new TreeMap<>();
        for (Session session : runtime.sessions().all()) {
            out.put(session.name(), value.applyAsLong(session));
        }
        return out;
    }
}
