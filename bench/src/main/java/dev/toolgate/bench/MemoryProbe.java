package dev.toolgate.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;

/**
 * Prints the JVM's own memory counters after a full collection: heap used, and the Metaspace
 * and Compressed Class Space pools. With {@code tool} as argument it first makes one
 * {@code @AgentTool} call, so that the gate's call path is loaded too.
 */
public final class MemoryProbe {

    private MemoryProbe() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("tool")) {
            System.out.println("tool_result=" + new Tools().noop(1));
        }
        System.gc();
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long metaspace = 0;
        long classSpace = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getName().equals("Metaspace")) {
                metaspace = pool.getUsage().getUsed();
            } else if (pool.getName().equals("Compressed Class Space")) {
                classSpace = pool.getUsage().getUsed();
            }
        }
        System.out.println("heap_used=" + heap);
        System.out.println("metaspace_used=" + metaspace);
        System.out.println("class_space_used=" + classSpace);
        System.out.println("loaded_classes=" + ManagementFactory.getClassLoadingMXBean().getLoadedClassCount());
    }
}
