package dev.toolgate.hooks;

import dev.toolgate.rules.NameGlob;

/**
 * One hook in a chain, with the tools it sees.
 *
 * @param name what messages call it: the command, or the Java hook's class
 */
record HookStep<H>(String name, NameGlob matcher, H hook) {

    static <H> HookStep<H> of(String name, String matcher, H hook) {
        return new HookStep<>(name, NameGlob.compile(matcher == null || matcher.isEmpty() ? "*" : matcher), hook);
    }

    boolean matches(String tool) {
        return matcher.matches(tool);
    }
}
