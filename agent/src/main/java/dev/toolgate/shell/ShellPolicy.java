package dev.toolgate.shell;

import java.util.Set;

/** The {@code shell.*} settings the checks use: extra safe and dangerous program names, and network blocking. */
public record ShellPolicy(Set<String> extraSafe, Set<String> extraDangerous, boolean blockNetwork) {

    public ShellPolicy {
        extraSafe = extraSafe == null ? Set.of() : Set.copyOf(extraSafe);
        extraDangerous = extraDangerous == null ? Set.of() : Set.copyOf(extraDangerous);
    }

    public static ShellPolicy defaults() {
        return new ShellPolicy(Set.of(), Set.of(), true);
    }
}
