package dev.toolgate.bench;

import dev.toolgate.annotations.AgentTool;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The benchmark's tools. Under the agent every {@code @AgentTool} method here is gated; the
 * settings that bench/run.sh writes allow each one by name. {@link #bare} is the same body as
 * {@link #noop} without the annotation.
 */
public class Tools {

    @AgentTool("bench_noop")
    public long noop(long x) {
        return Workloads.trivial(x);
    }

    public long bare(long x) {
        return Workloads.trivial(x);
    }

    @AgentTool("bench_stream_read")
    public int streamRead(File file, byte[] buffer) throws IOException {
        return Workloads.streamRead(file, buffer);
    }

    @AgentTool("bench_read_all")
    public byte[] readAllBytes(Path path) throws IOException {
        return Workloads.readAllBytes(path);
    }

    @AgentTool("bench_write")
    public Path write(Path path, byte[] data) throws IOException {
        return Workloads.write(path, data);
    }

    @AgentTool("bench_exists")
    public boolean exists(Path path) {
        return Workloads.exists(path);
    }

    /** The tool names that bench/run.sh allows. */
    public static final String[] NAMES = {"bench_noop", "bench_stream_read", "bench_read_all", "bench_write", "bench_exists"};
}
