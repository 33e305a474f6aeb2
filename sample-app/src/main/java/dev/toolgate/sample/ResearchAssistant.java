package dev.toolgate.sample;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A research assistant whose "model" replays a script of tool calls. Run it with the Toolgate
 * agent attached to watch each call pass the permission gate; without the agent it warns and
 * runs only its read-only tools.
 */
public final class ResearchAssistant {

    private ResearchAssistant() {
    }

    public static void main(String[] args) {
        PrintStream out = System.out;
        try {
            Options options = Options.parse(Arrays.asList(args));
            if (options.help()) {
                out.print(Options.USAGE);
                return;
            }
            run(options, out);
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("research-assistant: " + e.getMessage());
            System.err.println("Try --help.");
            System.exit(2);
        }
    }

    private static void run(Options options, PrintStream out) throws IOException {
        Path workspace = Path.of(options.workspace());
        if (!Files.isDirectory(workspace)) {
            throw new IllegalArgumentException("workspace folder '" + workspace.toAbsolutePath()
                    + "' not found: run from the repository root, or pass --workspace DIR");
        }
        if (options.legacy()) {
            new LegacyExportJob(workspace, out).run();
            return;
        }
        List<ScriptStep> script = options.demoCancel()
                ? ScriptParser.parse(resource("demo-cancel.txt"), "demo-cancel.txt (built in)")
                : options.script() == null
                ? ScriptParser.parse(resource("script.txt"), "script.txt (built in)")
                : ScriptParser.parse(Files.readString(options.script()), options.script().toString());
        List<ScriptStep> subagentScript = ScriptParser.parse(resource("subagent.txt"), "subagent.txt (built in)");
        Map<String, String> variables = Map.of("workspace", options.workspace());

        GateProbe probe = GateProbe.find();
        boolean unicode = Terminal.canPrint('→');
        if (probe.attached()) {
            out.println("Toolgate agent attached: every tool call passes the gate.");
        } else {
            out.println("Toolgate agent not attached: tools run ungated");
            out.println("(so this run skips every tool that is not read-only; attach the agent to see the gate at work)");
        }
        out.println("Workspace: " + options.workspace() + "; script: "
                + (options.demoCancel() ? "cancel demo" : options.script() == null ? "built in" : options.script())
                + ", " + script.size() + " steps");
        out.println();

        Transcript transcript = new Transcript();
        SubagentTool subagent = new SubagentTool(subagentScript, variables);
        ResearchTools research = new ResearchTools(workspace, options.demoCancel());
        ToolRegistry tools = new ToolRegistry(research, new FileTools(), new ShellTools(), new UserTools(), subagent);
        StepCanceller canceller = new StepCanceller(out);
        canceller.handleCtrlC();
        canceller.watchStdin();
        long[] autoCancel = options.demoCancel() ? DEMO_CANCEL_AFTER_MILLIS : new long[0];
        AgentLoop loop = new AgentLoop(tools, probe, transcript, out, unicode, canceller, autoCancel);
        subagent.useLoop(loop);
        loop.run(script, variables);
        if (options.demoCancel()) {
            out.println();
            out.println("search_papers read " + research.filesRead() + " paper files before it ended"
                    + " (all 30 passes: " + 30 * paperCount(workspace) + ").");
            Path memory = workspace.resolve("memory.md");
            List<String> lines = Files.exists(memory) ? Files.readAllLines(memory) : List.of();
            out.println("Last line of " + memory + ": " + (lines.isEmpty() ? "(none)" : lines.get(lines.size() - 1)));
        }

        out.println();
        out.println("Summary");
        out.print(SummaryTable.format(transcript.rows(), unicode));
    }

    /** The --demo-cancel run cancels step 1 after 1 s and step 2 after 0.5 s. */
    private static final long[] DEMO_CANCEL_AFTER_MILLIS = {1000, 500};

    private static long paperCount(Path workspace) throws IOException {
        try (var files = Files.list(workspace.resolve("papers"))) {
            return files.count();
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ResearchAssistant.class.getResourceAsStream("/" + name)) {
            if (in == null) {
                throw new IOException("resource " + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
