package dev.toolgate.it;

import static dev.toolgate.it.GateTable.agentOptions;
import static dev.toolgate.it.GateTable.allowed;
import static dev.toolgate.it.GateTable.allowedBy;
import static dev.toolgate.it.GateTable.askedNo;
import static dev.toolgate.it.GateTable.askedNoBy;
import static dev.toolgate.it.GateTable.cli;
import static dev.toolgate.it.GateTable.denied;
import static dev.toolgate.it.GateTable.deniedBy;
import static dev.toolgate.it.GateTable.dontAsk;
import static dev.toolgate.it.GateTable.local;
import static dev.toolgate.it.GateTable.modeIs;
import static dev.toolgate.it.GateTable.modeScenario;
import static dev.toolgate.it.GateTable.policy;
import static dev.toolgate.it.GateTable.project;
import static dev.toolgate.it.GateTable.scenario;
import static dev.toolgate.it.GateTable.user;

import dev.toolgate.it.GateTable.Case;
import dev.toolgate.it.GateTable.Setup;
import dev.toolgate.it.GateTable.Step;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The settings sources of SPEC §4: where each is read, how scalars and rule lists merge, and deny winning. */
class SettingsSourcesIT {

    static final String WRITE = "file_write=src/a.txt|x";
    static final String COMMAND = "run_bash=make deploy";

    @TempDir
    Path root;

    static String mode(String mode) {
        return "{\"permissions\": {\"defaultMode\": \"" + mode + "\"}}";
    }

    /** What the two probe calls get in each mode: every mode answers them differently. */
    static List<Step> probes(String mode) {
        List<Step> steps = new ArrayList<>();
        steps.add(modeIs(mode));
        switch (mode) {
            case "default" -> {
                steps.add(askedNo(WRITE, "no rule allows tool 'file_write'"));
                steps.add(askedNo(COMMAND, "no rule allows tool 'run_bash'"));
            }
            case "acceptEdits" -> {
                steps.add(allowed(WRITE, "wrote src/a.txt", "mode acceptEdits: file write inside the sandbox"));
                steps.add(askedNo(COMMAND, "no rule allows tool 'run_bash'"));
            }
            case "plan" -> {
                steps.add(denied(WRITE, "mode plan: only read-only tools run"));
                steps.add(denied(COMMAND, "mode plan: only read-only tools run"));
            }
            case "bypassPermissions" -> {
                steps.add(allowed(WRITE, "wrote src/a.txt", "mode bypassPermissions"));
                steps.add(allowed(COMMAND, "ran make deploy", "mode bypassPermissions"));
            }
            case "dontAsk" -> {
                steps.add(dontAsk(WRITE, "no rule allows tool 'file_write'"));
                steps.add(dontAsk(COMMAND, "no rule allows tool 'run_bash'"));
            }
            default -> throw new IllegalArgumentException(mode);
        }
        return steps;
    }

    static Case modeFrom(String name, Setup setup, String expectedMode) {
        return modeScenario(name, setup, probes(expectedMode).toArray(Step[]::new));
    }

