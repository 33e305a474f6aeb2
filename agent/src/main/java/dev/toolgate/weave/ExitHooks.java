package dev.toolgate.weave;

import static dev.toolgate.weave.Injection.JDK_OPS;
import static dev.toolgate.weave.Injection.onEntry;

import dev.toolgate.weave.Injection.Load;
import java.util.List;

/** Exit: System.exit goes through Runtime.exit; Runtime.halt skips the shutdown hooks. */
final class ExitHooks {

    private static final Injection CHECK_EXIT = onEntry(JDK_OPS, "exit", "(I)V", Load.argument(0));

    static final List<JdkHook> HOOKS = List.of(
            JdkHook.of("java/lang/Runtime", "exit", "(I)", CHECK_EXIT),
            JdkHook.of("java/lang/Runtime", "halt", "(I)", CHECK_EXIT));

    private ExitHooks() {
    }
}
