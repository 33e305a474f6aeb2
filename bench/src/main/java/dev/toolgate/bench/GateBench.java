package dev.toolgate.bench;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The workloads of issue 7, each a benchmark. The same jar runs with no agent, under Toolgate
 * and under the SecurityManager; {@link BenchEnvironment} checks at set-up that the JVM really
 * runs under the one bench/run.sh asked for, and every benchmarked call must be allowed: a
 * denial throws, and the run fails.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class GateBench {

    private final Tools tools = new Tools();
    private final byte[] buffer = new byte[Workloads.KIB];
    private final byte[] payload = new byte[Workloads.KIB];
    private long counter;
    private BenchEnvironment environment;
    private File dataFile;
    private Path dataPath;
    private Path outPath;
    private Path toolOutPath;
    private LoopbackServer server;
    private InetSocketAddress serverAddress;

    @Setup
    public void setUp() throws IOException {
        environment = BenchEnvironment.check(tools);
        dataPath = environment.dataFile();
        dataFile = dataPath.toFile();
        outPath = environment.dir().resolve("out.bin");
        toolOutPath = environment.dir().resolve("tool-out.bin");
        server = LoopbackServer.start();
        serverAddress = server.address();
    }

    @TearDown
    public void tearDown() throws IOException {
        server.close();
    }

    @Benchmark
    public long toolCall() {
        return tools.noop(counter++);
    }

    @Benchmark
    public long bareCall() {
        return tools.bare(counter++);
    }

    @Benchmark
    public int streamRead() throws IOException {
        return Workloads.streamRead(dataFile, buffer);
    }

    @Benchmark
    public int streamReadInTool() throws IOException {
        return tools.streamRead(dataFile, buffer);
    }

    @Benchmark
    public byte[] readAllBytes() throws IOException {
        return Workloads.readAllBytes(dataPath);
    }

    @Benchmark
    public byte[] readAllBytesInTool() throws IOException {
        return tools.readAllBytes(dataPath);
    }

    @Benchmark
    public Path write() throws IOException {
        return Workloads.write(outPath, payload);
    }

    @Benchmark
    public Path writeInTool() throws IOException {
        return tools.write(toolOutPath, payload);
    }

    @Benchmark
    public boolean exists() {
        return Workloads.exists(dataPath);
    }

    @Benchmark
    public boolean existsInTool() {
        return tools.exists(dataPath);
    }

    @Benchmark
    public int process() throws IOException, InterruptedException {
        return Workloads.startProcess();
    }

    @Benchmark
    public boolean connect() throws IOException {
        return Workloads.connect(serverAddress);
    }
}
