package dev.toolgate.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolgate.annotations.InterruptBehavior;
import dev.toolgate.annotations.ToolPath;
import dev.toolgate.runtime.ToolSpec;
import dev.toolgate.settings.AgentArguments;
import dev.toolgate.settings.Mode;
import dev.toolgate.settings.Settings;
import dev.toolgate.settings.SettingsLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The chain of SPEC §6 on requests built by hand, one step at a time. */
class GateTest {

    @TempDir
    Path root;

    private Path project;
    private final AtomicReference<Mode> mode = new AtomicReference<>(Mode.DEFAULT);

    @BeforeEach
    void folders() throws IOException {
        project = Files.createDirectories(root.resolve("project"));
        Files.createDirectories(root.resolve("home"));
    }

    private Gate gate(String settingsJson) throws IOException {
        Path file = project.resolve(".toolgate/settings.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, settingsJson);
        Settings settings = SettingsLoader.load(AgentArguments.NONE, project, root.resolve("home"),
                root.resolve("no-policy.json"));
        return new Gate(GatePolicy.compile(settings), mode::get);
    }

    private static ToolSpec tool(String name, boolean readOnly, boolean requiresUser, int pathParams,
                                 ToolPath.Access access, int commandParams) {
        List<ToolSpec.PathParam> paths = new ArrayList<>();
        List<Integer> commands = new ArrayList<>();
        for (int i = 0; i < pathParams; i++) {
            paths.add(new ToolSpec.PathParam(i, access));
        }
        for (int i = 0; i < commandParams; i++) {
            commands.add(pathParams + i);
        }
        return new ToolSpec(0, name, "Fixture", name, List.of(), InterruptBehavior.CANCEL, false, readOnly, false,
                requiresUser, false, false, 0, paths, commands);
    }

    private Request plain(String name) {
        return Request.toolCall(tool(name, false, false, 0, null, 0), "{}", List.of(), List.of());
    }

    private Request pathCall(String name, ToolPath.Access access, String path) {
        return Request.toolCall(tool(name, access == ToolPath.Access.READ, false, 1, access, 0), path,
                List.of(PathSubject.of(path, access, project)), List.of());
    }

    private Request commandCall(String name, String command) {
        return Request.toolCall(tool(name, false, false, 0, null, 1), command, List.of(),
                List.of(CommandSubject.parse(command)));
    }

    private Decision decide(Gate gate, Request request) {
        return gate.decide(request, RuleIndex.EMPTY);
    }

    @Test
    void deny_rule_wins_over_allow_rule_for_the_same_tool() throws IOException {
        Gate gate = gate("""
                {"permissions": {"allow": ["plain"], "deny": ["plain"]}}""");
        Decision decision = decide(gate, plain("plain"));
        assertThat(decision.behavior()).isEqualTo(Behavior.DENY);
        assertThat(decision.rule()).isEqualTo("plain");
        assertThat(decision.reason()).isEqualTo("deny rule plain (project)");
    }

    @Test
    void ask_rule_wins_over_allow_rule_and_bypass_mode() throws IOException {
        Gate gate = gate("""
                {"permissions": {"allow": ["plain"], "ask": ["plain"]}}""");
        mode.set(Mode.BYPASS_PERMISSIONS);
        assertThat(decide(gate, plain("plain")).behavior()).isEqualTo(Behavior.ASK);
    }

    @Test
    void glob_named_rules_match_by_glob() throws IOException {
        Gate gate = gate("""
                {"permissions": {"deny": ["mcp__*"], "allow": ["*"]}}""");
        assertThat(decide(gate, plain("mcp__fetch")).behavior()).isEqualTo(Behavior.DENY);
        assertThat(decide(gate, plain("local")).behavior()).isEqualTo(Behavior.ALLOW);
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
            "READ,  ../etc/passwd,      DENY",
            "READ,  a/../../b,          DENY",
            "READ,  ~/.ssh/id_rsa,      DENY",
            "READ,  /etc/hostname,      DENY",
            "READ,  notes.md,           ALLOW",
            "WRITE, notes.md,           ALLOW",
            "WRITE, .git/config,        ASK",
            "WRITE, sub/.bashrc,        ASK",
            "WRITE, .env,               ASK",
            "READ,  .git/config,        ALLOW",
    })
    void path_checks_come_before_allow_rules(ToolPath.Access access, String path, Behavior expected) throws IOException {
        Gate gate = gate("""
                {"permissions": {"allow": ["files"]}, "sandbox": {"protectedPaths": [".env"]}}""");
        assertThat(decide(gate, pathCall("files", access, path)).behavior()).isEqualTo(expected);
    }

