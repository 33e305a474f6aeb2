package dev.toolgate.hooks;

import dev.toolgate.runtime.ThreadContext;
import dev.toolgate.settings.Settings.HookCommand;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one command hook: {@code sh -c command} in the folder of the settings file that names
 * it, the input as JSON on stdin. Its pipes are served by the gate's own threads, so a hook
 * that does not read its input or fills its output cannot outlast its time limit.
 */
final class HookProcess {

    private static final ExecutorService PIPES = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(() -> {
            ThreadContext.current().markInternalForLife();
            runnable.run();
        }, "toolgate-hook-io");
        thread.setDaemon(true);
        return thread;
    });

    /** What the program did: its exit code and what it printed. */
    record Reply(int exitCode, String stdout, String stderr) {
    }

    private HookProcess() {
    }

    /** Must run as the gate's own work: the hook's process and files are never gated. */
    static Reply run(HookCommand hook, String input, Path projectDir) throws HookFailure {
        ProcessBuilder builder = new ProcessBuilder(shell(hook.command()));
        if (hook.workingDir() != null) {
            builder.directory(hook.workingDir().toFile());
        }
        builder.environment().put("TOOLGATE_PROJECT_DIR", projectDir.toString());
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new HookFailure("cannot start: " + e.getMessage());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(hook.timeoutSeconds());
        try {
            PIPES.submit(() -> feed(process.getOutputStream(), input));
            Future<byte[]> stdout = PIPES.submit(() -> drain(process.getInputStream()));
            Future<byte[]> stderr = PIPES.submit(() -> drain(process.getErrorStream()));
            if (!process.waitFor(remaining(deadline), TimeUnit.NANOSECONDS)) {
                throw new HookFailure("did not answer within " + hook.timeoutSeconds() + " s");
            }
            // A background child may still hold the pipes open: it gets the rest of the time limit.
            return new Reply(process.exitValue(), text(stdout.get(remaining(deadline), TimeUnit.NANOSECONDS)),
                    text(stderr.get(remaining(deadline), TimeUnit.NANOSECONDS)));
        } catch (TimeoutException e) {
            throw new HookFailure("did not close its output within " + hook.timeoutSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HookFailure("interrupted while waiting for it");
        } catch (ExecutionException e) {
            throw new HookFailure("cannot read its output: " + e.getCause());
        } finally {
            if (process.isAlive() || process.descendants().findAny().isPresent()) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
    }

    private static List<String> shell(String command) {
        return File.separatorChar == '\\' ? List.of("cmd.exe", "/c", command) : List.of("/bin/sh", "-c", command);
    }

    private static Void feed(OutputStream stdin, String input) {
        try (stdin) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        } catch (IOException hookClosedStdin) {
            // It may answer without reading its input; its answer still counts.
        }
        return null;
    }

    private static byte[] drain(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static long remaining(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }
}
