package dev.toolgate.weave;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.utility.JavaModule;

/**
 * A tool class that cannot be woven would run its tools ungated. That must never happen
 * silently: the JVM stops with the reason.
 */
enum FailClosedListener implements AgentBuilder.Listener {
    INSTANCE;

    static final int EXIT_CODE = 78;

    @Override
    public void onDiscovery(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded) {
    }

    @Override
    public void onTransformation(net.bytebuddy.description.type.TypeDescription typeDescription,
                                 ClassLoader classLoader, JavaModule module, boolean loaded,
                                 net.bytebuddy.dynamic.DynamicType dynamicType) {
    }

    @Override
    public void onIgnored(net.bytebuddy.description.type.TypeDescription typeDescription, ClassLoader classLoader,
                          JavaModule module, boolean loaded) {
    }

    @Override
    public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded,
                        Throwable throwable) {
        System.err.println("toolgate: cannot weave the gate into tool class " + typeName + ": " + throwable
                + "; stopping the JVM rather than running its tools ungated");
        throwable.printStackTrace();
        dev.toolgate.bootstrap.JdkOps.haltFromGate(EXIT_CODE);
    }

    @Override
    public void onComplete(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded) {
    }
}
