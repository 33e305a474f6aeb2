package dev.toolgate.weave;

import dev.toolgate.runtime.ToolRegistry;
import dev.toolgate.runtime.ToolSpec;
import dev.toolgate.settings.Settings.ToolDeclaration;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Weaves the gate into one class's tool methods, in two passes: the first reads the methods and
 * registers a spec for each tool, the second rewrites the tools with their ids. The class
 * format does not change, so a loaded class can be retransformed the same way.
 */
final class ToolTransformer implements ClassFileTransformer {

    private final ToolDeclarations declarations;

    ToolTransformer(ToolDeclarations declarations) {
        this.declarations = declarations;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classfileBuffer) {
        return weave(classfileBuffer);
    }

    /** The class with the gate in its tools, or null when it has none. */
    byte[] weave(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassScan scan = ClassScan.of(reader);
        String binaryName = scan.binaryName();
        if (!declarations.isEmpty()) {
            declarations.warnUnmatched(binaryName, scan.methods(), System.err);
        }
        Map<String, Integer> toolIds = new HashMap<>();
        for (ClassScan.MethodInfo method : scan.methods()) {
            if (!method.isWeavable()) {
                continue;
            }
            ToolDeclaration declaration = declarations.find(binaryName, method);
            // A method that is several kinds of tool at once gets one spec, and is woven once.
            if (method.isAnnotatedTool() || declaration != null) {
                ToolSpec spec = ToolRegistry.register(ToolSpecs.read(binaryName, method, declaration));
                toolIds.put(method.name + method.descriptor, spec.id());
            }
        }
        if (toolIds.isEmpty()) {
            return null;
        }
        // Maxs only: computing frames would load classes to find common super classes.
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        reader.accept(new Patcher(writer, toolIds), 0);
        return writer.toByteArray();
    }

    /** The second pass: the gate into the tools, found by name and descriptor; everything else is copied. */
    private static final class Patcher extends ClassVisitor {

        private final Map<String, Integer> toolIds;
        private String owner;
        private int version;

        Patcher(ClassVisitor next, Map<String, Integer> toolIds) {
            super(Opcodes.ASM9, next);
            this.toolIds = toolIds;
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName,
                          String[] interfaces) {
            this.owner = name;
            this.version = version;
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                         String[] exceptions) {
            MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
            Integer toolId = toolIds.get(name + descriptor);
            if (toolId == null) {
                return next;
            }
            return new InjectedMethod(next, List.of(new ToolInjection(toolId, owner, version)),
                    Injection.Shape.of(access, descriptor), InjectedMethod.hasFrames(version));
        }
    }
}
