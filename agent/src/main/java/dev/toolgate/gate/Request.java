package dev.toolgate.gate;

import dev.toolgate.runtime.ToolSpec;
import java.util.List;

/**
 * What the gate is asked about: a tool call with its path and command arguments, or one
 * operation (read, write, exec, connect, exit) made inside a tool call.
 *
 * @param tool    the tool being called, or for an operation the tool it runs inside (null outside tools)
 * @param subject what the audit record names: the tool's arguments, a path, a command, host:port
 */
public record Request(RequestKind kind, ToolSpec tool, String subject, List<PathSubject> paths,
                      List<CommandSubject> commands, String host, int port) {

    public static Request toolCall(ToolSpec tool, String subject, List<PathSubject> paths,
                                   List<CommandSubject> commands) {
        return new Request(RequestKind.TOOL, tool, subject, paths, commands, null, -1);
    }

    public static Request path(RequestKind kind, ToolSpec tool, PathSubject path) {
        return new Request(kind, tool, path.target().toString(), List.of(path), List.of(), null, -1);
    }

    public static Request exec(ToolSpec tool, CommandSubject command) {
        return new Request(RequestKind.EXEC, tool, command.raw(), List.of(), List.of(command), null, -1);
    }

    public static Request connect(ToolSpec tool, String host, int port) {
        return new Request(RequestKind.CONNECT, tool, host + ":" + port, List.of(), List.of(), host, port);
    }

    public static Request exit(ToolSpec tool, int status) {
        return new Request(RequestKind.EXIT, tool, "exit(" + status + ")", List.of(), List.of(), null, -1);
    }

    public boolean isToolCall() {
        return kind == RequestKind.TOOL;
    }

    public String toolName() {
        return tool == null ? null : tool.name();
    }

    /** True when the request is read-only: a read-only tool, or a read. */
    public boolean isReadOnly() {
        return isToolCall() ? tool.readOnly() : kind == RequestKind.READ;
    }
}
