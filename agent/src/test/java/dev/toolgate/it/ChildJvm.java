package dev.toolgate.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a program in a fresh JVM under the real agent jar, in a throw-away project folder with
 * its own home folder and policy file, and returns what it printed and audited.
 */
public final class ChildJvm {

    static final Path AGENT_JAR = Path.of(System.getProperty("toolgate.agentJar", "target/toolgate-agent.jar"));
    static final Path ANNOTATIONS_JAR = Path.of(System.getProperty("toolgate.annotationsJar",
            "../annotations/target/toolgate-annotations-0.1.0-SNAPSHOT.jar"));
    static final Path FIXTURES = Path.of(System.getProperty("toolgate.fixtures", "target/test-classes"));
    /** Written by the build (maven-dependency-plugin build-classpath): LangChain4j, Spring AI and what they need. */
    static final Path FRAMEWORK_CLASSPATH = Path.of(System.getProperty("toolgate.frameworkClasspath",
            "target/framework-classpath.txt"));
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path javaHome;
    private final Path project;
    private final Path home;
    private Path policy;
    private String agentOptions;
    private boolean withAgent = true;
    private String stdin = "";
    private final List<String> jvmOptions = new ArrayList<>();
    private final List<String> classPath = new ArrayList<>();
    private long timeoutSeconds = 60;

    private ChildJvm(Path javaHome, Path root) throws IOException {
        this.javaHome = javaHome;
        this.project = Files.createDirectories(root.resolve("project"));
        this.home = Files.createDirectories(root.resolve("home"));
        this.policy = root.resolve("policy.json");
        // A named policy file must exist (fail closed); an empty one sets nothing.
        Files.writeString(policy, "{}");
        classPath.add(FIXTURES.toString());
        classPath.add(ANNOTATIONS_JAR.toString());
    }

    /** @param javaHome the JDK to run; @param root an empty folder of the test's */
    public static ChildJvm in(Path javaHome, Path root) throws IOException {
        return new ChildJvm(javaHome, root);
    }

    /** The JDK running the tests, plus JDK 25 where it is installed. */
    public static Stream<Path> jdks() {
        Path current = Path.of(System.getProperty("java.home"));
        return Files.isDirectory(JDK25) && !current.equals(JDK25) ? Stream.of(current, JDK25) : Stream.of(current);
    }

    public static String jdkName(Path javaHome) {
        return javaHome.getFileName().toString();
    }

    public Path project() {
        return project;
    }

    public Path home() {
        return home;
    }

    public Path policyFile() {
        return policy;
    }

    public ChildJvm projectSettings(String json) throws IOException {
        return write(project.resolve(".toolgate/settings.json"), json);
    }

    public ChildJvm localSettings(String json) throws IOException {
        return write(project.resolve(".toolgate/settings.local.json"), json);
    }

    public ChildJvm userSettings(String json) throws IOException {
        return write(home.resolve(".toolgate/settings.json"), json);
    }

    public ChildJvm policy(String json) throws IOException {
        return write(policy, json);
    }

    public ChildJvm agentOptions(String options) {
        this.agentOptions = options;
        return this;
    }

    public ChildJvm withoutAgent() {
        this.withAgent = false;
        return this;
    }

    public ChildJvm stdin(String text) {
        this.stdin = text;
        return this;
    }

    public ChildJvm jvmOption(String option) {
        jvmOptions.add(option);
        return this;
    }

    public ChildJvm classPath(Path entry) {
        classPath.add(entry.toString());
        return this;
    }

    /** Puts LangChain4j and Spring AI, as the test build resolved them, on the class path. */
    public ChildJvm withFrameworks() throws IOException {
        String jars = Files.readString(FRAMEWORK_CLASSPATH).strip();
        for (String jar : jars.split(File.pathSeparator)) {
            classPath.add(jar);
        }
        return this;
    }

    public ChildJvm timeoutSeconds(long seconds) {
        this.timeoutSeconds = seconds;
        return this;
    }

    public ChildJvm write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        return this;
    }

    public Result run(String mainClass, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin/java").toString());
        command.add("-XX:TieredStopAtLevel=1");
        if (withAgent) {
            command.add("-javaagent:" + AGENT_JAR.toAbsolutePath() + (agentOptions == null ? "" : "=" + agentOptions));
        }
        command.add("-Duser.home=" + home);
        command.add("-Dtoolgate.project=" + project);
        command.add("-Dtoolgate.policy=" + policy);
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPath));
        command.add(mainClass);
        command.addAll(List.of(args));

        Path out = Files.createTempFile(project.getParent(), "stdout", ".txt");
        Path err = Files.createTempFile(project.getParent(), "stderr", ".txt");
        Process process = new ProcessBuilder(command)
                .directory(project.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (IOException exitedEarly) {
            // The program may not read its input.
        }
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("child JVM did not finish in " + timeoutSeconds + " s: " + command
                    + "\nstdout:\n" + Files.readString(out) + "\nstderr:\n" + Files.readString(err));
        }
        return new Result(process.exitValue(), Files.readString(out), Files.readString(err),
                project.resolve(".toolgate/audit.jsonl"));
    }

    /** Runs {@code ToolScenario} with the given calls. */
    public Result calls(String... calls) throws IOException, InterruptedException {
        return run("dev.toolgate.fixtures.ToolScenario", calls);
    }

    /** What a child JVM did. */
    public record Result(int exitCode, String stdout, String stderr, Path auditFile) {

        /** The outcome line of call {@code index}: "ALLOWED …", "DENIED …" or "FAILED …". */
        public String call(int index) {
            String prefix = "CALL " + index + " ";
            for (String line : stdout.split("\n")) {
                if (line.startsWith(prefix)) {
                    String rest = line.substring(prefix.length());
                    return rest.substring(rest.indexOf(' ') + 1);
                }
            }
            throw new AssertionError("no outcome for call " + index + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
        }

        /** Whether the body of {@code tool} ran at all. */
        public boolean bodyRan(String tool) {
            return stdout.lines().anyMatch(line -> line.equals("BODY " + tool));
        }

        public long bodyRuns(String tool) {
            return stdout.lines().filter(line -> line.equals("BODY " + tool)).count();
        }

        public List<Map<String, Object>> audit() throws IOException {
            List<Map<String, Object>> records = new ArrayList<>();
            if (!Files.exists(auditFile)) {
                return records;
            }
            for (String line : Files.readAllLines(auditFile)) {
                @SuppressWarnings("unchecked")
                Map<String, Object> record = JSON.readValue(line, LinkedHashMap.class);
                records.add(record);
            }
            return records;
        }

        public List<Map<String, Object>> audit(String event) throws IOException {
            return audit().stream().filter(r -> event.equals(r.get("event"))).toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }
}