    @Test
    void allow_rule_of_the_same_kind_opens_a_path_outside_the_roots() throws IOException {
        Gate gate = gate("""
                {"permissions": {"allow": ["files", "Read(//etc/hostname)"]}}""");
        assertThat(decide(gate, pathCall("files", ToolPath.Access.READ, "/etc/hostname")).behavior())
                .isEqualTo(Behavior.ALLOW);
        assertThat(decide(gate, pathCall("files", ToolPath.Access.WRITE, "/etc/hostname")).behavior())
                .isEqualTo(Behavior.DENY);
    }

    @Test
    void symlink_out_of_the_sandbox_is_judged_by_its_target() throws IOException {
        // Not a folder under java.io.tmpdir: that is a sandbox root itself.
        Files.createSymbolicLink(project.resolve("link"), Path.of("/etc"));
        Gate gate = gate("""
                {"permissions": {"allow": ["files"]}}""");
        Decision decision = decide(gate, pathCall("files", ToolPath.Access.READ, "link/hostname"));
        assertThat(decision.behavior()).isEqualTo(Behavior.DENY);
        assertThat(decision.reason()).contains("outside the sandbox roots");
    }

    @Test
    void resource_deny_rules_guard_tool_arguments() throws IOException {
        Gate gate = gate("""
                {"permissions": {"allow": ["files", "shell"], "deny": ["Read(secrets/**)", "Exec(git push:*)"]}}""");
        assertThat(decide(gate, pathCall("files", ToolPath.Access.READ, "secrets/key")).rule()).isEqualTo("Read(secrets/**)");
        assertThat(decide(gate, commandCall("shell", "git status && git push origin")).rule())
                .isEqualTo("Exec(git push:*)");
        assertThat(decide(gate, commandCall("shell", "git status")).behavior()).isEqualTo(Behavior.ALLOW);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "git status                | ALLOW",
            "mvn test -q               | ALLOW",
            "mvn tests                 | ASK",
            "git status && rm x        | ASK",
            "ls -la                    | ALLOW",
            "ls > out.txt              | ASK",
            "rm -rf /                  | DENY",
            "curl http://x             | DENY",
            "echo $(id)                | DENY",
            "echo hi > .git/hooks/pre  | ASK",
    })
    void command_rules_and_shell_checks(String command, Behavior expected) throws IOException {
        Gate gate = gate("""
                {"permissions": {"allow": ["shell(git status)", "shell(mvn test:*)"]}}""");
        assertThat(decide(gate, commandCall("shell", command)).behavior()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}: read-only={1} -> {2}")
    @CsvSource({
            "DEFAULT,            false, ASK",
            "DEFAULT,            true,  ASK",
            "BYPASS_PERMISSIONS, false, ALLOW",
            "PLAN,               false, DENY",
            "PLAN,               true,  ASK",
            "ACCEPT_EDITS,       false, ASK",
            "DONT_ASK,           false, ASK",
    })
    void mode_step_for_tools_without_rules(Mode current, boolean readOnly, Behavior expected) throws IOException {
        Gate gate = gate("{}");
        mode.set(current);
        Request request = Request.toolCall(tool("t", readOnly, false, 0, null, 0), "{}", List.of(), List.of());
        assertThat(decide(gate, request).behavior()).isEqualTo(expected);
    }

    @Test
    void accept_edits_allows_file_writes_inside_the_sandbox_only() throws IOException {
        Gate gate = gate("""
                {"permissions": {"allow": ["Write(//etc/x)"]}}""");
        mode.set(Mode.ACCEPT_EDITS);
        assertThat(decide(gate, pathCall("edit", ToolPath.Access.WRITE, "src/a.txt")).behavior()).isEqualTo(Behavior.ALLOW);
        assertThat(decide(gate, pathCall("edit", ToolPath.Access.WRITE, "/etc/x")).behavior()).isEqualTo(Behavior.ASK);
        assertThat(decide(gate, pathCall("edit", ToolPath.Access.READ, "src/a.txt")).behavior()).isEqualTo(Behavior.ASK);
    }

    @Test
    void mode_is_read_at_the_mode_step_on_every_call() throws IOException {
        Gate gate = gate("{}");
        Request request = plain("t");
        assertThat(decide(gate, request).behavior()).isEqualTo(Behavior.ASK);
        mode.set(Mode.BYPASS_PERMISSIONS);
        assertThat(decide(gate, request).behavior()).isEqualTo(Behavior.ALLOW);
        mode.set(Mode.PLAN);
        assertThat(decide(gate, request).behavior()).isEqualTo(Behavior.DENY);
    }

    @Test
    void requires_user_interaction_asks_even_when_bypassing() throws IOException {
        Gate gate = gate("""
                {"permissions": {"allow": ["human"]}}""");
        mode.set(Mode.BYPASS_PERMISSIONS);
        Request request = Request.toolCall(tool("human", false, true, 0, null, 0), "{}", List.of(), List.of());
        Decision decision = decide(gate, request);
        assertThat(decision.behavior()).isEqualTo(Behavior.ASK);
        assertThat(decision.reason()).isEqualTo("tool 'human' requires user interaction");
    }

    @Test
    void path_pattern_allow_rule_needs_every_path_to_match() throws IOException {
        Gate gate = gate("""
                {"permissions": {"allow": ["edit(docs/**)"]}}""");
        assertThat(decide(gate, pathCall("edit", ToolPath.Access.WRITE, "docs/a.txt")).behavior()).isEqualTo(Behavior.ALLOW);
        assertThat(decide(gate, pathCall("edit", ToolPath.Access.WRITE, "src/a.txt")).behavior()).isEqualTo(Behavior.ASK);
    }

    @Test
    void grants_allow_after_the_chain_found_nothing_else() throws IOException {
        Gate gate = gate("{}");
        CompiledRule granted = CompiledRule.compile(new dev.toolgate.settings.SourcedRule(
                dev.toolgate.rules.Rule.parse("plain"), dev.toolgate.settings.Source.SESSION, project, "session"),
                project, root.resolve("home"));
        Decision decision = gate.decide(plain("plain"), RuleIndex.EMPTY.plus(granted));
        assertThat(decision.behavior()).isEqualTo(Behavior.ALLOW);
        assertThat(decision.reason()).isEqualTo("allow rule plain (session)");
    }

    @Test
    void a_glob_named_rule_names_tools_not_resource_kinds() throws IOException {
        Gate gate = gate("""
                {"permissions": {"deny": ["*"]}}""");
        Request read = Request.path(RequestKind.READ, null, PathSubject.of("notes.md", ToolPath.Access.READ, project));
        assertThat(gate.denyRulesOnly(read)).isNull();
        assertThat(gate.hasDenyRulesFor(RequestKind.READ)).isFalse();
        assertThat(decide(gate, plain("anything")).behavior()).isEqualTo(Behavior.DENY);
    }

    @Test
    void path_rules_are_found_among_thousands_by_their_prefix() throws IOException {
        StringBuilder deny = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            deny.append("\"Read(//srv/data").append(i).append("/**)\", ");
        }
        deny.append("\"Read(secret.txt)\", \"Write(build/**)\"");
        Gate gate = gate("{\"permissions\": {\"deny\": [" + deny + "]}}");
        assertThat(gate.denyRulesOnly(Request.path(RequestKind.READ, null,
                PathSubject.ofAbsolute(Path.of("/srv/data1234/x/y"), ToolPath.Access.READ))).rule())
                .isEqualTo("Read(//srv/data1234/**)");
        assertThat(gate.denyRulesOnly(Request.path(RequestKind.READ, null,
                PathSubject.ofAbsolute(Path.of("/srv/data1234"), ToolPath.Access.READ))).rule())
                .isEqualTo("Read(//srv/data1234/**)");
        assertThat(gate.denyRulesOnly(Request.path(RequestKind.READ, null,
                PathSubject.ofAbsolute(Path.of("/srv/data12345/x"), ToolPath.Access.READ)))).isNull();
        assertThat(gate.denyRulesOnly(Request.path(RequestKind.READ, null,
                PathSubject.of("deep/down/secret.txt", ToolPath.Access.READ, project))).rule())
                .isEqualTo("Read(secret.txt)");
        assertThat(gate.denyRulesOnly(Request.path(RequestKind.WRITE, null,
                PathSubject.of("build/classes/A.class", ToolPath.Access.WRITE, project))).rule())
                .isEqualTo("Write(build/**)");
        assertThat(gate.denyRulesOnly(Request.path(RequestKind.READ, null,
                PathSubject.of("build/classes/A.class", ToolPath.Access.READ, project)))).isNull();
    }
}
