package dev.toolgate.weave;

import java.util.List;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Code woven into a method: for a JDK hook a static call at entry (with arguments, {@code this}
 * or one of its fields), an argument replaced at entry, a call before each return, or a call on
 * entry paired with one on every way out; for a tool, the gate ({@link ToolInjection}). Written
 * with plain ASM: cheap enough to weave the JDK at start-up. {@link InjectedMethod} puts it in place.
 */
abstract class Injection {

    static final String JDK_OPS = "dev/toolgate/bootstrap/JdkOps";
    static final String CONTEXT_TASKS = "dev/toolgate/runtime/ContextTasks";

    /** What is pushed for a hook's argument. */
    record Load(int argument, String fieldOwner, String fieldName, String fieldDescriptor) {
        static final int THIS = -1;

        static Load argument(int index) {
            return new Load(index, null, null, null);
        }

        static Load self() {
            return new Load(THIS, null, null, null);
        }

        static Load fieldOfThis(String owner, String name, String descriptor) {
            return new Load(THIS, owner, name, descriptor);
        }
    }

    /** The shape of the method being woven, to find its arguments' slots. */
    record Shape(boolean isStatic, Type[] arguments, Type returnType) {

        static Shape of(int access, String descriptor) {
            return new Shape((access & Opcodes.ACC_STATIC) != 0, Type.getArgumentTypes(descriptor),
                    Type.getReturnType(descriptor));
        }

        int slotOf(int argument) {
            int slot = isStatic ? 0 : 1;
            for (int i = 0; i < argument; i++) {
                slot += arguments[i].getSize();
            }
            return slot;
        }

        void load(MethodVisitor code, Load load) {
            if (load.argument() == Load.THIS) {
                code.visitVarInsn(Opcodes.ALOAD, 0);
                if (load.fieldName() != null) {
                    code.visitFieldInsn(Opcodes.GETFIELD, load.fieldOwner(), load.fieldName(), load.fieldDescriptor());
                }
            } else {
                code.visitVarInsn(arguments[load.argument()].getOpcode(Opcodes.ILOAD), slotOf(load.argument()));
            }
        }
    }

    void atEntry(MethodVisitor code, Shape shape) {
    }

    /** The first code inside the guarded range, after every injection's entry code; only if {@link #guards}. */
    void atBodyStart(MethodVisitor code, Shape shape) {
    }

    /** With the value returned, if any, on the stack; this code is outside the guarded range. */
    void beforeReturn(MethodVisitor code, Shape shape, int opcode) {
    }

    /** Whether {@link #onThrow} must run whenever the method throws. */
    boolean guards() {
        return false;
    }

    /**
     * Runs when the method throws, with the throwable on the stack. It leaves the throwable there
     * to be rethrown, or ends the method itself and says so: then no later injection's code runs.
     */
    boolean onThrow(MethodVisitor code, Shape shape) {
        return false;
    }

    /** A static call: {@code owner.name(loads…)} with the given descriptor. */
    static final class Call {
        final String owner;
        final String name;
        final String descriptor;
        final List<Load> loads;

        Call(String owner, String name, String descriptor, List<Load> loads) {
            this.owner = owner;
            this.name = name;
            this.descriptor = descriptor;
            this.loads = loads;
        }

        void emit(MethodVisitor code, Shape shape) {
            for (Load load : loads) {
                shape.load(code, load);
            }
            code.visitMethodInsn(Opcodes.INVOKESTATIC, owner, name, descriptor, false);
        }
    }

    static Injection onEntry(String owner, String name, String descriptor, Load... loads) {
        Call call = new Call(owner, name, descriptor, List.of(loads));
        return new Injection() {
            @Override
            void atEntry(MethodVisitor code, Shape shape) {
                call.emit(code, shape);
            }
        };
    }

    /** {@code argument = owner.name(argument)}, cast back to the argument's type. */
    static Injection replaceArgument(int argument, String owner, String name) {
        return new Injection() {
            @Override
            void atEntry(MethodVisitor code, Shape shape) {
                shape.load(code, Load.argument(argument));
                code.visitMethodInsn(Opcodes.INVOKESTATIC, owner, name, "(Ljava/lang/Object;)Ljava/lang/Object;", false);
                code.visitTypeInsn(Opcodes.CHECKCAST, shape.arguments()[argument].getInternalName());
                code.visitVarInsn(Opcodes.ASTORE, shape.slotOf(argument));
            }
        };
    }

    static Injection onReturn(String owner, String name, String descriptor, Load... loads) {
        Call call = new Call(owner, name, descriptor, List.of(loads));
        return new Injection() {
            @Override
            void beforeReturn(MethodVisitor code, Shape shape, int opcode) {
                call.emit(code, shape);
            }
        };
    }

    /** {@code if (owner.name(loads…)) return;} at entry of a void method. */
    static Injection returnIf(String owner, String name, String descriptor, Load... loads) {
        Call call = new Call(owner, name, descriptor, List.of(loads));
        return new Injection() {
            @Override
            void atEntry(MethodVisitor code, Shape shape) {
                call.emit(code, shape);
                Label proceed = new Label();
                code.visitJumpInsn(Opcodes.IFEQ, proceed);
                code.visitInsn(Opcodes.RETURN);
                code.visitLabel(proceed);
                // Same locals as at entry, empty stack; the method's first instruction is no branch target.
                code.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
            }
        };
    }

    /** {@code owner.name(returnValue)} before each return of an object. */
    static Injection onReturnValue(String owner, String name) {
        return new Injection() {
            @Override
            void beforeReturn(MethodVisitor code, Shape shape, int opcode) {
                if (opcode == Opcodes.ARETURN) {
                    code.visitInsn(Opcodes.DUP);
                    code.visitMethodInsn(Opcodes.INVOKESTATIC, owner, name, "(Ljava/lang/Object;)V", false);
                }
            }
        };
    }

    /** {@code enter} at entry and {@code exit} on every way out, returns and throws alike. */
    static Injection around(Call enter, Call exit) {
        return new Injection() {
            @Override
            void atEntry(MethodVisitor code, Shape shape) {
                enter.emit(code, shape);
            }

            @Override
            void beforeReturn(MethodVisitor code, Shape shape, int opcode) {
                exit.emit(code, shape);
            }

            @Override
            boolean guards() {
                return true;
            }

            @Override
            boolean onThrow(MethodVisitor code, Shape shape) {
                exit.emit(code, shape);
                return false;
            }
        };
    }
}
