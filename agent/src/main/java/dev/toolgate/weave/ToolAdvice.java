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
    public static ToolFrame enter(@ToolId int toolId, @Advice.Origin Class<?> owner,
                                  @Advice.AllArguments(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object[] args) {
        ToolFrame frame = ToolCalls.enter(toolId, owner, args);
        args = frame.arguments();
        return frame;
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    public static void exit(@Advice.Enter ToolFrame frame,
                            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object result,
                            @Advice.Thrown(readOnly = false) Throwable thrown) {
        ToolCalls.exit(frame, result, thrown);
        thrown = frame.thrown();
        if (thrown == null) {
            // Not when it throws: a null result of a primitive method would not unbox.
            result = frame.result();
        }
    }
}
