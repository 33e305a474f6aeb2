package dev.toolgate.weave;

import static dev.toolgate.weave.Injection.JDK_OPS;
import static dev.toolgate.weave.Injection.onEntry;

import dev.toolgate.weave.Injection.Load;
import java.util.List;

/**
 * Exit (System.exit goes through Runtime.exit; Runtime.halt skips the shutdown hooks), and the
 * two ways to run code the gate cannot see: native libraries and agents attached at run time.
 */
final class ExitHooks {

    private static final Injection CHECK_EXIT = onEntry(JDK_OPS, "exit", "(I)V", Load.argument(0));

    static final List<JdkHook> HOOKS = List.of(
            JdkHook.of("java/lang/Runtime", "exit", "(I)", CHECK_EXIT),
            JdkHook.of("java/lang/Runtime", "halt", "(I)", CHECK_EXIT),
            // System.load and System.loadLibrary end here, with the calling class first.
            JdkHook.of("java/lang/Runtime", "load0", "(Ljava/lang/Class;Ljava/lang/String;)",
                    onEntry(JDK_OPS, "loadNative", "(Ljava/lang/Class;Ljava/lang/String;)V", Load.argument(0),
                            Load.argument(1))),
            JdkHook.of("java/lang/Runtime", "loadLibrary0", "(Ljava/lang/Class;Ljava/lang/String;)",
                    onEntry(JDK_OPS, "loadNative", "(Ljava/lang/Class;Ljava/lang/String;)V", Load.argument(0),
                            Load.argument(1))));

    /** Deep reflection, which could otherwise reach the gate's own state and switch it off. */
    static final List<JdkHook> REFLECTION = List.of(
            JdkHook.of("java/lang/reflect/AccessibleObject", "checkCanSetAccessible",
                    "(Ljava/lang/Class;Ljava/lang/Class;Z)",
                    onEntry(JDK_OPS, "deepReflection", "(Ljava/lang/Class;Ljava/lang/Class;)V", Load.argument(0),
                            Load.argument(1))),
            JdkHook.of("java/lang/invoke/MethodHandles", "privateLookupIn",
                    "(Ljava/lang/Class;Ljava/lang/invoke/MethodHandles$Lookup;)",
                    onEntry(JDK_OPS, "privateLookup", "(Ljava/lang/Class;Ljava/lang/Object;)V", Load.argument(0),
                            Load.argument(1))));

    /** In module jdk.attach, loaded only when an application uses it. */
    static final List<JdkHook> ATTACH = List.of(
            JdkHook.of("com/sun/tools/attach/VirtualMachine", "attach", "",
                    onEntry(JDK_OPS, "attach", "(Ljava/lang/Object;)V", Load.argument(0))));

    private ExitHooks() {
    }
}
