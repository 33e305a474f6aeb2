package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Tables of gate scenarios: each {@link Case} is one child JVM running {@code GateScenario}
 * (or {@code ModeScenario}) with many calls, each {@link Step} one call with its exact
 * expected outcome, reason, and audit record. A pause that the gate allows in every mode runs
 * between the calls, so that denials never come three in a row.
 *
 * <p>Reasons, calls and settings may hold {@code {project}} (the project folder, symlinks
 * resolved), {@code {home}}, {@code {root}} (the test's folder), {@code {classPath}} (the fixtures'
 * class folder) and {@code {javaHome}} (the child's JDK).
 */
final class GateTable {

    static final String DENIED = "DENIED dev.toolgate.api.PermissionDeniedException Permission denied: tool '";
    static final String HEADLESS = "; asked: no one to ask (ask=deny)";
    static final String GATE_SCENARIO = "dev.toolgate.fixtures.GateScenario";
    static final String MODE_SCENARIO = "dev.toolgate.fixtures.ModeScenario";

    private GateTable() {
    }

    /**
     * One entry of a scenario. For a tool call: {@code allowed}, the tool's {@code result} when
     * allowed, and the decision's reason, asked flag, rule and source as the audit records them.
     * For a {@code setMode=…} entry of ModeScenario: {@code result} is the whole printed outcome.
     */
    record Step(String call, boolean toolCall, boolean allowed, String result, String reason, boolean asked,
                String rule, String source) {

        String tool() {
            int eq = call.indexOf('=');
            return eq < 0 ? call : call.substring(0, eq);
        }

        @Override
        public String toString() {
            return call;
        }
    }

    /** Allowed by an allow rule. */
    static Step allowedBy(String call, String result, String rule, String source) {
        return new Step(call, true, true, result, "allow rule " + rule + " (" + source + ")", false, rule, source);
    }

    /** Allowed by a check or the mode (no rule). */
    static Step allowed(String call, String result, String reason) {
        return new Step(call, true, true, result, reason, false, null, null);
    }

    /** Denied by a deny rule. */
    static Step deniedBy(String call, String rule, String source) {
        return new Step(call, true, false, null, "deny rule " + rule + " (" + source + ")", false, rule, source);
    }

    /** Denied by a check or the mode, without asking. */
    static Step denied(String call, String reason) {
        return new Step(call, true, false, null, reason, false, null, null);
    }

    /** The gate asked because of a check or no rule, and the headless resolver said no. */
    static Step askedNo(String call, String gateReason) {
        return new Step(call, true, false, null, gateReason + HEADLESS, true, null, null);
    }

    /** An ask rule asked, and the headless resolver said no. */
    static Step askedNoBy(String call, String rule, String source) {
        return new Step(call, true, false, null, "ask rule " + rule + " (" + source + ")" + HEADLESS, true, rule, source);
    }

    /** An ask that dontAsk mode turned into a deny. */
    static Step dontAsk(String call, String gateReason) {
        return new Step(call, true, false, null, "mode dontAsk: " + gateReason, false, null, null);
    }

    static Step dontAskBy(String call, String rule, String source) {
        return new Step(call, true, false, null, "mode dontAsk: ask rule " + rule + " (" + source + ")", false, rule,
                source);
    }

    /** A {@code setMode=…} entry of ModeScenario and what it printed after the name. */
    static Step setMode(String mode, String printed) {
        return new Step("setMode=" + mode, false, false, printed, null, false, null, null);
    }

    /** A {@code getMode} entry of ModeScenario: the mode the gate is in now. */
    static Step modeIs(String mode) {
        return new Step("getMode", false, false, "OK " + mode, null, false, null, null);
    }

    /** What to do to a child JVM before it runs: settings files, folders, links. */
    @FunctionalInterface
    interface Setup {
        void apply(ChildJvm jvm) throws IOException;

        default Setup and(Setup next) {
            return jvm -> {
                apply(jvm);
                next.apply(jvm);
            };
        }
    }

    static Setup project(String json) {
        return jvm -> jvm.projectSettings(expand(json, jvm));
    }

    static Setup local(String json) {
        return jvm -> jvm.localSettings(expand(json, jvm));
    }

    static Setup user(String json) {
        return jvm -> jvm.userSettings(expand(json, jvm));
    }

    static Setup policy(String json) {
        return jvm -> jvm.policy(expand(json, jvm));
    }

    /** A settings file outside the project, named by the {@code config=} agent argument; {@code more} adds options. */
    static Setup cli(String json, String more) {
        return jvm -> {
            Path file = jvm.project().getParent().resolve("cli-settings.json");
            jvm.write(file, expand(json, jvm));
            jvm.agentOptions("config=" + file + (more.isEmpty() ? "" : "," + more));
        };
    }

    static Setup agentOptions(String options) {
        return jvm -> jvm.agentOptions(expand(options, jvm));
    }

    static final Setup NOTHING = jvm -> { };

    /** Moves the child's java.io.tmpdir (a sandbox root) to {@code {root}/tmp}, so that the test's folder is outside it. */
    static final Setup OWN_TMPDIR = jvm -> {
        Files.createDirectories(jvm.project().getParent().resolve("tmp"));
        jvm.jvmOption("-Djava.io.tmpdir=" + jvm.project().getParent().resolve("tmp"));
    };

    /** One child JVM: how to set it up, which program runs, and its entries in order. */
    record Case(String name, Setup setup, String mainClass, List<Step> steps) {

        @Override
        public String toString() {
            return name;
        }
    }

    static Case scenario(String name, Setup setup, Step... steps) {
        return new Case(name, setup, GATE_SCENARIO, List.of(steps));
    }

    static Case modeScenario(String name, Setup setup, Step... steps) {
        return new Case(name, setup, MODE_SCENARIO, List.of(steps));
    }

    /** Every case on every JDK. */
    static Stream<Arguments> onEveryJdk(List<Case> cases) {
        return ChildJvm.jdks().flatMap(jdk -> cases.stream().map(c -> Arguments.of(ChildJvm.jdkName(jdk), c, jdk)));
    }

    static String expand(String text, ChildJvm jvm) throws IOException {
        return text.replace("{project}", jvm.project().toRealPath().toString())
                .replace("{home}", jvm.home().toString())
                .replace("{root}", jvm.project().getParent().toString())
                .replace("{classPath}", ChildJvm.FIXTURES.toAbsolutePath().normalize().toString());
    }

    static String expand(String text, ChildJvm jvm, Path jdk) throws IOException {
        return expand(text, jvm).replace("{javaHome}", jdk.toString());
    }

    /** Runs the case in a fresh JVM under {@code root} and checks every step; returns the result for more checks. */
    static ChildJvm.Result run(Path jdk, Path root, Case c) throws Exception {
        ChildJvm jvm = ChildJvm.in(jdk, root);
        c.setup().apply(jvm);
        String[] calls = new String[c.steps().size()];
        for (int i = 0; i < calls.length; i++) {
            calls[i] = expand(c.steps().get(i).call(), jvm, jdk);
        }
        ChildJvm.Result result = jvm.run(c.mainClass(), calls);
        check(jvm, jdk, result, c.steps());
        return result;
    }

    private static void check(ChildJvm jvm, Path jdk, ChildJvm.Result result, List<Step> steps) throws IOException {
        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdout()).as(result.toString()).contains("DONE").doesNotContain("PAUSE-DENIED");
        List<List<String>> bodies = bodiesPerCall(result.stdout(), steps.size());
        List<Map<String, Object>> decisions = result.audit("decision").stream()
                .filter(r -> "tool".equals(r.get("kind")) && !"gate_pause".equals(r.get("tool")))
                .toList();
        SoftAssertions soft = new SoftAssertions();
        int toolCalls = 0;
        Set<String> everAllowed = new HashSet<>();
        Set<String> everDenied = new HashSet<>();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String label = "call " + i + " " + step.call();
            if (!step.toolCall()) {
                soft.assertThat(result.call(i)).as(label).isEqualTo(expand(step.result(), jvm, jdk));
                continue;
            }
            String reason = expand(step.reason(), jvm, jdk);
            String expected = step.allowed() ? "ALLOWED " + expand(step.result(), jvm, jdk)
                    : DENIED + step.tool() + "': " + reason;
            soft.assertThat(result.call(i)).as(label).isEqualTo(expected);
            soft.assertThat(bodies.get(i)).as(label + ": tool bodies that ran")
                    .isEqualTo(step.allowed() ? List.of("BODY " + step.tool()) : List.of());
            (step.allowed() ? everAllowed : everDenied).add(step.tool());
            if (toolCalls < decisions.size()) {
                Map<String, Object> record = decisions.get(toolCalls);
                soft.assertThat(Arrays.asList(record.get("tool"), record.get("behavior"), record.get("asked"),
                                record.get("reason"), record.get("rule"), record.get("source")))
                        .as(label + ": audit record " + record)
                        .isEqualTo(Arrays.asList(step.tool(), step.allowed() ? "allow" : "deny", step.asked(),
                                reason, step.rule(), step.source()));
            }
            toolCalls++;
        }
        soft.assertThat(decisions).as("one audit decision per call").hasSize(toolCalls);
        for (String tool : everDenied) {
            if (!everAllowed.contains(tool)) {
                soft.assertThat(result.bodyRan(tool)).as("body of the denied tool " + tool + " ran").isFalse();
            }
        }
        try {
            soft.assertAll();
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\n\nchild JVM " + result, e);
        }
    }

    /** For each call, the BODY lines (other than the pause's) printed after the previous call's outcome. */
    private static List<List<String>> bodiesPerCall(String stdout, int calls) {
        List<List<String>> bodies = new ArrayList<>();
        List<String> pending = new ArrayList<>();
        for (String line : stdout.split("\n")) {
            if (line.startsWith("BODY ") && !line.equals("BODY gate_pause")) {
                pending.add(line);
            } else if (line.startsWith("CALL ")) {
                bodies.add(pending);
                pending = new ArrayList<>();
            }
        }
        while (bodies.size() < calls) {
            bodies.add(List.of());
        }
        return bodies;
    }
}
