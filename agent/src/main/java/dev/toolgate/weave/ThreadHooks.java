package dev.toolgate.weave;

import static dev.toolgate.weave.Injection.CONTEXT_TASKS;
import static dev.toolgate.weave.Injection.onEntry;
import static dev.toolgate.weave.Injection.onReturn;
import static dev.toolgate.weave.Injection.replaceArgument;

import dev.toolgate.weave.Injection.Call;
import dev.toolgate.weave.Injection.Load;
import java.util.List;

/**
 * Interrupts, and work a tool hands to other threads, which stays inside its call. New threads inherit it; pool
 * threads forget what they inherited and take each task's own: executor tasks are wrapped when
 * submitted, ForkJoin tasks (parallel streams, CompletableFuture) remembered when created.
 */
final class ThreadHooks {

    private static final Injection WRAP_TASK = replaceArgument(0, CONTEXT_TASKS, "wrap");
    private static final Injection POOL_THREAD_STARTS = onEntry(CONTEXT_TASKS, "poolThreadStarts", "()V");
    private static final String STPE = "java/util/concurrent/ScheduledThreadPoolExecutor";

    private static final Injection HOLD_BACK_INTERRUPT = Injection.returnIf("dev/toolgate/runtime/Interrupts",
            "holdBack", "(Ljava/lang/Thread;)Z", Load.self());

    static final List<JdkHook> HOOKS = List.of(
            // A BLOCK tool's thread keeps running undisturbed; a CANCEL tool is cancelled (SPEC §9).
            JdkHook.of("java/lang/Thread", "interrupt", "()V", HOLD_BACK_INTERRUPT),
            JdkHook.ifPresent("java/lang/VirtualThread", "interrupt", "()V", HOLD_BACK_INTERRUPT),
            JdkHook.of("java/util/concurrent/ThreadPoolExecutor", "execute", "(Ljava/lang/Runnable;)", WRAP_TASK),
            // The scheduled executor queues tasks itself rather than through execute().
            JdkHook.of(STPE, "schedule", "", WRAP_TASK),
            JdkHook.of(STPE, "scheduleAtFixedRate", "", WRAP_TASK),
            JdkHook.of(STPE, "scheduleWithFixedDelay", "", WRAP_TASK),
            JdkHook.of("java/util/concurrent/ThreadPoolExecutor", "runWorker", "", POOL_THREAD_STARTS),
            JdkHook.of("java/util/concurrent/ForkJoinWorkerThread", "run", "()", POOL_THREAD_STARTS),
            JdkHook.of("java/util/concurrent/ForkJoinTask", "<init>", "()",
                    onReturn(CONTEXT_TASKS, "forkJoinTaskCreated", "(Ljava/lang/Object;)V", Load.self())),
            JdkHook.of("java/util/concurrent/ForkJoinTask", "doExec", "()", Injection.around(
                    new Call(CONTEXT_TASKS, "forkJoinTaskStarts", "(Ljava/lang/Object;)V", List.of(Load.self())),
                    new Call(CONTEXT_TASKS, "forkJoinTaskDone", "()V", List.of()))));

    private ThreadHooks() {
    }
}
