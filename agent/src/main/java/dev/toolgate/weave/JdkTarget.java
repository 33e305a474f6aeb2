package dev.toolgate.weave;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * One JDK chokepoint: which methods of which class get which advice.
 *
 * @param required whether start-up must fail when the class is missing on this JDK
 */
record JdkTarget(String typeName, ElementMatcher<? super MethodDescription> methods, Class<?> advice,
                 boolean required) {

    static JdkTarget of(String typeName, ElementMatcher<? super MethodDescription> methods, Class<?> advice) {
        return new JdkTarget(typeName, methods, advice, true);
    }

    static JdkTarget optional(String typeName, ElementMatcher<? super MethodDescription> methods, Class<?> advice) {
        return new JdkTarget(typeName, methods, advice, false);
    }
}
