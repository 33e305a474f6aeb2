package dev.toolgate.weave;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.ToolCommand;
import dev.toolgate.annotations.ToolPath;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.bytebuddy.jar.asm.AnnotationVisitor;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The first pass over a class that may declare tools: its methods, with what the gate needs to
 * know of them, read from the class file as written. Annotations are matched by their
 * descriptors, visible or not, and never loaded. Parameter names come after the code in a
 * class file, hence a pass of their own before the methods are rewritten.
 */
final class ClassScan extends ClassVisitor {

    /** Framework tool annotations, by name: the agent never links against the frameworks. */
    static final List<String> FRAMEWORK_TOOLS = List.of(
            "dev.langchain4j.agent.tool.Tool",
            "org.springframework.ai.tool.annotation.Tool");
    /** Every annotation that makes a method a tool, by name. */
    static final List<String> TOOL_ANNOTATIONS = Stream.concat(Stream.of(AgentTool.class.getName()),
            FRAMEWORK_TOOLS.stream()).toList();

    private static final String AGENT_TOOL = Type.getDescriptor(AgentTool.class);
    private static final Set<String> FRAMEWORK_TOOL_DESCRIPTORS = FRAMEWORK_TOOLS.stream()
            .map(ClassScan::descriptor).collect(Collectors.toUnmodifiableSet());
    private static final String TOOL_PATH = Type.getDescriptor(ToolPath.class);
    private static final String TOOL_COMMAND = Type.getDescriptor(ToolCommand.class);

    private String internalName;
    private final List<MethodInfo> methods = new ArrayList<>();

    private ClassScan() {
        super(Opcodes.ASM9);
    }

    /** {@code Lcom/acme/Foo;} for {@code com.acme.Foo} */
    static String descriptor(String binaryName) {
        return "L" + binaryName.replace('.', '/') + ";";
    }

    static ClassScan of(ClassReader reader) {
        ClassScan scan = new ClassScan();
        reader.accept(scan, ClassReader.SKIP_FRAMES);
        return scan;
    }

    /** {@code com.acme.Outer$Inner}, as {@code Class.getName()} and {@code getTypeName()} write it. */
    String binaryName() {
        return internalName.replace('/', '.');
    }

    List<MethodInfo> methods() {
        return methods;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName,
                      String[] interfaces) {
        this.internalName = name;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        MethodInfo method = new MethodInfo(access, name, descriptor);
        methods.add(method);
        return method.reader();
    }

    /** One method as its class file describes it. */
    static final class MethodInfo {

        final int access;
        final String name;
        final String descriptor;
        final Type[] parameterTypes;
        /** {@code @AgentTool}'s attributes as written (enum constants by name); null without it. */
        Map<String, Object> agentTool;
        /** Whether a framework {@code @Tool} marks it, and the first non-blank {@code name} one gives. */
        boolean frameworkTool;
        String frameworkName = "";
        /** From the MethodParameters attribute ({@code -parameters}); null entries have no name. */
        private final List<String> declaredNames = new ArrayList<>();
        /** From the local variable table ({@code -g}), by parameter index. */
        private final String[] debugNames;
        /** Which parameters carry {@code @ToolPath}, with the access written (null: its default). */
        final boolean[] pathParams;
        final String[] pathAccess;
        final boolean[] commandParams;
        private List<String> parameterTypeNames;

        MethodInfo(int access, String name, String descriptor) {
            this.access = access;
            this.name = name;
            this.descriptor = descriptor;
            this.parameterTypes = Type.getArgumentTypes(descriptor);
            this.debugNames = new String[parameterTypes.length];
            this.pathParams = new boolean[parameterTypes.length];
            this.pathAccess = new String[parameterTypes.length];
            this.commandParams = new boolean[parameterTypes.length];
        }

        /** A method the gate can be woven into: with a body, written in the source, not a constructor. */
        boolean isWeavable() {
            int excluded = Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE | Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE;
            return (access & excluded) == 0 && name.charAt(0) != '<';
        }

        boolean isAnnotatedTool() {
            return agentTool != null || frameworkTool;
        }

        boolean isStatic() {
            return (access & Opcodes.ACC_STATIC) != 0;
        }

        /** As {@code Class.getTypeName()} writes them: {@code int}, {@code java.lang.String[]}, {@code Outer$Inner}. */
        List<String> parameterTypeNames() {
            if (parameterTypeNames == null) {
                List<String> names = new ArrayList<>(parameterTypes.length);
                for (Type type : parameterTypes) {
                    names.add(type.getClassName());
                }
                parameterTypeNames = List.copyOf(names);
            }
            return parameterTypeNames;
        }

        /** From {@code -parameters}, else from the local variable table, else {@code arg<index>}. */
        String parameterName(int index) {
            if (declaredNames.size() == parameterTypes.length && declaredNames.get(index) != null) {
                return declaredNames.get(index);
            }
            return debugNames[index] != null ? debugNames[index] : "arg" + index;
        }

        private MethodVisitor reader() {
            return new MethodVisitor(Opcodes.ASM9) {
                /** Parameters are the local variables whose scope starts at the method's first instruction. */
                private Label firstLabel;
                private final Map<Integer, String> namesBySlot = new HashMap<>();

                @Override
                public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                    if (annotation.equals(AGENT_TOOL)) {
                        agentTool = new HashMap<>();
                        return attributes(agentTool, () -> { });
                    }
                    if (FRAMEWORK_TOOL_DESCRIPTORS.contains(annotation)) {
                        frameworkTool = true;
                        Map<String, Object> values = new HashMap<>();
                        return attributes(values, () -> {
                            if (frameworkName.isEmpty() && values.get("name") instanceof String given) {
                                frameworkName = given.strip();
                            }
                        });
                    }
                    return null;
                }

                @Override
                public AnnotationVisitor visitParameterAnnotation(int parameter, String annotation, boolean visible) {
                    if (annotation.equals(TOOL_PATH)) {
                        pathParams[parameter] = true;
                        Map<String, Object> values = new HashMap<>();
                        return attributes(values, () -> pathAccess[parameter] = (String) values.get("value"));
                    }
                    if (annotation.equals(TOOL_COMMAND)) {
                        commandParams[parameter] = true;
                    }
                    return null;
                }

                @Override
                public void visitParameter(String parameterName, int parameterAccess) {
                    declaredNames.add(parameterName);
                }

                @Override
                public void visitLabel(Label label) {
                    if (firstLabel == null) {
                        firstLabel = label;
                    }
                }

                @Override
                public void visitLocalVariable(String variable, String variableDescriptor, String signature,
                                               Label start, Label end, int slot) {
                    if (start == firstLabel) {
                        namesBySlot.put(slot, variable);
                    }
                }

                @Override
                public void visitEnd() {
                    // Slot 0 holds this for an instance method; a long or a double takes two slots.
                    int slot = isStatic() ? 0 : 1;
                    for (int i = 0; i < parameterTypes.length; i++) {
                        debugNames[i] = namesBySlot.get(slot);
                        slot += parameterTypes[i].getSize();
                    }
                }
            };
        }
    }

    /** Collects an annotation's attributes (constants as they are, enum constants by name), then runs {@code read}. */
    private static AnnotationVisitor attributes(Map<String, Object> values, Runnable read) {
        return new AnnotationVisitor(Opcodes.ASM9) {
            @Override
            public void visit(String attribute, Object value) {
                values.put(attribute, value);
            }

            @Override
            public void visitEnum(String attribute, String descriptor, String constant) {
                values.put(attribute, constant);
            }

            @Override
            public void visitEnd() {
                read.run();
            }
        };
    }
}
