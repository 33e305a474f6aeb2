package dev.toolgate.agent;

import dev.toolgate.ask.AskBroker;
import dev.toolgate.audit.AuditLog;
import dev.toolgate.runtime.GateRuntime;
import dev.toolgate.runtime.Session;
import dev.toolgate.runtime.ToolgateBean;
import dev.toolgate.settings.AgentArguments;
import dev.toolgate.settings.Settings;
import dev.toolgate.settings.SettingsException;
import dev.toolgate.settings.SettingsLoader;
import dev.toolgate.bootstrap.JdkOps;
import dev.toolgate.weave.JdkWeaving;
import dev.toolgate.weave.ToolWeaving;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Start-up, on the boot class path: read the arguments and settings, open the audit log,
 * install the gate, then weave. Any failure stops the JVM at start: the agent fails closed.
 */
public final class AgentMain {

    static final int START_FAILURE = 78;
    static final long ASK_TIMEOUT_MILLIS = 120_000;

    private AgentMain() {
    }

    public static void start(String options, Instrumentation instrumentation, boolean dynamic) {
        try {
            // At JVM start, first: JDK classes loaded from here on are woven as they load, cheaper than
            // retransforming them (until the runtime is installed the hooks let everything pass). A dynamic
            // attach weaves only once its settings have been read: failing, it leaves the JVM as it was.
            if (!dynamic) {
                JdkWeaving.install(instrumentation);
            }
            AgentArguments arguments = AgentArguments.parse(options);
            Settings settings = SettingsLoader.load(arguments);
            AuditLog audit = AuditLog.open(settings.audit().path());
            AskBroker broker = AskBroker.create(settings.askResolver(),
                    Long.getLong("toolgate.askTimeoutMillis", ASK_TIMEOUT_MILLIS));
            GateRuntime runtime = GateRuntime.create(settings, audit, broker);
            GateRuntime.install(runtime);
            if (dynamic) {
                JdkWeaving.install(instrumentation);
            }
            ToolWeaving.install(instrumentation);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> writeSessionStops(runtime), "toolgate-stop"));
            ToolgateBean.registerLater(runtime);
            verifyJdk(dynamic);
        } catch (SettingsException e) {
            fail(e.getMessage(), dynamic, e);
        } catch (IOException e) {
            fail("toolgate: cannot open the audit log: " + e.getMessage(), dynamic, e);
        } catch (RuntimeException | LinkageError e) {
            fail("toolgate: cannot start: " + e, dynamic, e);
        }
    }

    /**
     * The JDK self-test. At JVM start it runs beside the application, which need not wait for it:
     * every hook is already in place, and what the test can find (a route that no longer reaches
     * its hook) depends only on the JDK build; it stops the JVM if it finds one. A dynamic attach
     * runs it first and, failing, leaves the running JVM as it was.
     */
    private static void verifyJdk(boolean dynamic) {
        if (dynamic) {
            JdkWeaving.verify();
            return;
        }
        Thread selfTest = new Thread(() -> {
            try {
                JdkWeaving.verify();
            } catch (RuntimeException | LinkageError e) {
                fail("toolgate: cannot start: " + e, false, e);
            }
        }, "toolgate-self-test");
        selfTest.setDaemon(true);
        selfTest.start();
    }

    /** At JVM start the process ends here; a dynamic attach fails without touching the running JVM. */
    private static void fail(String message, boolean dynamic, Throwable cause) {
        System.err.println(message);
        System.err.flush();
        if (!dynamic) {
            JdkOps.haltFromGate(START_FAILURE);
        }
        throw new IllegalStateException(message, cause);
    }

    private static void writeSessionStops(GateRuntime runtime) {
        for (Session session : runtime.sessions().all()) {
            Map<String, Object> counts = new LinkedHashMap<>();
            counts.put("session", session.name());
            counts.put("calls", session.calls());
            counts.put("denials", session.denials());
            counts.put("asks", session.asks());
            counts.put("errors", session.errors());
            counts.put("cancellations", session.cancellations());
            runtime.audit().event("session_stop", counts);
        }
    }
}
