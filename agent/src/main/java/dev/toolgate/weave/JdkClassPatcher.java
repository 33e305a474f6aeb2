package dev.toolgate.weave;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/** Puts the hooks' code into the matching methods of one JDK class; everything else is copied. */
final class JdkClassPatcher extends ClassVisitor {

    private final List<JdkHook> hooks;
    private final Set<JdkHook> applied;

    JdkClassPatcher(ClassVisitor next, List<JdkHook> hooks, Set<JdkHook> applied) {
        super(Opcodes.ASM9, next);
        this.hooks = hooks;
        this.applied = applied;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
        if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return next;
        }
        List<Injection> injections = new ArrayList<>();
        for (JdkHook hook : hooks) {
            if (hook.matches(name, descriptor)) {
                injections.add(hook.injection());
                applied.add(hook);
            }
        }
        if (injections.isEmpty()) {
            return next;
        }
        Injection.Shape shape = new Injection.Shape((access & Opcodes.ACC_STATIC) != 0, Type.getArgumentTypes(descriptor));
        return new HookedMethod(next, injections, shape);
    }

    private static final class HookedMethod extends MethodVisitor {
        private final List<Injection> injections;
        private final Injection.Shape shape;
        private final Label bodyStart = new Label();
        private boolean guarded;

        HookedMethod(MethodVisitor next, List<Injection> injections, Injection.Shape shape) {
            super(Opcodes.ASM9, next);
            this.injections = injections;
            this.shape = shape;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            for (Injection injection : injections) {
                injection.atEntry(mv, shape);
            }
            for (Injection injection : injections) {
                guarded |= injection.onThrow() != null;
            }
            if (guarded) {
                super.visitLabel(bodyStart);
            }
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                for (Injection injection : injections) {
                    injection.beforeReturn(mv, shape, opcode);
                }
            }
            super.visitInsn(opcode);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            if (guarded) {
                // A catch-all after the method's own handlers, so that they still catch first. The
                // frame names no locals: whatever the body held there is compatible with that.
                Label bodyEnd = new Label();
                Label handler = new Label();
                super.visitLabel(bodyEnd);
                super.visitTryCatchBlock(bodyStart, bodyEnd, handler, null);
                super.visitLabel(handler);
                super.visitFrame(Opcodes.F_FULL, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"});
                for (Injection injection : injections) {
                    if (injection.onThrow() != null) {
                        injection.onThrow().emit(mv, shape);
                    }
                }
                super.visitInsn(Opcodes.ATHROW);
            }
            super.visitMaxs(maxStack, maxLocals);
        }
    }
}
