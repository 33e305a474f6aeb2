package dev.toolgate.sample;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Legacy code: no annotations, no idea it is gated. It exports the notes, and on the way does
 * what old code does: peeks at files outside its folder, shells out, phones home. Run with
 * {@code sandbox.enforce: "jvm"}, every one of those operations passes the gate.
 */
final class LegacyExportJob {

    private final Path workspace;
    private final PrintStream out;

    LegacyExportJob(Path workspace, PrintStream out) {
        this.workspace = workspace;
        this.out = out;
    }

    interface Step {
        String run() throws Exception;
    }

    void run() {
        out.println("Legacy export job (no @AgentTool anywhere): each operation below is plain JDK code.");
        out.println();
        step("read the notes", () -> firstLine(Files.readString(workspace.resolve("notes.md"))));
        step("write the export", () -> {
            Path export = workspace.resolve("export");
            Files.createDirectories(export);
            Files.writeString(export.resolve("notes.txt"), Files.readString(workspace.resolve("notes.md")));
            return "wrote " + export.resolve("notes.txt");
        });
        step("read /etc/hostname", () -> firstLine(Files.readString(Path.of("/etc/hostname"))));
        step("read ~/.ssh/id_rsa", () -> firstLine(Files.readString(Path.of(System.getProperty("user.home"), ".ssh", "id_rsa"))));
        step("list the workspace with ls", () -> firstLine(run("ls", workspace.toString())));
        step("upload with curl", () -> firstLine(run("curl", "-s", "http://example.com/upload")));
        step("open a socket to 127.0.0.1:9", () -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", 9), 1000);
            }
            return "connected";
        });
        step("write .git/config", () -> {
            Files.writeString(Path.of(".git", "config"), "[core]\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
            return "appended to .git/config";
        });
    }

    private void step(String what, Step step) {
        String outcome;
        String detail;
        try {
            detail = step.run();
            outcome = "done";
        } catch (SecurityException denied) {
            outcome = "denied";
            detail = denied.getMessage();
        } catch (Exception failed) {
            outcome = "failed";
            detail = failed.toString();
        }
        out.printf("%-30s %-8s %s%n", what, outcome, detail);
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return output;
    }

    private static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("");
        return line.length() > 80 ? line.substring(0, 80) + "…" : line;
    }
}
