package dev.toolgate.weave;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;

import dev.toolgate.bootstrap.JdkOps;
import java.util.List;
import net.bytebuddy.asm.Advice;

/**
 * Processes: every route (ProcessBuilder.start, startPipeline, all Runtime.exec overloads)
 * ends in ProcessImpl.start, with the command already copied out of the ProcessBuilder: what
 * is checked is what runs, whatever another thread does to the builder afterwards.
 */
final class ProcessWeaving {

    private ProcessWeaving() {
    }

    static List<JdkTarget> targets() {
        return List.of(JdkTarget.of("java.lang.ProcessImpl", named("start").and(isStatic()), StartProcess.class));
    }

    static final class StartProcess {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) String[] command) {
            JdkOps.exec(command);
        }
    }
}
