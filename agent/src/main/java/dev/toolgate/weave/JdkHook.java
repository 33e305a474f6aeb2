package dev.toolgate.weave;

import java.util.List;

/**
 * One injection into JDK methods: which methods of which class, and the code put in them.
 *
 * @param owner            the class, internal name ({@code java/io/File})
 * @param method           the method name ({@code <init>} for constructors)
 * @param descriptorPrefix the start of the descriptor that selects overloads, or "" for all
 * @param required         whether start-up fails when no method matches on the running JDK
 */
record JdkHook(String owner, String method, String descriptorPrefix, Injection injection, boolean required) {

    static JdkHook of(String owner, String method, String descriptorPrefix, Injection injection) {
        return new JdkHook(owner, method, descriptorPrefix, injection, true);
    }

    /** For a method that only some JDK versions have. */
    static JdkHook ifPresent(String owner, String method, String descriptorPrefix, Injection injection) {
        return new JdkHook(owner, method, descriptorPrefix, injection, false);
    }

    boolean matches(String name, String descriptor) {
        return method.equals(name) && descriptor.startsWith(descriptorPrefix);
    }

    static List<JdkHook> all() {
        return List.of(FileHooks.HOOKS, ProcessHooks.HOOKS, NetworkHooks.HOOKS, ExitHooks.HOOKS, ExitHooks.REFLECTION,
                        ThreadHooks.HOOKS)
                .stream().flatMap(List::stream).toList();
    }
}
