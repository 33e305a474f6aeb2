package dev.toolgate.weave;

import static dev.toolgate.weave.Injection.JDK_OPS;
import static dev.toolgate.weave.Injection.onEntry;
import static dev.toolgate.weave.Injection.onReturnValue;

import dev.toolgate.weave.Injection.Load;
import java.util.List;

/**
 * Processes: every route (ProcessBuilder.start, startPipeline, all Runtime.exec overloads)
 * ends in the static ProcessImpl.start, with the command already copied out of the
 * ProcessBuilder: what is checked is what runs, whatever another thread does to the builder.
 */
final class ProcessHooks {

    static final List<JdkHook> HOOKS = List.of(
            JdkHook.of("java/lang/ProcessImpl", "start", "([Ljava/lang/String;",
                    onEntry(JDK_OPS, "exec", "([Ljava/lang/String;)V", Load.argument(0))),
            // Watched from the start, so that it is killed at its time limit or when its tool is cancelled.
            JdkHook.of("java/lang/ProcessImpl", "start", "([Ljava/lang/String;",
                    onReturnValue(JDK_OPS, "processStarted")));

    private ProcessHooks() {
    }
}
