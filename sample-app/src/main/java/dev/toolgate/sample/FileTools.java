package dev.toolgate.sample;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.ToolPath;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Plain file tools. They check nothing themselves: the path sandbox, the rules and the
 * prompts are the gate's job.
 */
final class FileTools {

    @AgentTool(value = "read_file", readOnly = true, concurrencySafe = true)
    public String readFile(@ToolPath String path) throws IOException {
        return Files.readString(Path.of(path));
    }

    @AgentTool("file_write")
    public String fileWrite(@ToolPath String path, String content) throws IOException {
        Path file = Path.of(path);
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        Files.writeString(file, content);
        return "wrote " + content.length() + " characters to " + path;
    }
}
