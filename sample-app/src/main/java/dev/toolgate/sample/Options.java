package dev.toolgate.sample;

import java.nio.file.Path;
import java.util.List;

/**
 * The command line.
 *
 * @param script    a script file, or null for the built-in one
 * @param workspace the folder the assistant works in, as given (relative to the working directory)
 */
record Options(Path script, String workspace, boolean legacy, boolean demoCancel, boolean help) {

    static final String DEFAULT_WORKSPACE = "sample-app/workspace";

    static final String USAGE = """
            Usage: java [-javaagent:agent/target/toolgate-agent.jar] -jar sample-app/target/toolgate-sample-app.jar [options]

            A scripted research assistant whose tool calls pass Toolgate's permission gate.
            Run it from the repository root: the project's settings are .toolgate/settings.json.

              --script FILE     replay FILE instead of the built-in script (format: sample-app/README.md)
              --workspace DIR   the folder the assistant works in (default: sample-app/workspace)
              --legacy          run the legacy export job instead: plain code, no annotations; with
                                sandbox.enforce "jvm" (sample-app/legacy-sandbox.json) all it does is gated
              --demo-cancel     show cancelling: a slow search (a CANCEL tool) is stopped, a slow memory
                                save (a BLOCK tool) finishes; each is cancelled by a timer
              --help            print this help

            While a step runs, Ctrl-C (or a line "cancel" on stdin, when stdin is not a terminal)
            cancels it; a second Ctrl-C exits.
            """;

    /** @throws IllegalArgumentException on an unknown option or a missing value */
    static Options parse(List<String> args) {
        Path script = null;
        String workspace = DEFAULT_WORKSPACE;
        boolean help = false;
        boolean legacy = false;
        boolean demoCancel = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--help", "-h" -> help = true;
                case "--script" -> script = Path.of(value(args, ++i, arg));
                case "--workspace" -> workspace = value(args, ++i, arg);
                case "--legacy" -> legacy = true;
                case "--demo-cancel" -> demoCancel = true;
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
        }
        return new Options(script, workspace, legacy, demoCancel, help);
    }

    private static String value(List<String> args, int index, String option) {
        if (index >= args.size() || args.get(index).startsWith("--")) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args.get(index);
    }
}
