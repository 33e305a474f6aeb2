package dev.toolgate.weave;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The gate in a tool method. At entry the arguments, boxed, go to {@code ToolCalls.enter}, which
 * throws when the call is denied (before any of the tool's code runs) and hands back the
 * arguments to run with: hooks may have changed them. Every way out, a return or a throw, goes
 * through {@code ToolCalls.exit}, which returns the result the caller sees or throws what it must
 * see. Exit finds the call in the thread's context, where calls nest strictly, so the method
 * needs no new local.
 */
final class ToolInjection extends Injection {

    static final String TOOL_CALLS = "dev/toolgate/bootstrap/ToolCalls";
    private static final String ENTER = "(ILjava/lang/Class;[Ljava/lang/Object;)[Ljava/lang/Object;";
    private static final String EXIT = "(Ljava/lang/Object;Ljava/lang/Throwable;)Ljava/lang/Object;";
    private static final String OBJECT = "java/lang/Object";

    private final int toolId;
    private final String owner;
    private final boolean hasClassConstants;

    /** @param owner the tool's class, internal name; @param classVersion its class file's version */
    ToolInjection(int toolId, String owner, int classVersion) {
        this.toolId = toolId;
        this.owner = owner;
        this.hasClassConstants = (classVersion & 0xFFFF) >= Opcodes.V1_5;
    }

    @Override
    void atEntry(MethodVisitor code, Shape shape) {
        push(code, toolId);
        if (hasClassConstants) {
            code.visitLdcInsn(Type.getObjectType(owner));
        } else {
            // Before Java 5 a class file cannot name a class constant; this finds it in the caller's loader.
            code.visitLdcInsn(owner.replace('/', '.'));
            code.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Class", "forName",
                    "(Ljava/lang/String;)Ljava/lang/Class;", false);
        }
        Type[] arguments = shape.arguments();
        push(code, arguments.length);
        code.visitTypeInsn(Opcodes.ANEWARRAY, OBJECT);
        for (int i = 0; i < arguments.length; i++) {
            code.visitInsn(Opcodes.DUP);
            push(code, i);
            shape.load(code, Load.argument(i));
            box(code, arguments[i]);
            code.visitInsn(Opcodes.AASTORE);
        }
        code.visitMethodInsn(Opcodes.INVOKESTATIC, TOOL_CALLS, "enter", ENTER, false);
    }

    /** The arguments to run with, written back inside the guard: should a conversion fail, the call still ends. */
    @Override
    void atBodyStart(MethodVisitor code, Shape shape) {
        Type[] arguments = shape.arguments();
        for (int i = 0; i < arguments.length; i++) {
            code.visitInsn(Opcodes.DUP);
            push(code, i);
            code.visitInsn(Opcodes.AALOAD);
            unbox(code, arguments[i]);
            code.visitVarInsn(arguments[i].getOpcode(Opcodes.ISTORE), shape.slotOf(i));
        }
        code.visitInsn(Opcodes.POP);
    }

    @Override
    void beforeReturn(MethodVisitor code, Shape shape, int opcode) {
        Type returned = shape.returnType();
        if (returned.getSort() == Type.VOID) {
            code.visitInsn(Opcodes.ACONST_NULL);
        } else {
            box(code, returned);
        }
        code.visitInsn(Opcodes.ACONST_NULL);
        exit(code, returned);
    }

    @Override
    boolean guards() {
        return true;
    }

    /** The result that goes with the throwable is the return type's default value, boxed. */
    @Override
    boolean onThrow(MethodVisitor code, Shape shape) {
        Type returned = shape.returnType();
        pushDefault(code, returned);
        box(code, returned);
        code.visitInsn(Opcodes.SWAP);
        exit(code, returned);
        code.visitInsn(returned.getOpcode(Opcodes.IRETURN));
        return true;
    }

    /** Calls exit with the result and throwable on the stack, leaving what the method returns. */
    private static void exit(MethodVisitor code, Type returned) {
        code.visitMethodInsn(Opcodes.INVOKESTATIC, TOOL_CALLS, "exit", EXIT, false);
        if (returned.getSort() == Type.VOID) {
            code.visitInsn(Opcodes.POP);
        } else {
            unbox(code, returned);
        }
    }

    private static void push(MethodVisitor code, int value) {
        if (value >= -1 && value <= 5) {
            code.visitInsn(Opcodes.ICONST_0 + value);
        } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            code.visitIntInsn(Opcodes.BIPUSH, value);
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            code.visitIntInsn(Opcodes.SIPUSH, value);
        } else {
            code.visitLdcInsn(value);
        }
    }

    private static void pushDefault(MethodVisitor code, Type type) {
        switch (type.getSort()) {
            case Type.BOOLEAN, Type.CHAR, Type.BYTE, Type.SHORT, Type.INT -> code.visitInsn(Opcodes.ICONST_0);
            case Type.LONG -> code.visitInsn(Opcodes.LCONST_0);
            case Type.FLOAT -> code.visitInsn(Opcodes.FCONST_0);
            case Type.DOUBLE -> code.visitInsn(Opcodes.DCONST_0);
            default -> code.visitInsn(Opcodes.ACONST_NULL);
        }
    }

    /** A primitive on the stack becomes its wrapper; anything else stays as it is. */
    private static void box(MethodVisitor code, Type type) {
        String wrapper = wrapper(type);
        if (wrapper != null) {
            code.visitMethodInsn(Opcodes.INVOKESTATIC, wrapper, "valueOf",
                    "(" + type.getDescriptor() + ")L" + wrapper + ";", false);
        }
    }

    /** An object on the stack becomes a value of {@code type}: cast, and unwrapped for a primitive. */
    private static void unbox(MethodVisitor code, Type type) {
        String wrapper = wrapper(type);
        if (wrapper != null) {
            code.visitTypeInsn(Opcodes.CHECKCAST, wrapper);
            code.visitMethodInsn(Opcodes.INVOKEVIRTUAL, wrapper, type.getClassName() + "Value",
                    "()" + type.getDescriptor(), false);
        } else if (!type.getInternalName().equals(OBJECT)) {
            code.visitTypeInsn(Opcodes.CHECKCAST, type.getInternalName());
        }
    }

    private static String wrapper(Type type) {
        return switch (type.getSort()) {
            case Type.BOOLEAN -> "java/lang/Boolean";
            case Type.CHAR -> "java/lang/Character";
            case Type.BYTE -> "java/lang/Byte";
            case Type.SHORT -> "java/lang/Short";
            case Type.INT -> "java/lang/Integer";
            case Type.FLOAT -> "java/lang/Float";
            case Type.LONG -> "java/lang/Long";
            case Type.DOUBLE -> "java/lang/Double";
            default -> null;
        };
    }
}
