package dev.toolgate.it;

import static dev.toolgate.it.GateTable.agentOptions;
import static dev.toolgate.it.GateTable.allowed;
import static dev.toolgate.it.GateTable.allowedBy;
import static dev.toolgate.it.GateTable.askedNo;
import static dev.toolgate.it.GateTable.askedNoBy;
import static dev.toolgate.it.GateTable.denied;
import static dev.toolgate.it.GateTable.deniedBy;
import static dev.toolgate.it.GateTable.dontAsk;
import static dev.toolgate.it.GateTable.dontAskBy;
import static dev.toolgate.it.GateTable.modeScenario;
import static dev.toolgate.it.GateTable.policy;
import static dev.toolgate.it.GateTable.project;
import static dev.toolgate.it.GateTable.scenario;
import static dev.toolgate.it.GateTable.setMode;

import dev.toolgate.it.GateTable.Case;
import dev.toolgate.it.GateTable.Step;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The five permission modes (SPEC §6 step 5 and dontAsk), each met by the same representative calls. */
class ModesIT {

    static final String RULES = """
            "ask": ["plain", "file_write(**/*.md)"], "deny": ["greet"], "allow": ["read_file(docs/**)", "staticTool"]""";
    static final String OUTSIDE = "path '/etc/toolgate-it.txt' is outside the sandbox roots; add it to"
            + " permissions.additionalDirectories or allow it with Write(//etc/toolgate-it.txt)";
    static final String PROTECTED = "write to protected path '{project}/.git/config'";
    static final String USER_INTERACTION = "tool 'ask_user' requires user interaction";
    static final String PLAN = "mode plan: only read-only tools run";
    static final String BYPASS = "mode bypassPermissions";

    @TempDir
    Path root;

    /** The representative calls, in order: what each mode answers to them. */
    static final String READ_ONLY_TOOL = "lookup=k";
    static final String WRITE_INSIDE = "file_write=src/a.txt|x";
    static final String WRITE_OUTSIDE = "file_write=/etc/toolgate-it.txt|x";
    static final String UNKNOWN_COMMAND = "run_bash=make deploy";
    static final String WRITE_PROTECTED = "file_write=.git/config|x";
    static final String ASK_RULE_TOOL = "plain";
    static final String ASK_RULE_WRITE = "file_write=docs/a.md|x";
    static final String DENY_RULE_TOOL = "greet=bob";
    static final String USER_TOOL = "ask_user=why?";
    static final String READ_ONLY_PATH = "read_file=src/a.txt";
    static final String ALLOWED_READ = "read_file=docs/r.txt";
    static final String ALLOWED_TOOL = "staticTool=3";

