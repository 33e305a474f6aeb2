package dev.toolgate.weave;

import dev.toolgate.bootstrap.JdkOps;

/**
 * A tool class that cannot be woven would run its tools ungated. That must never happen
 * silently: the JVM stops with the reason.
 */
final class FailClosedListener {

    static final int EXIT_CODE = 78;

    private FailClosedListener() {
    }

    /** @param typeName the class's binary name, {@code com.acme.Foo} */
    static void onError(String typeName, Throwable throwable) {
        System.err.println("toolgate: cannot weave the gate into tool class " + typeName + ": " + throwable
                + "; stopping the JVM rather than running its tools ungated");
        throwable.printStackTrace();
        JdkOps.haltFromGate(EXIT_CODE);
    }
}
