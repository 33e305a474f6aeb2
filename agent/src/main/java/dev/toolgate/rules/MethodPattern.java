package dev.toolgate.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A method named in {@code tools.declare}: {@code com.acme.Foo#bar}, optionally with a
 * parameter list, {@code com.acme.Foo#bar(java.lang.String,int)}. A {@code *} in the class,
 * the method or a parameter type matches any run of characters, dots included. Classes are
 * binary names ({@code Outer$Inner}); parameter types are written as Java writes them, with
 * {@code []} or {@code ...} for arrays, and a type written without a package matches by its
 * simple name ({@code String}).
 */
public final class MethodPattern {

    private static final Pattern CLASS = Pattern.compile("[\\p{L}\\p{N}_$*]+(\\.[\\p{L}\\p{N}_$*]+)*");
    private static final Pattern METHOD = Pattern.compile("[\\p{L}\\p{N}_$*]+");
    private static final Pattern TYPE = Pattern.compile("[\\p{L}\\p{N}_$*]+(\\.[\\p{L}\\p{N}_$*]+)*(\\[])*");

    /** The message for text that has no {@code class#method} shape at all. */
    public static final String NOT_CLASS_HASH_METHOD = "expected class#method";

    private final String text;
    private final String className;
    private final NameGlob classGlob;
    /** The class glob over internal names ({@code com/acme/Foo}), as class file transformers see them. */
    private final NameGlob internalGlob;
    private final NameGlob methodGlob;
    /** Null: any parameters. */
    private final List<NameGlob> parameters;

    private MethodPattern(String text, String className, String methodName, List<NameGlob> parameters) {
        this.text = text;
        this.className = className;
        this.classGlob = NameGlob.compile(className);
        this.internalGlob = NameGlob.compile(className.replace('.', '/'));
        this.methodGlob = NameGlob.compile(methodName);
        this.parameters = parameters;
    }

    /** @throws IllegalArgumentException saying what is wrong with {@code text} */
    public static MethodPattern parse(String text) {
        int hash = text.indexOf('#');
        if (hash <= 0 || text.indexOf('#', hash + 1) >= 0) {
            throw new IllegalArgumentException(NOT_CLASS_HASH_METHOD);
        }
        String className = text.substring(0, hash);
        String rest = text.substring(hash + 1);
        if (!CLASS.matcher(className).matches()) {
            throw new IllegalArgumentException("'" + className + "' is not a class name");
        }
        int open = rest.indexOf('(');
        String methodName = open < 0 ? rest : rest.substring(0, open);
        if (!METHOD.matcher(methodName).matches()) {
            throw new IllegalArgumentException("'" + methodName + "' is not a method name");
        }
        List<NameGlob> parameters = null;
        if (open >= 0) {
            if (!rest.endsWith(")") || rest.indexOf(')') != rest.length() - 1) {
                throw new IllegalArgumentException("the parameter list must end the method, with ')'");
            }
            parameters = parameters(rest.substring(open + 1, rest.length() - 1));
        }
        return new MethodPattern(text, className, methodName, parameters);
    }

    private static List<NameGlob> parameters(String list) {
        List<NameGlob> types = new ArrayList<>();
        if (list.isBlank()) {
            return List.of();
        }
        for (String part : list.split(",", -1)) {
            String type = part.strip();
            if (type.endsWith("...")) {
                type = type.substring(0, type.length() - 3) + "[]";
            }
            if (!TYPE.matcher(type).matches()) {
                throw new IllegalArgumentException("'" + type + "' is not a parameter type");
            }
            types.add(NameGlob.compile(type));
        }
        return List.copyOf(types);
    }

    public String text() {
        return text;
    }

    /** The class part as written, dotted. */
    public String className() {
        return className;
    }

    public boolean classIsLiteral() {
        return classGlob.isLiteral();
    }

    /** @param binaryName {@code com.acme.Foo$Bar} */
    public boolean matchesClass(String binaryName) {
        return classGlob.matches(binaryName);
    }

    /** @param internalName {@code com/acme/Foo$Bar}: no conversion, so a class file transformer pays nothing */
    public boolean matchesInternalName(String internalName) {
        return internalGlob.matches(internalName);
    }

    /** @param parameterTypes as {@code Class.getTypeName()} writes them: {@code java.lang.String[]}, {@code Outer$Inner} */
    public boolean matches(String binaryClassName, String methodName, List<String> parameterTypes) {
        if (!classGlob.matches(binaryClassName) || !methodGlob.matches(methodName)) {
            return false;
        }
        if (parameters == null) {
            return true;
        }
        if (parameters.size() != parameterTypes.size()) {
            return false;
        }
        for (int i = 0; i < parameters.size(); i++) {
            String type = parameterTypes.get(i);
            NameGlob glob = parameters.get(i);
            if (!typeMatches(glob, type)) {
                return false;
            }
        }
        return true;
    }

    private static boolean typeMatches(NameGlob glob, String type) {
        if (glob.matches(type)) {
            return true;
        }
        // A nested type may be written Outer.Inner as in source; a type without a package, by its simple name.
        String dotted = type.replace('$', '.');
        return glob.matches(dotted)
                || glob.text().indexOf('.') < 0 && glob.matches(dotted.substring(dotted.lastIndexOf('.') + 1));
    }

    @Override
    public String toString() {
        return text;
    }
}
