package dev.toolgate.weave;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.toolgate.runtime.ContextTasks;
import java.util.List;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Work a tool hands to other threads stays inside its call. New threads inherit it; pool
 * threads forget what they inherited and take each task's own: executor tasks are wrapped when
 * submitted, ForkJoin tasks (parallel streams, CompletableFuture) remembered when created.
 */
final class ThreadWeaving {

    private ThreadWeaving() {
    }

    static List<JdkTarget> targets() {
        return List.of(
                JdkTarget.of("java.util.concurrent.ThreadPoolExecutor",
                        named("execute").and(takesArguments(Runnable.class)), WrapFirstArgument.class),
                JdkTarget.of("java.util.concurrent.ScheduledThreadPoolExecutor",
                        namedOneOf("schedule", "scheduleAtFixedRate", "scheduleWithFixedDelay"), WrapFirstArgument.class),
                JdkTarget.of("java.util.concurrent.ThreadPoolExecutor", named("runWorker"), PoolThreadStarts.class),
                JdkTarget.of("java.util.concurrent.ForkJoinWorkerThread", named("run").and(takesArguments(0)),
                        PoolThreadStarts.class),
                JdkTarget.of("java.util.concurrent.ForkJoinTask", isConstructor(), ForkJoinTaskCreated.class),
                JdkTarget.of("java.util.concurrent.ForkJoinTask", named("doExec"), ForkJoinTaskRuns.class));
    }

    static final class WrapFirstArgument {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(value = 0, readOnly = false, typing = Assigner.Typing.DYNAMIC) Object task) {
            task = ContextTasks.wrap(task);
        }
    }

    static final class PoolThreadStarts {
        @Advice.OnMethodEnter
        static void enter() {
            ContextTasks.poolThreadStarts();
        }
    }

    static final class ForkJoinTaskCreated {
        @Advice.OnMethodExit
        static void exit(@Advice.This Object task) {
            ContextTasks.forkJoinTaskCreated(task);
        }
    }

    static final class ForkJoinTaskRuns {
        @Advice.OnMethodEnter
        static Object enter(@Advice.This Object task) {
            return ContextTasks.forkJoinTaskStarts(task);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class)
        static void exit(@Advice.Enter Object restore) {
            ContextTasks.forkJoinTaskDone(restore);
        }
    }
}
