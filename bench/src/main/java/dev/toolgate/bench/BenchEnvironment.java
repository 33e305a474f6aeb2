package dev.toolgate.bench;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Where the benchmark works ({@code -Dbench.dir}, the Toolgate project folder) and what it runs
 * under ({@code -Dbench.expect}: {@code none}, {@code toolgate} or {@code securitymanager}).
 * A JVM that is not what bench/run.sh asked for fails at set-up instead of measuring the wrong thing.
 */
final class BenchEnvironment {

    private static final String TOOLGATE_API = "dev.toolgate.api.Toolgate";

    private final Path dir;
    private final Path dataFile;

    private BenchEnvironment(Path dir, Path dataFile) {
        this.dir = dir;
        this.dataFile = dataFile;
    }

    static BenchEnvironment check(Tools tools) throws IOException {
        Path dir = Path.of(System.getProperty("bench.dir", System.getProperty("java.io.tmpdir") + "/toolgate-bench"))
                .toAbsolutePath();
        Files.createDirectories(dir);
        Path data = dir.resolve("data.bin");
        byte[] content = new byte[Workloads.KIB];
        Arrays.fill(content, (byte) 'x');
        Files.write(data, content);
        String expect = System.getProperty("bench.expect", "none");
        switch (expect) {
            case "none" -> {
                if (toolgateDecision(tools) != null || securityManagerOn()) {
                    throw new IllegalStateException("bench.expect=none, but an agent or a SecurityManager is on");
                }
            }
            case "toolgate" -> {
                String behavior = toolgateDecision(tools);
                if (!"allow".equals(behavior)) {
                    throw new IllegalStateException("bench.expect=toolgate, but the tool call was not allowed by"
                            + " Toolgate (decision: " + behavior + ")");
                }
            }
            case "securitymanager" -> {
                if (!securityManagerOn()) {
                    throw new IllegalStateException("bench.expect=securitymanager, but no SecurityManager is installed");
                }
            }
            default -> throw new IllegalStateException("unknown bench.expect: " + expect);
        }
        return new BenchEnvironment(dir, data);
    }

    Path dir() {
        return dir;
    }

    Path dataFile() {
        return dataFile;
    }

    /** Calls the noop tool and returns Toolgate's decision for it, or null when no Toolgate is attached. */
    private static String toolgateDecision(Tools tools) {
        Class<?> api;
        try {
            api = Class.forName(TOOLGATE_API, true, null);
        } catch (ClassNotFoundException notAttached) {
            return null;
        }
        tools.noop(1);
        try {
            Object decision = ((java.util.Optional<?>) api.getMethod("lastDecision").invoke(null)).orElse(null);
            if (decision == null) {
                return "none: bench_noop was not woven";
            }
            Method behavior = decision.getClass().getMethod("behavior");
            return (String) behavior.invoke(decision);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read Toolgate's last decision", e);
        }
    }

    @SuppressWarnings("removal")
    private static boolean securityManagerOn() {
        return System.getSecurityManager() != null;
    }
}
