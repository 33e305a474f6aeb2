package dev.toolgate.weave;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/** Puts the hooks' code into the matching methods of one JDK class; everything else is copied. */
final class JdkClassPatcher extends ClassVisitor {

    private final List<JdkHook> hooks;
    private final Set<JdkHook> applied;
    private boolean writesFrames;

    JdkClassPatcher(ClassVisitor next, List<JdkHook> hooks, Set<JdkHook> applied) {
        super(Opcodes.ASM9, next);
        this.hooks = hooks;
        this.applied = applied;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName,
                      String[] interfaces) {
        writesFrames = InjectedMethod.hasFrames(version);
        super.visit(version, access, name, signature, superName, interfaces);
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
        return new InjectedMethod(next, injections, Injection.Shape.of(access, descriptor), writesFrames);
    }
}
