package dev.toolgate.weave;

import dev.toolgate.bootstrap.ToolCalls;
import dev.toolgate.runtime.ToolFrame;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined into every tool method that returns a value. */
public final class ToolAdvice {

    private ToolAdvice() {
    }

    @Advice.OnMethodEnter
    public static ToolFrame enter(@ToolId int toolId, @Advice.AllArguments Object[] args) {
        return ToolCalls.enter(toolId, args);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    public static void exit(@Advice.Enter ToolFrame frame,
                            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object result,
                            @Advice.Thrown(readOnly = false) Throwable thrown) {
        ToolCalls.exit(frame, result, thrown);
        result = frame.result();
        thrown = frame.thrown();
    }
}
