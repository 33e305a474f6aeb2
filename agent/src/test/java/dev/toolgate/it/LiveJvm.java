package dev.toolgate.it;

import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A child JVM that the test talks to while it runs: it reads the output as it comes, writes
 * lines to the program's input, and may kill it. It runs in the folders of a {@link ChildJvm}
 * (project, home, policy file), optionally under a pseudo-terminal (util-linux {@code script}),
 * optionally with a class path of the test's choosing.
 */
final class LiveJvm implements AutoCloseable {

    private final Process process;
    private final List<String> command;
    private final Path stderr;
    private final Path auditFile;
    private final StringBuilder output = new StringBuilder();
    private final Thread reader;

    private LiveJvm(Process process, List<String> command, Path stderr, Path auditFile) {
        this.process = process;
        this.command = command;
        this.stderr = stderr;
        this.auditFile = auditFile;
        this.reader = new Thread(this::readOutput, "live-jvm-output");
        reader.setDaemon(true);
        reader.start();
    }

    /** Whether util-linux {@code script} is there to give a child a pseudo-terminal. */
    static boolean ptyAvailable() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "script"))) {
                return true;
            }
        }
        return false;
    }

    /** Starts describing a child JVM running {@code javaHome}'s java in {@code dirs}' folders. */
    static Launch of(Path javaHome, ChildJvm dirs) {
        return new Launch(javaHome, dirs);
    }

    static final class Launch {
        private final Path javaHome;
        private final ChildJvm dirs;
        private String agentOptions;
        private boolean withAgent = true;
        private boolean pty;
        private final List<String> jvmOptions = new ArrayList<>();
        private final List<String> classPath = new ArrayList<>(
                List.of(ChildJvm.FIXTURES.toString(), ChildJvm.ANNOTATIONS_JAR.toString()));

        private Launch(Path javaHome, ChildJvm dirs) {
            this.javaHome = javaHome;
            this.dirs = dirs;
        }

        Launch agentOptions(String options) {
            this.agentOptions = options;
            return this;
        }

        Launch withoutAgent() {
            this.withAgent = false;
            return this;
        }

        Launch jvmOption(String option) {
            jvmOptions.add(option);
            return this;
        }

        /** Replaces the default class path (test classes and the annotations jar). */
        Launch onlyClassPath(Path... entries) {
            classPath.clear();
            for (Path entry : entries) {
                classPath.add(entry.toString());
            }
            return this;
        }

        /** Runs the JVM with its stdin, stdout and stderr on a pseudo-terminal. */
        Launch underPty() {
            this.pty = true;
            return this;
        }

        List<String> javaCommand(String mainClass, String... args) {
            List<String> java = new ArrayList<>();
            java.add(javaHome.resolve("bin/java").toString());
            java.add("-XX:TieredStopAtLevel=1");
            if (withAgent) {
                java.add("-javaagent:" + ChildJvm.AGENT_JAR.toAbsolutePath()
                        + (agentOptions == null ? "" : "=" + agentOptions));
            }
            java.add("-Duser.home=" + dirs.home());
            java.add("-Dtoolgate.project=" + dirs.project());
            java.add("-Dtoolgate.policy=" + dirs.policyFile());
            java.addAll(jvmOptions);
            java.add("-cp");
            java.add(String.join(File.pathSeparator, classPath));
            java.add(mainClass);
            java.addAll(List.of(args));
            return java;
        }

        LiveJvm start(String mainClass, String... args) throws IOException {
            List<String> java = javaCommand(mainClass, args);
            List<String> command = pty
                    ? List.of("script", "-qfec", String.join(" ", java.stream().map(Launch::shellQuote).toList()),
                            "/dev/null")
                    : java;
            Path err = Files.createTempFile(dirs.project().getParent(), "stderr", ".txt");
            ProcessBuilder builder = new ProcessBuilder(command).directory(dirs.project().toFile());
            if (pty) {
                builder.redirectErrorStream(true);
                builder.environment().put("TERM", "dumb");
            } else {
                builder.redirectError(err.toFile());
            }
            return new LiveJvm(builder.start(), command, err, dirs.project().resolve(".toolgate/audit.jsonl"));
        }

        private static String shellQuote(String word) {
            return "'" + word.replace("'", "'\\''") + "'";
        }
    }

    private void readOutput() {
        char[] buffer = new char[8192];
        try (Reader in = new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                synchronized (output) {
                    output.append(buffer, 0, n);
                    output.notifyAll();
                }
            }
        } catch (IOException closed) {
            // The process is gone.
        }
    }

    long pid() {
        return process.pid();
    }

    /** What the program printed so far, with the terminal's carriage returns removed. */
    String output() {
        synchronized (output) {
            return output.toString().replace("\r", "");
        }
    }

    /** Waits until {@code text} has been printed {@code times} times. */
    void awaitOutput(String text, int times, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Pattern pattern = Pattern.compile(Pattern.quote(text));
        synchronized (output) {
            while (pattern.matcher(output).results().count() < times) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("no '" + text + "' (" + times + "x) within " + timeout + ": " + this);
                }
                if (!process.isAlive() && !reader.isAlive()) {
                    throw new AssertionError("process ended before printing '" + text + "' (" + times + "x): " + this);
                }
                output.wait(Math.min(TimeUnit.NANOSECONDS.toMillis(left) + 1, 200));
            }
        }
    }

    /** Writes one line to the program's input. */
    void send(String line) throws IOException {
        OutputStream in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Answers each prompt containing {@code marker} in turn, waiting for it to appear first. */
    void answerPrompts(String marker, List<String> answers, Duration eachTimeout) throws IOException, InterruptedException {
        for (int i = 0; i < answers.size(); i++) {
            awaitOutput(marker, i + 1, eachTimeout);
            send(answers.get(i));
        }
    }

    ChildJvm.Result waitFor(Duration timeout) throws IOException, InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("child JVM did not finish in " + timeout + ": " + this);
        }
        reader.join(5_000);
        return result();
    }

    ChildJvm.Result kill() throws IOException, InterruptedException {
        process.destroyForcibly().waitFor();
        reader.join(5_000);
        return result();
    }

    private ChildJvm.Result result() throws IOException {
        return new ChildJvm.Result(process.exitValue(), output(), Files.readString(stderr), auditFile);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly().waitFor();
        }
    }

    @Override
    public String toString() {
        String err;
        try {
            err = Files.readString(stderr);
        } catch (IOException e) {
            err = e.toString();
        }
        return command + "\nstdout:\n" + output() + "\nstderr:\n" + err;
    }
}
