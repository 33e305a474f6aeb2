package dev.toolgate.sample;

import dev.toolgate.annotations.InterruptBehavior;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.stream.Collectors;

/**
 * The ReAct-style loop: for each scripted step, print the thought, call the tool, print what
 * happened. A denial is a {@link SecurityException} from the gate; it and any other failure
 * end that step only.
 */
final class AgentLoop {

    private static final String DENIED_PREFIX = "Permission denied:";
    private static final int PREVIEW_CHARS = 80;

    private final ToolRegistry tools;
    private final GateProbe probe;
    private final Transcript transcript;
    private final PrintStream out;
    private final boolean unicode;
    private final StepCanceller canceller;
    private final long[] autoCancelMillis;

    AgentLoop(ToolRegistry tools, GateProbe probe, Transcript transcript, PrintStream out, boolean unicode) {
        this(tools, probe, transcript, out, unicode, null, new long[0]);
    }

    /**
     * @param canceller        runs top-level steps on a worker thread that can be cancelled; null: inline
     * @param autoCancelMillis per top-level step, cancel it after this many ms (0: never)
     */
    AgentLoop(ToolRegistry tools, GateProbe probe, Transcript transcript, PrintStream out, boolean unicode,
              StepCanceller canceller, long[] autoCancelMillis) {
        this.tools = tools;
        this.probe = probe;
        this.transcript = transcript;
        this.out = out;
        this.unicode = unicode;
        this.canceller = canceller;
        this.autoCancelMillis = autoCancelMillis.clone();
    }

    /** Runs the steps with their {@code {placeholders}} filled in; returns this loop's outcomes. */
    List<StepOutcome> run(List<ScriptStep> script, Map<String, String> variables) {
        if (transcript.depth() > 0) {
            probe.lastDecision().ifPresent(transcript::noteEnclosingDecision);
        }
        String indent = "    ".repeat(transcript.depth());
        List<StepOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < script.size(); i++) {
            ScriptStep step = script.get(i).resolve(variables);
            String label = transcript.label(i + 1);
            out.println(indent + "Step " + label + "  " + step.thought());
            print(indent, "call", describeCall(step));
            boolean topLevel = transcript.depth() == 0;
            int slot = transcript.begin(label);
            StepOutcome outcome = null;
            try {
                if (canceller != null && topLevel) {
                    long autoCancel = i < autoCancelMillis.length ? autoCancelMillis[i] : 0;
                    outcome = canceller.run(() -> runStep(label, step, indent), autoCancel,
                            () -> report(indent, new StepOutcome(label, step.tool(), Outcome.CANCELLED,
                                    "cancelled before it started")));
                } else {
                    outcome = runStep(label, step, indent);
                }
            } finally {
                transcript.end(slot, outcome != null ? outcome
                        : new StepOutcome(label, step.tool(), Outcome.ERROR, "the step did not finish"));
            }
            outcomes.add(outcome);
        }
        return outcomes;
    }

    private StepOutcome runStep(String label, ScriptStep step, String indent) {
        Optional<ToolRegistry.Tool> found = tools.find(step.tool());
        if (found.isEmpty()) {
            return report(indent, new StepOutcome(label, step.tool(), Outcome.ERROR, "no tool named '" + step.tool() + "'"));
        }
        ToolRegistry.Tool tool = found.get();
        if (!probe.attached() && !tool.spec().readOnly()) {
            return report(indent, new StepOutcome(label, tool.name(), Outcome.SKIPPED,
                    "not read-only, and no gate is attached"));
        }
        try {
            Object result = tools.invoke(tool, step.arguments());
            StepOutcome outcome = report(indent, allowed(label, tool.name()));
            print(indent, "result", preview(result));
            if (Thread.currentThread().isInterrupted() && tool.spec().interrupt() == InterruptBehavior.BLOCK) {
                print(indent, "", "the cancel came while this BLOCK tool ran: it finished first, then got the interrupt");
            }
            return outcome;
        } catch (CancellationException e) {
            return report(indent, new StepOutcome(label, tool.name(), Outcome.CANCELLED, String.valueOf(e.getMessage())));
        } catch (SecurityException e) {
            String message = String.valueOf(e.getMessage());
            if (message.startsWith(DENIED_PREFIX)) {
                boolean asked = lastDecisionOn(tool.name()).filter(d -> "deny".equals(d.behavior()) && d.asked()).isPresent();
                return report(indent, new StepOutcome(label, tool.name(), asked ? Outcome.ASKED_DENIED : Outcome.DENIED,
                        message.substring(DENIED_PREFIX.length()).strip()));
            }
            return report(indent, failed(label, tool.name(), e));
        } catch (Exception e) {
            return report(indent, failed(label, tool.name(), e));
        }
    }

    private StepOutcome allowed(String label, String tool) {
        if (!probe.attached()) {
            return new StepOutcome(label, tool, Outcome.UNGATED, "agent not attached");
        }
        Optional<GateDecision> decision = transcript.enclosingDecision(label)
                .or(() -> lastDecisionOn(tool))
                .filter(d -> tool.equals(d.tool()));
        return decision
                .map(d -> new StepOutcome(label, tool, d.asked() ? Outcome.ASKED_ALLOWED : Outcome.ALLOWED, d.reason()))
                .orElseGet(() -> new StepOutcome(label, tool, Outcome.ALLOWED, "(the gate recorded no reason)"));
    }

    private Optional<GateDecision> lastDecisionOn(String tool) {
        return probe.lastDecision().filter(d -> tool.equals(d.tool()));
    }

    private static StepOutcome failed(String label, String tool, Exception e) {
        String message = e.getMessage() == null ? "" : ": " + e.getMessage();
        return new StepOutcome(label, tool, Outcome.ERROR, e.getClass().getSimpleName() + message);
    }

    private StepOutcome report(String indent, StepOutcome outcome) {
        print(indent, outcome.outcome().label(unicode), outcome.reason());
        return outcome;
    }

    private void print(String indent, String tag, String text) {
        out.printf("%s  %-13s %s%n", indent, tag, text);
    }

    static String describeCall(ScriptStep step) {
        return step.tool() + step.arguments().stream()
                .map(a -> '"' + shorten(a.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"), 60) + '"')
                .collect(Collectors.joining(", ", "(", ")"));
    }

    static String preview(Object result) {
        if (result == null) {
            return "(no result)";
        }
        String[] lines = result.toString().strip().split("\\R");
        String first = shorten(lines[0], PREVIEW_CHARS);
        return lines.length > 1 ? first + "  (+" + (lines.length - 1) + " more lines)" : first;
    }

    private static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 3) + "...";
    }
}
