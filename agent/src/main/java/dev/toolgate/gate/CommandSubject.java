package dev.toolgate.gate;

import dev.toolgate.shell.CommandLine;

/** A command line a request runs, parsed once. */
public record CommandSubject(String raw, CommandLine line) {

    public static CommandSubject parse(String raw) {
        return new CommandSubject(raw, CommandLine.parse(raw == null ? "" : raw));
    }
}