    static List<Case> cases() {
        return List.of(
                scenario("each_source_is_read_from_its_place_and_named_in_reasons_and_audit",
                        policy("""
                                {"permissions": {"deny": ["plain"], "allow": ["read_file"],
                                                 "additionalDirectories": ["/srv/toolgate-it-policy"]}}""")
                                .and(cli("{\"permissions\": {\"deny\": [\"staticTool\"], \"allow\": [\"file_write\"]}}", ""))
                                .and(local("""
                                        {"permissions": {"deny": ["final_tool"], "allow": ["lookup"]},
                                         "sandbox": {"protectedPaths": ["local.secret"]},
                                         "shell": {"blockNetwork": false}}"""))
                                .and(project("""
                                        {"permissions": {"deny": ["private_tool", "Read(/build/**)"], "allow": ["greet"]}}"""))
                                .and(user("""
                                        {"permissions": {"deny": ["throwing_tool", "Read(/notes/**)", "Read(~/keys/**)"],
                                                         "allow": ["run_bash(make:*)"],
                                                         "additionalDirectories": ["/opt/toolgate-it-user"]},
                                         "sandbox": {"protectedPaths": ["user.secret"]},
                                         "shell": {"blockNetwork": true}}""")),
                        deniedBy("plain", "plain", "policy"),
                        allowedBy("read_file=a.txt", "read a.txt", "read_file", "policy"),
                        deniedBy("staticTool=2", "staticTool", "cli"),
                        allowedBy("file_write=a.txt|x", "wrote a.txt", "file_write", "cli"),
                        deniedBy("final_tool", "final_tool", "local"),
                        allowedBy("lookup=k", "value of k", "lookup", "local"),
                        deniedBy("private_tool=x", "private_tool", "project"),
                        allowedBy("greet=bob", "hello bob", "greet", "project"),
                        deniedBy("throwing_tool=boom", "throwing_tool", "user"),
                        allowedBy("run_bash=make all", "ran make all", "run_bash(make:*)", "user"),
                        // Lists merge from all sources: roots and protected paths too.
                        allowedBy("read_file=/srv/toolgate-it-policy/a.txt", "read /srv/toolgate-it-policy/a.txt",
                                "read_file", "policy"),
                        allowedBy("read_file=/opt/toolgate-it-user/b.txt", "read /opt/toolgate-it-user/b.txt",
                                "read_file", "policy"),
                        askedNo("file_write=local.secret|x", "write to protected path '{project}/local.secret'"),
                        askedNo("file_write=user.secret|x", "write to protected path '{project}/user.secret'"),
                        // "/x" is relative to the folder that holds the file's .toolgate folder: project or home.
                        deniedBy("read_file=build/out.txt", "Read(/build/**)", "project"),
                        allowedBy("read_file={home}/build/out.txt", "read {home}/build/out.txt", "read_file", "policy"),
                        deniedBy("read_file={home}/notes/a.txt", "Read(/notes/**)", "user"),
                        allowedBy("read_file=notes/a.txt", "read notes/a.txt", "read_file", "policy"),
                        deniedBy("read_file={home}/keys/id", "Read(~/keys/**)", "user"),
                        // A scalar from the highest source that sets it: local's blockNetwork false beats user's true.
                        askedNo("run_bash=curl x", "no rule allows tool 'run_bash'")),

                scenario("a_deny_or_ask_in_any_source_beats_an_allow_in_any_other",
                        policy("{\"permissions\": {\"allow\": [\"plain\", \"final_tool\"], \"deny\": [\"lookup\"]}}")
                                .and(cli("{\"permissions\": {\"allow\": [\"plain\", \"greet\", \"staticTool\"]}}", ""))
                                .and(local("{\"permissions\": {\"allow\": [\"plain\"], \"deny\": [\"greet\"]}}"))
                                .and(project("""
                                        {"permissions": {"allow": ["plain", "lookup", "read_file"],
                                                         "deny": ["Read(secret/**)"]}}"""))
                                .and(user("""
                                        {"permissions": {"deny": ["plain"], "ask": ["final_tool"],
                                                         "allow": ["lookup", "greet", "staticTool"]}}""")),
                        deniedBy("plain", "plain", "user"),
                        deniedBy("lookup=k", "lookup", "policy"),
                        deniedBy("greet=bob", "greet", "local"),
                        askedNoBy("final_tool", "final_tool", "user"),
                        deniedBy("read_file=secret/a.txt", "Read(secret/**)", "project"),
                        allowedBy("read_file=open/a.txt", "read open/a.txt", "read_file", "project"),
                        allowedBy("staticTool=5", "10", "staticTool", "cli")),

                modeFrom("default_mode_when_no_source_sets_one", jvm -> { }, "default"),
                modeFrom("user_mode_applies_alone", user(mode("plan")), "plan"),
                modeFrom("project_mode_beats_user_mode",
                        user(mode("plan")).and(project(mode("acceptEdits"))), "acceptEdits"),
                modeFrom("local_mode_beats_project_mode",
                        user(mode("plan")).and(project(mode("acceptEdits"))).and(local(mode("bypassPermissions"))),
                        "bypassPermissions"),
                modeFrom("cli_config_file_mode_beats_local_mode",
                        project(mode("acceptEdits")).and(local(mode("bypassPermissions"))).and(cli(mode("dontAsk"), "")),
                        "dontAsk"),
                modeFrom("cli_mode_argument_beats_local_mode",
                        local(mode("bypassPermissions")).and(agentOptions("mode=acceptEdits")), "acceptEdits"),
                modeFrom("policy_mode_beats_every_other_source",
                        policy(mode("default")).and(cli(mode("dontAsk"), "mode=bypassPermissions"))
                                .and(local(mode("plan"))).and(user(mode("acceptEdits"))),
                        "default"));
    }

    static Stream<Arguments> table() {
        return GateTable.onEveryJdk(cases());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("table")
    void settings_source(String jdkName, Case scenario, Path jdk) throws Exception {
        GateTable.run(jdk, root, scenario);
    }
}
