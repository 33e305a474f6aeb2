package dev.toolgate.runtime;

import java.lang.reflect.Method;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The reflective method of each tool, found on first need and kept by tool id: hooks convert
 * the values they hand back to its parameter and return types.
 */
final class ToolMethods {

    private final ConcurrentHashMap<Integer, Optional<Method>> methods = new ConcurrentHashMap<>();

    /** @return the method, or null when it cannot be found (hooks then fail closed on a mutation) */
    Method resolve(ToolSpec spec, Class<?> owner) {
        return methods.computeIfAbsent(spec.id(), id -> Optional.ofNullable(find(spec, owner))).orElse(null);
    }

    Method resolved(ToolSpec spec) {
        Optional<Method> method = methods.get(spec.id());
        return method == null ? null : method.orElse(null);
    }

    private static Method find(ToolSpec spec, Class<?> owner) {
        if (owner == null) {
            return null;
        }
        Method candidate = null;
        try {
            for (Method method : owner.getDeclaredMethods()) {
                if (method.getName().equals(spec.methodName()) && sameParameters(method, spec)) {
                    if (!spec.parameterTypes().isEmpty()) {
                        return method;
                    }
                    if (candidate != null) {
                        return null;
                    }
                    candidate = method;
                }
            }
        } catch (LinkageError | SecurityException unresolvable) {
            return null;
        }
        return candidate;
    }

    /** By descriptor; a spec without descriptors only by count, and then the name must be unique. */
    private static boolean sameParameters(Method method, ToolSpec spec) {
        Class<?>[] types = method.getParameterTypes();
        if (spec.parameterTypes().isEmpty()) {
            return types.length == spec.parameterNames().size();
        }
        if (types.length != spec.parameterTypes().size()) {
            return false;
        }
        for (int i = 0; i < types.length; i++) {
            if (!types[i].descriptorString().equals(spec.parameterTypes().get(i))) {
                return false;
            }
        }
        return true;
    }
}
