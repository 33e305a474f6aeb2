package dev.toolgate.agent;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * The agent's entry point, loaded by the application class loader. It puts the agent jar on
 * the boot class path and hands over to {@code AgentMain} there, so that one copy of the
 * gate is visible to every class loader, the JDK's own classes included.
 */
public final class AgentLauncher {

    private AgentLauncher() {
    }

    public static void premain(String options, Instrumentation instrumentation) {
        launch(options, instrumentation, false);
    }

    public static void agentmain(String options, Instrumentation instrumentation) {
        launch(options, instrumentation, true);
    }

    private static void launch(String options, Instrumentation instrumentation, boolean dynamic) {
        try {
            // Loaded by the boot loader, the jar is on the boot class path already (-Xbootclasspath/a), as a
            // class-data sharing archive of the agent needs it.
            if (AgentLauncher.class.getClassLoader() != null) {
                Path jar = Path.of(AgentLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                instrumentation.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
            }
            Class<?> main = Class.forName("dev.toolgate.agent.AgentMain", true, null);
            main.getMethod("start", String.class, Instrumentation.class, boolean.class)
                    .invoke(null, options, instrumentation, dynamic);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause);
        } catch (Exception e) {
            System.err.println("toolgate: cannot start the agent: " + e);
            if (!dynamic) {
                Runtime.getRuntime().halt(AgentMain.START_FAILURE);
            }
            throw new IllegalStateException(e);
        }
    }
}
