package dev.toolgate.weave;

import dev.toolgate.rules.MethodPattern;
import dev.toolgate.settings.Settings.ToolDeclaration;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The methods that {@code tools.declare} makes tools, in settings order (highest source
 * first: the first declaration that names a method wins).
 */
final class ToolDeclarations {

    static final ToolDeclarations NONE = new ToolDeclarations(List.of());

    record Entry(MethodPattern pattern, ToolDeclaration declaration) {
    }

    private final List<Entry> entries;
    /** Internal names of the classes named without a glob: one hash lookup per class loaded. */
    private final Set<String> literalInternalNames = new HashSet<>();
    private final List<Entry> globbedClasses = new ArrayList<>();
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    private ToolDeclarations(List<Entry> entries) {
        this.entries = entries;
        for (Entry entry : entries) {
            if (entry.pattern().classIsLiteral()) {
                literalInternalNames.add(entry.pattern().className().replace('.', '/'));
            } else {
                globbedClasses.add(entry);
            }
        }
    }

    /** @param declarations already validated by the settings loader */
    static ToolDeclarations of(List<ToolDeclaration> declarations) {
        List<Entry> entries = new ArrayList<>();
        for (ToolDeclaration declaration : declarations) {
            entries.add(new Entry(MethodPattern.parse(declaration.method()), declaration));
        }
        return entries.isEmpty() ? NONE : new ToolDeclarations(List.copyOf(entries));
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    /** @param internalName {@code com/acme/Foo}, as a class file transformer gets it; may be null */
    boolean namesInternalName(String internalName) {
        if (internalName == null) {
            return false;
        }
        if (literalInternalNames.contains(internalName)) {
            return true;
        }
        for (Entry entry : globbedClasses) {
            if (entry.pattern().matchesInternalName(internalName)) {
                return true;
            }
        }
        return false;
    }

    /** @param binaryName {@code com.acme.Foo} */
    boolean namesClass(String binaryName) {
        for (Entry entry : entries) {
            if (entry.pattern().matchesClass(binaryName)) {
                return true;
            }
        }
        return false;
    }

    /** The first declaration naming {@code method} of class {@code binaryName}, or null. */
    ToolDeclaration find(String binaryName, ClassScan.MethodInfo method) {
        for (Entry entry : entries) {
            // The class first: the parameter type names are only worked out for a class some entry names.
            if (entry.pattern().matchesClass(binaryName)
                    && entry.pattern().matches(binaryName, method.name, method.parameterTypeNames())) {
                return entry.declaration();
            }
        }
        return null;
    }

    /**
     * At start-up: a declaration whose class the system class loader cannot find may never match
     * (or its class comes later from another loader). Looks for the class file, loads nothing.
     */
    void warnUnloadable(ClassLoader loader, PrintStream err) {
        for (Entry entry : entries) {
            String className = entry.pattern().className();
            if (entry.pattern().classIsLiteral() && loader.getResource(className.replace('.', '/') + ".class") == null) {
                warn(entry, "class " + className + " is not on the class path at start-up", err);
            }
        }
    }

    /**
     * When a class named without a glob loads: its declarations that match none of its methods.
     *
     * @param methods the class's methods; only those that could be woven count
     */
    void warnUnmatched(String binaryName, List<ClassScan.MethodInfo> methods, PrintStream err) {
        for (Entry entry : entries) {
            if (!entry.pattern().classIsLiteral() || !entry.pattern().matchesClass(binaryName)) {
                continue;
            }
            boolean any = false;
            for (ClassScan.MethodInfo method : methods) {
                if (method.isWeavable()
                        && entry.pattern().matches(binaryName, method.name, method.parameterTypeNames())) {
                    any = true;
                    break;
                }
            }
            if (!any) {
                warn(entry, "class " + binaryName + " has no such method with a body", err);
            }
        }
    }

    private void warn(Entry entry, String why, PrintStream err) {
        ToolDeclaration d = entry.declaration();
        if (warned.add(d.method() + " " + d.origin() + " " + why)) {
            err.println("toolgate: warning: tools.declare " + d.method() + " (" + d.origin() + ") matches no method; "
                    + why);
            err.flush();
        }
    }
}