    static List<Step> expected(String mode) {
        return switch (mode) {
            case "default" -> List.of(
                    askedNo(READ_ONLY_TOOL, "no rule allows tool 'lookup'"),
                    askedNo(WRITE_INSIDE, "no rule allows tool 'file_write'"),
                    denied(WRITE_OUTSIDE, OUTSIDE),
                    askedNo(UNKNOWN_COMMAND, "no rule allows tool 'run_bash'"),
                    askedNo(WRITE_PROTECTED, PROTECTED),
                    askedNoBy(ASK_RULE_TOOL, "plain", "project"),
                    askedNoBy(ASK_RULE_WRITE, "file_write(**/*.md)", "project"),
                    deniedBy(DENY_RULE_TOOL, "greet", "project"),
                    askedNo(USER_TOOL, USER_INTERACTION),
                    askedNo(READ_ONLY_PATH, "no rule allows tool 'read_file'"),
                    allowedBy(ALLOWED_READ, "read docs/r.txt", "read_file(docs/**)", "project"),
                    allowedBy(ALLOWED_TOOL, "6", "staticTool", "project"));
            case "acceptEdits" -> List.of(
                    askedNo(READ_ONLY_TOOL, "no rule allows tool 'lookup'"),
                    allowed(WRITE_INSIDE, "wrote src/a.txt", "mode acceptEdits: file write inside the sandbox"),
                    denied(WRITE_OUTSIDE, OUTSIDE),
                    askedNo(UNKNOWN_COMMAND, "no rule allows tool 'run_bash'"),
                    askedNo(WRITE_PROTECTED, PROTECTED),
                    askedNoBy(ASK_RULE_TOOL, "plain", "project"),
                    askedNoBy(ASK_RULE_WRITE, "file_write(**/*.md)", "project"),
                    deniedBy(DENY_RULE_TOOL, "greet", "project"),
                    askedNo(USER_TOOL, USER_INTERACTION),
                    askedNo(READ_ONLY_PATH, "no rule allows tool 'read_file'"),
                    allowedBy(ALLOWED_READ, "read docs/r.txt", "read_file(docs/**)", "project"),
                    allowedBy(ALLOWED_TOOL, "6", "staticTool", "project"));
            case "plan" -> List.of(
                    askedNo(READ_ONLY_TOOL, "no rule allows tool 'lookup'"),
                    denied(WRITE_INSIDE, PLAN),
                    denied(WRITE_OUTSIDE, OUTSIDE),
                    denied(UNKNOWN_COMMAND, PLAN),
                    askedNo(WRITE_PROTECTED, PROTECTED),
                    askedNoBy(ASK_RULE_TOOL, "plain", "project"),
                    askedNoBy(ASK_RULE_WRITE, "file_write(**/*.md)", "project"),
                    deniedBy(DENY_RULE_TOOL, "greet", "project"),
                    askedNo(USER_TOOL, USER_INTERACTION),
                    askedNo(READ_ONLY_PATH, "no rule allows tool 'read_file'"),
                    allowedBy(ALLOWED_READ, "read docs/r.txt", "read_file(docs/**)", "project"),
                    denied(ALLOWED_TOOL, PLAN));
            case "bypassPermissions" -> List.of(
                    allowed(READ_ONLY_TOOL, "value of k", BYPASS),
                    allowed(WRITE_INSIDE, "wrote src/a.txt", BYPASS),
                    denied(WRITE_OUTSIDE, OUTSIDE),
                    allowed(UNKNOWN_COMMAND, "ran make deploy", BYPASS),
                    askedNo(WRITE_PROTECTED, PROTECTED),
                    askedNoBy(ASK_RULE_TOOL, "plain", "project"),
                    askedNoBy(ASK_RULE_WRITE, "file_write(**/*.md)", "project"),
                    deniedBy(DENY_RULE_TOOL, "greet", "project"),
                    askedNo(USER_TOOL, USER_INTERACTION),
                    allowed(READ_ONLY_PATH, "read src/a.txt", BYPASS),
                    allowed(ALLOWED_READ, "read docs/r.txt", BYPASS),
                    allowed(ALLOWED_TOOL, "6", BYPASS));
            case "dontAsk" -> List.of(
                    dontAsk(READ_ONLY_TOOL, "no rule allows tool 'lookup'"),
                    dontAsk(WRITE_INSIDE, "no rule allows tool 'file_write'"),
                    denied(WRITE_OUTSIDE, OUTSIDE),
                    dontAsk(UNKNOWN_COMMAND, "no rule allows tool 'run_bash'"),
                    dontAsk(WRITE_PROTECTED, PROTECTED),
                    dontAskBy(ASK_RULE_TOOL, "plain", "project"),
                    dontAskBy(ASK_RULE_WRITE, "file_write(**/*.md)", "project"),
                    deniedBy(DENY_RULE_TOOL, "greet", "project"),
                    dontAsk(USER_TOOL, USER_INTERACTION),
                    dontAsk(READ_ONLY_PATH, "no rule allows tool 'read_file'"),
                    allowedBy(ALLOWED_READ, "read docs/r.txt", "read_file(docs/**)", "project"),
                    allowedBy(ALLOWED_TOOL, "6", "staticTool", "project"));
            default -> throw new IllegalArgumentException(mode);
        };
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (String mode : List.of("default", "acceptEdits", "plan", "bypassPermissions", "dontAsk")) {
            Step[] steps = expected(mode).toArray(Step[]::new);
            cases.add(scenario(mode + "_set_by_permissions_defaultMode",
                    project("{\"permissions\": {\"defaultMode\": \"" + mode + "\", " + RULES + "}}"), steps));
            cases.add(scenario(mode + "_set_by_the_mode_agent_argument",
                    project("{\"permissions\": {" + RULES + "}}").and(agentOptions("mode=" + mode)), steps));
        }
        cases.add(modeScenario("the_mode_is_read_at_each_call_after_setMode_changes_it",
                project("{\"permissions\": {" + RULES + "}}"),
                askedNo(WRITE_INSIDE, "no rule allows tool 'file_write'"),
                setMode("acceptEdits", "OK acceptEdits"),
                allowed("file_write=src/a.txt|y", "wrote src/a.txt", "mode acceptEdits: file write inside the sandbox"),
                askedNo(UNKNOWN_COMMAND, "no rule allows tool 'run_bash'"),
                setMode("plan", "OK plan"),
                denied("file_write=src/b.txt|x", PLAN),
                askedNoBy(ASK_RULE_WRITE, "file_write(**/*.md)", "project"),
                setMode("bypassPermissions", "OK bypassPermissions"),
                allowed(UNKNOWN_COMMAND, "ran make deploy", BYPASS),
                askedNo(WRITE_PROTECTED, PROTECTED),
                setMode("dontAsk", "OK dontAsk"),
                dontAsk(WRITE_INSIDE, "no rule allows tool 'file_write'"),
                setMode("default", "OK default"),
                askedNo("file_write=src/c.txt|x", "no rule allows tool 'file_write'"),
                setMode("yolo", "FAILED java.lang.IllegalArgumentException unknown mode 'yolo' (expected default,"
                        + " acceptEdits, plan, bypassPermissions or dontAsk) (mode default)"),
                askedNo("file_write=src/d.txt|x", "no rule allows tool 'file_write'")));
        cases.add(modeScenario("a_mode_set_by_the_policy_cannot_be_changed_at_run_time",
                policy("{\"permissions\": {\"defaultMode\": \"plan\"}}")
                        .and(project("{\"permissions\": {\"defaultMode\": \"bypassPermissions\"}}")),
                setMode("bypassPermissions", "FAILED java.lang.IllegalStateException toolgate: the mode is set by the"
                        + " policy source and cannot be changed (mode plan)"),
                denied(WRITE_INSIDE, PLAN),
                setMode("default", "FAILED java.lang.IllegalStateException toolgate: the mode is set by the"
                        + " policy source and cannot be changed (mode plan)"),
                denied(UNKNOWN_COMMAND, PLAN)));
        return cases;
    }

    static Stream<Arguments> table() {
        return GateTable.onEveryJdk(cases());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("table")
    void mode(String jdkName, Case scenario, Path jdk) throws Exception {
        GateTable.run(jdk, root, scenario);
    }
}
