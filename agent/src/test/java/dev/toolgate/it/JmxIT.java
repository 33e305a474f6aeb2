package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolgate.api.ToolgateMXBean;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import javax.management.JMX;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JMX bean {@code dev.toolgate:type=Toolgate} (SPEC §9) through a real remote connection
 * (loopback only): counters, and operations whose effect the child JVM reports.
 */
class JmxIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void counters_mode_and_session_operations_over_a_remote_connection(Path jdk) throws Exception {
        ChildJvm dirs = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["jmx_echo", "jmx_edit", "jmx_long"], "deny": ["jmx_denied"]}}
                """);
        int port = freePort();
        try (LiveJvm child = LiveJvm.of(jdk, dirs).agentOptions("ask=deny")
                .jvmOption("-Dcom.sun.management.jmxremote.port=" + port)
                .jvmOption("-Dcom.sun.management.jmxremote.rmi.port=" + port)
                .jvmOption("-Dcom.sun.management.jmxremote.authenticate=false")
                .jvmOption("-Dcom.sun.management.jmxremote.ssl=false")
                .jvmOption("-Dcom.sun.management.jmxremote.host=127.0.0.1")
                .jvmOption("-Djava.rmi.server.hostname=127.0.0.1")
                .start("dev.toolgate.fixtures.JmxTarget")) {
            child.awaitOutput("READY", 1, WAIT);
            JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
            try (JMXConnector connector = JMXConnectorFactory.connect(url)) {
                MBeanServerConnection server = connector.getMBeanServerConnection();
                ObjectName name = new ObjectName("dev.toolgate:type=Toolgate");
                long until = System.nanoTime() + WAIT.toNanos();
                while (!server.isRegistered(name) && System.nanoTime() < until) {
                    Thread.sleep(50);
                }
                assertThat(server.isRegistered(name)).as("bean registered: %s", child).isTrue();
                ToolgateMXBean bean = JMX.newMXBeanProxy(server, name, ToolgateMXBean.class);

                // Counters of the calls made before READY.
                assertThat(bean.getCallsByTool()).containsEntry("jmx_echo", 3L).containsEntry("jmx_denied", 1L);
                assertThat(bean.getDenialsByTool()).containsEntry("jmx_denied", 1L);
                assertThat(bean.getCallsBySession()).containsEntry("jmx-a", 3L).containsEntry("jmx-b", 1L);
                assertThat(bean.getDenialsBySession()).containsEntry("jmx-a", 1L).containsEntry("jmx-b", 0L);
                assertThat(bean.getLatencyP50MillisByTool()).hasEntrySatisfying("jmx_echo", v -> assertThat(v).isPositive());
                assertThat(bean.getLatencyP90MillisByTool()).hasEntrySatisfying("jmx_echo", v -> assertThat(v).isPositive());
                assertThat(bean.getLatencyP99MillisByTool()).hasEntrySatisfying("jmx_echo", v -> assertThat(v).isPositive());

                // The mode, set from outside: plan denies an edit, default allows it again.
                assertThat(bean.getMode()).isEqualTo("default");
                bean.setMode("plan");
                assertThat(ask(child, "mode", "MODE ")).isEqualTo("MODE plan");
                assertThat(ask(child, "call jmx-b p", "CALL jmx-b p ")).contains("PermissionDeniedException:Permission denied: tool 'jmx_edit'");
                bean.setMode("default");
                assertThat(ask(child, "mode", "MODE ", 2)).isEqualTo("MODE default");
                assertThat(ask(child, "call jmx-b q", "CALL jmx-b q ")).isEqualTo("CALL jmx-b q value:edited q");

                // Cancel a session: its running CANCEL tool stops, its new calls are refused, others run.
                child.send("long jmx-a");
                child.awaitOutput("LONG jmx-a STARTED", 1, WAIT);
                bean.cancelSession("jmx-a");
                child.awaitOutput("LONG jmx-a CancellationException", 1, WAIT);
                assertThat(bean.getCancelledSessions()).containsKey("jmx-a").doesNotContainKey("jmx-b");
                assertThat(ask(child, "call jmx-a r", "CALL jmx-a r ")).startsWith("CALL jmx-a r CancellationException:");
                assertThat(ask(child, "call jmx-b s", "CALL jmx-b s ")).isEqualTo("CALL jmx-b s value:edited s");
                bean.resumeSession("jmx-a");
                assertThat(bean.getCancelledSessions()).doesNotContainKey("jmx-a");
                assertThat(ask(child, "call jmx-a t", "CALL jmx-a t ")).isEqualTo("CALL jmx-a t value:edited t");
                assertThat(bean.getCancellationsBySession()).containsEntry("jmx-a", 1L).containsEntry("jmx-b", 0L);
                assertThat(bean.getCancellationsByTool()).containsEntry("jmx_long", 1L);
                assertThat(bean.getCallsByTool()).containsEntry("jmx_edit", 4L);
            }
            child.send("quit");
            child.waitFor(WAIT);
        }
    }

    private static String ask(LiveJvm child, String command, String answerPrefix) throws Exception {
        return ask(child, command, answerPrefix, 1);
    }

    /** Sends a command and returns the {@code nth} output line that starts with the prefix. */
    private static String ask(LiveJvm child, String command, String answerPrefix, int nth) throws Exception {
        child.send(command);
        child.awaitOutput(answerPrefix, nth, WAIT);
        return child.output().lines().filter(l -> l.startsWith(answerPrefix)).skip(nth - 1L).findFirst().orElseThrow();
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
