package dev.toolgate.weave;

import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * A method with injections put in: their entry code first, their code before each return, and,
 * when one of them guards the method, a catch-all handler that runs their throw code. The code
 * before a return stays outside the guarded range: should it throw, the throw code must not run
 * a second time for the same call. No locals are added, so the method's own stack map frames
 * stay valid as they are.
 */
final class InjectedMethod extends MethodVisitor {

    private final List<Injection> injections;
    private final Injection.Shape shape;
    private final boolean guarded;
    /** Class files before version 50 have no stack map frames; the handler then needs none. */
    private final boolean writesFrames;
    /** Start and end labels of the guarded pieces of the body, in pairs. */
    private final List<Label> guardedRanges = new ArrayList<>();
    /** The start of the piece being written, or null between a return and the next instruction. */
    private Label openRange;

    InjectedMethod(MethodVisitor next, List<Injection> injections, Injection.Shape shape, boolean writesFrames) {
        super(Opcodes.ASM9, next);
        this.injections = injections;
        this.shape = shape;
        this.writesFrames = writesFrames;
        this.guarded = injections.stream().anyMatch(Injection::guards);
    }

    /** Whether a class file of this version has stack map frames (Java 6 on). */
    static boolean hasFrames(int classVersion) {
        return (classVersion & 0xFFFF) >= Opcodes.V1_6;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        for (Injection injection : injections) {
            injection.atEntry(mv, shape);
        }
        for (Injection injection : injections) {
            if (injection.guards()) {
                // Through this visitor: the code counts as body, inside the guarded range.
                injection.atBodyStart(this, shape);
            }
        }
    }

    /** Opens a guarded piece at the first instruction after a return: a piece never ends up empty. */
    private void instruction() {
        if (guarded && openRange == null) {
            openRange = new Label();
            super.visitLabel(openRange);
        }
    }

    private void closeRange() {
        if (openRange != null) {
            Label end = new Label();
            super.visitLabel(end);
            guardedRanges.add(openRange);
            guardedRanges.add(end);
            openRange = null;
        }
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
            closeRange();
            for (Injection injection : injections) {
                injection.beforeReturn(mv, shape, opcode);
            }
        } else {
            instruction();
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        closeRange();
        if (!guardedRanges.isEmpty()) {
            // A catch-all after the method's own handlers, so that they still catch first. The
            // frame names no locals: whatever the body held there is compatible with that.
            Label handler = new Label();
            for (int i = 0; i < guardedRanges.size(); i += 2) {
                super.visitTryCatchBlock(guardedRanges.get(i), guardedRanges.get(i + 1), handler, null);
            }
            super.visitLabel(handler);
            if (writesFrames) {
                super.visitFrame(Opcodes.F_FULL, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"});
            }
            emitThrowPath();
        }
        super.visitMaxs(maxStack, maxLocals);
    }

    private void emitThrowPath() {
        for (Injection injection : injections) {
            if (injection.guards() && injection.onThrow(mv, shape)) {
                return;
            }
        }
        super.visitInsn(Opcodes.ATHROW);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        instruction();
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int varIndex) {
        instruction();
        super.visitVarInsn(opcode, varIndex);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        instruction();
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        instruction();
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        instruction();
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrapMethodHandle,
                                       Object... bootstrapMethodArguments) {
        instruction();
        super.visitInvokeDynamicInsn(name, descriptor, bootstrapMethodHandle, bootstrapMethodArguments);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        instruction();
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
        instruction();
        super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int varIndex, int increment) {
        instruction();
        super.visitIincInsn(varIndex, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        instruction();
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        instruction();
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
        instruction();
        super.visitMultiANewArrayInsn(descriptor, numDimensions);
    }
}
