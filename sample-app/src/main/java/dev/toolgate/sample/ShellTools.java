package dev.toolgate.sample;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.InterruptBehavior;
import dev.toolgate.annotations.ToolCommand;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Runs a shell command in the working directory. Checking the command is the gate's job. */
final class ShellTools {

    private static final long WAIT_SECONDS = 30;

    /**
     * Output goes to a temporary file rather than a pipe, so that a chatty command cannot
     * block on a full pipe while we wait for it.
     */
    @AgentTool(value = "run_bash", interrupt = InterruptBehavior.BLOCK)
    public String runBash(@ToolCommand String command) throws IOException, InterruptedException {
        Path output = Files.createTempFile("toolgate-sample-", ".out");
        try {
            Process process = new ProcessBuilder("bash", "-c", command)
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            process.getOutputStream().close();
            boolean finished = process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS);
            if (!finished) {
                process.destroyForcibly();
            }
            String text = new String(Files.readAllBytes(output), StandardCharsets.UTF_8);
            if (!finished) {
                return text + "[stopped after " + WAIT_SECONDS + " s]";
            }
            return process.exitValue() == 0 ? text : text + "[exit code " + process.exitValue() + "]";
        } finally {
            Files.deleteIfExists(output);
        }
    }
}
