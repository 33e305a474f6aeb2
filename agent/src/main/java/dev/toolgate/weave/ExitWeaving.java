package dev.toolgate.weave;

import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.toolgate.bootstrap.JdkOps;
import java.util.List;
import net.bytebuddy.asm.Advice;

/** Exit: System.exit goes through Runtime.exit; Runtime.halt skips the shutdown hooks. */
final class ExitWeaving {

    private ExitWeaving() {
    }

    static List<JdkTarget> targets() {
        return List.of(JdkTarget.of("java.lang.Runtime", namedOneOf("exit", "halt").and(takesArguments(int.class)),
                CheckExit.class));
    }

    static final class CheckExit {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) int status) {
            JdkOps.exit(status);
        }
    }
}
