package dev.toolgate.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.toolgate.settings.Settings.Enforce;
import dev.toolgate.settings.Settings.HookCommand;
import dev.toolgate.settings.Settings.HookMatcher;
import dev.toolgate.settings.Settings.ToolDeclaration;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SettingsLoaderTest {

    private static final List<Source> FILE_SOURCES =
            List.of(Source.POLICY, Source.CLI, Source.LOCAL, Source.PROJECT, Source.USER);

    @TempDir
    Path root;
    Layout layout;

    @BeforeEach
    void setUp() {
        layout = new Layout(root);
    }

    @Test
    void no_files_give_the_defaults() {
        Settings s = layout.load();
        Path p = layout.project;
        assertThat(s.mode()).isEqualTo(Mode.DEFAULT);
        assertThat(s.modeLocked()).isFalse();
        assertThat(s.projectDir()).isEqualTo(p);
        assertThat(s.allow()).isEmpty();
        assertThat(s.ask()).isEmpty();
        assertThat(s.deny()).isEmpty();
        assertThat(s.additionalDirectories()).isEmpty();
        assertThat(s.sandbox()).isEqualTo(new Settings.Sandbox(List.of(p), List.of(), Enforce.TOOLS));
        assertThat(s.shell()).isEqualTo(new Settings.Shell(60, 120, 4000, true, List.of(), List.of()));
        assertThat(s.tools()).isEqualTo(new Settings.Tools(120, 3, 0, List.of()));
        assertThat(s.hooks()).isEqualTo(new Settings.Hooks(List.of(), List.of()));
        assertThat(s.audit()).isEqualTo(new Settings.Audit(p.resolve(".toolgate/audit.jsonl"), false));
        assertThat(s.askResolver()).isNull();
        assertThat(s.settingsFiles()).isEmpty();
        assertThat(s.localSettings()).isEqualTo(p.resolve(".toolgate/settings.local.json"));
    }

    @ParameterizedTest
    @EnumSource(value = Source.class, names = {"POLICY", "CLI", "LOCAL", "PROJECT", "USER"})
    void each_source_is_read_from_its_place(Source source) {
        Path file = layout.write(source, "{\"permissions\": {\"allow\": [\"read_file\"]}}");
        Settings s = layout.load();
        assertThat(s.settingsFiles()).containsExactly(file);
        assertThat(s.allow()).extracting(r -> r.rule().text(), SourcedRule::source)
                .containsExactly(tuple("read_file", source));
    }

    @Test
    void the_highest_source_that_sets_a_scalar_wins() {
        for (int i = 0; i < FILE_SOURCES.size(); i++) {
            layout.write(FILE_SOURCES.get(i), "{\"shell\": {\"timeoutSeconds\": " + (50 - 10 * i) + "}}");
        }
        int[] expected = {50, 40, 30, 20, 10};
        for (int i = 0; i < FILE_SOURCES.size(); i++) {
            assertThat(layout.load().shell().timeoutSeconds()).as("with %s on top", FILE_SOURCES.get(i))
                    .isEqualTo(expected[i]);
            layout.remove(FILE_SOURCES.get(i));
        }
        assertThat(layout.load().shell().timeoutSeconds()).isEqualTo(60);
    }

    @Test
    void a_lower_source_still_sets_what_the_higher_ones_leave_unset() {
        layout.write(Source.POLICY, "{\"shell\": {\"blockNetwork\": true}}");
        layout.write(Source.PROJECT, "{\"shell\": {\"maxOutputChars\": 100, \"blockNetwork\": false}}");
        layout.write(Source.USER, "{\"tools\": {\"maxIdenticalCalls\": 5}, \"shell\": {\"maxOutputChars\": 7}}");
        Settings s = layout.load();
        assertThat(s.shell().blockNetwork()).isTrue();
        assertThat(s.shell().maxOutputChars()).isEqualTo(100);
        assertThat(s.tools().maxIdenticalCalls()).isEqualTo(5);
    }

    @Test
    void the_mode_argument_beats_local_project_and_user() {
        layout.write(Source.LOCAL, "{\"permissions\": {\"defaultMode\": \"acceptEdits\"}}");
        layout.write(Source.PROJECT, "{\"permissions\": {\"defaultMode\": \"dontAsk\"}}");
        layout.write(Source.USER, "{\"permissions\": {\"defaultMode\": \"bypassPermissions\"}}");
        assertThat(layout.load().mode()).isEqualTo(Mode.ACCEPT_EDITS);
        assertThat(layout.load(Mode.PLAN).mode()).isEqualTo(Mode.PLAN);
        assertThat(layout.load(Mode.PLAN).modeLocked()).isFalse();
    }

    @Test
    void the_mode_argument_beats_the_cli_config_file() {
        layout.write(Source.CLI, "{\"permissions\": {\"defaultMode\": \"acceptEdits\"}}");
        assertThat(layout.load().mode()).isEqualTo(Mode.ACCEPT_EDITS);
        assertThat(layout.load(Mode.PLAN).mode()).isEqualTo(Mode.PLAN);
    }

    @Test
    void a_policy_mode_beats_the_mode_argument_and_locks_it() {
        layout.write(Source.POLICY, "{\"permissions\": {\"defaultMode\": \"default\"}}");
        Settings s = layout.load(Mode.BYPASS_PERMISSIONS);
        assertThat(s.mode()).isEqualTo(Mode.DEFAULT);
        assertThat(s.modeLocked()).isTrue();
    }

    @Test
    void a_policy_that_does_not_set_the_mode_does_not_lock_it() {
        layout.write(Source.POLICY, "{\"permissions\": {\"deny\": [\"Exit\"]}}");
        layout.write(Source.PROJECT, "{\"permissions\": {\"defaultMode\": \"plan\"}}");
        Settings s = layout.load();
        assertThat(s.mode()).isEqualTo(Mode.PLAN);
        assertThat(s.modeLocked()).isFalse();
    }

    @Test
    void rule_lists_are_merged_highest_first_with_source_and_origin() {
        Path policy = layout.write(Source.POLICY, """
                {
                  "permissions": {
                    "allow": ["download_paper"]
                  }
                }""");
        Path project = layout.write(Source.PROJECT, """
                {"permissions": {
                    "allow": ["read_file",
                              "run_bash(git status)"],
                    "ask": ["file_write(**/*.md)"]}}""");
        Path user = layout.write(Source.USER, """
                {"permissions": {"deny": ["download_paper", "Exec(curl:*)"], "allow": ["read_file"]}}""");
        Settings s = layout.load();
        assertThat(s.allow()).extracting(r -> r.rule().text(), SourcedRule::source, SourcedRule::origin)
                .containsExactly(
                        tuple("download_paper", Source.POLICY, policy + ":3:15"),
                        tuple("read_file", Source.PROJECT, project + ":2:15"),
                        tuple("run_bash(git status)", Source.PROJECT, project + ":3:15"),
                        tuple("read_file", Source.USER, user + ":1:72"));
        assertThat(s.ask()).extracting(SourcedRule::origin).containsExactly(project + ":4:13");
        assertThat(s.deny()).extracting(r -> r.rule().text(), SourcedRule::source, SourcedRule::origin)
                .containsExactly(
                        tuple("download_paper", Source.USER, user + ":1:27"),
                        tuple("Exec(curl:*)", Source.USER, user + ":1:45"));
        assertThat(s.allow().get(1).rule().pattern()).isNull();
        assertThat(s.allow().get(2).rule().pattern()).isEqualTo("git status");
    }

    @Test
    void a_deny_from_user_and_an_allow_from_policy_for_the_same_tool_are_both_kept() {
        layout.write(Source.POLICY, "{\"permissions\": {\"allow\": [\"run_bash\"]}}");
        layout.write(Source.USER, "{\"permissions\": {\"deny\": [\"run_bash\"]}}");
        Settings s = layout.load();
        assertThat(s.allow()).extracting(r -> r.rule().name(), SourcedRule::source)
                .containsExactly(tuple("run_bash", Source.POLICY));
        assertThat(s.deny()).extracting(r -> r.rule().name(), SourcedRule::source)
                .containsExactly(tuple("run_bash", Source.USER));
    }

    @Test
    void base_dir_is_the_folder_holding_dot_toolgate_else_the_files_folder() {
        layout.write(Source.POLICY, "{\"permissions\": {\"allow\": [\"a\"]}}");
        layout.write(Source.CLI, "{\"permissions\": {\"allow\": [\"b\"]}}");
        layout.write(Source.LOCAL, "{\"permissions\": {\"allow\": [\"c\"]}}");
        layout.write(Source.USER, "{\"permissions\": {\"allow\": [\"d\"]}}");
        assertThat(layout.load().allow()).extracting(SourcedRule::baseDir).containsExactly(
                layout.policy.getParent(), layout.cli.getParent(), layout.project, layout.home);
    }

    @Test
    void relative_paths_resolve_against_their_files_base_dir() {
        layout.write(Source.PROJECT, """
                {"permissions": {"additionalDirectories": ["../shared", "~/notes", "/abs/dir"]},
                 "sandbox": {"roots": [".", "build/../out"], "protectedPaths": [".env", "secrets/**"]},
                 "audit": {"path": "logs/audit.jsonl"}}""");
        layout.write(Source.USER, """
                {"permissions": {"additionalDirectories": ["docs", "/abs/dir"]}, "sandbox": {"roots": ["."]}}""");
        Settings s = layout.load();
        Path p = layout.project;
        assertThat(s.additionalDirectories()).containsExactly(
                p.getParent().resolve("shared"), layout.home.resolve("notes"), Path.of("/abs/dir"),
                layout.home.resolve("docs"));
        assertThat(s.sandbox().roots()).containsExactly(p, p.resolve("out"), layout.home);
        assertThat(s.sandbox().protectedPaths()).containsExactly(".env", "secrets/**");
        assertThat(s.audit().path()).isEqualTo(p.resolve("logs/audit.jsonl"));
    }

    @Test
    void lists_of_strings_are_concatenated_highest_first_without_repeats() {
        layout.write(Source.POLICY, "{\"shell\": {\"dangerousCommands\": [\"terraform\"], \"safeCommands\": [\"tree\"]}}");
        layout.write(Source.LOCAL, "{\"shell\": {\"safeCommands\": [\"jq\", \"tree\"]}, \"sandbox\": {\"protectedPaths\": [\".env\"]}}");
        layout.write(Source.USER, "{\"shell\": {\"safeCommands\": [\"rg\"]}, \"sandbox\": {\"protectedPaths\": [\"id_rsa\", \".env\"]}}");
        Settings s = layout.load();
        assertThat(s.shell().safeCommands()).containsExactly("tree", "jq", "rg");
        assertThat(s.shell().dangerousCommands()).containsExactly("terraform");
        assertThat(s.sandbox().protectedPaths()).containsExactly(".env", "id_rsa");
    }

    @Test
    void reads_the_full_example_of_the_spec() {
        layout.write(Source.PROJECT, """
                {
                  "permissions": {
                    "defaultMode": "acceptEdits",
                    "allow": ["read_file", "run_bash(git status)", "run_bash(mvn test:*)", "Read(src/**)"],
                    "ask":   ["file_write(**/*.md)"],
                    "deny":  ["download_paper", "Read(//etc/shadow)", "Exec(curl:*)"],
                    "additionalDirectories": ["../shared"]
                  },
                  "sandbox": { "roots": ["."], "protectedPaths": [".env"], "enforce": "jvm" },
                  "shell": { "timeoutSeconds": 30, "maxTimeoutSeconds": 90, "maxOutputChars": 2000,
                             "blockNetwork": false, "safeCommands": ["jq"], "dangerousCommands": ["vim"] },
                  "tools": { "timeoutSeconds": 100, "maxIdenticalCalls": 4, "maxOutputChars": 5000,
                             "declare": [ { "method": "com.acme.legacy.Exporter#export", "name": "legacy_export",
                                            "interrupt": "BLOCK", "readOnly": false, "timeoutMillis": 2500 } ] },
                  "hooks": { "PreToolUse":  [ { "matcher": "run_bash", "hooks": [ { "type": "command", "command": "./check.sh", "timeout": 10 } ] } ],
                             "PostToolUse": [ { "hooks": [ { "type": "command", "command": "./after.sh" } ] } ] },
                  "audit": { "path": ".toolgate/audit.jsonl", "resources": "all" }
                }
                """);
        Settings s = layout.load();
        Path p = layout.project;
        String file = layout.file(Source.PROJECT).toString();
        assertThat(s.mode()).isEqualTo(Mode.ACCEPT_EDITS);
        assertThat(s.allow()).hasSize(4);
        assertThat(s.ask()).hasSize(1);
        assertThat(s.deny()).extracting(r -> r.rule().text())
                .containsExactly("download_paper", "Read(//etc/shadow)", "Exec(curl:*)");
        assertThat(s.additionalDirectories()).containsExactly(p.getParent().resolve("shared"));
        assertThat(s.sandbox()).isEqualTo(new Settings.Sandbox(List.of(p), List.of(".env"), Enforce.JVM));
        assertThat(s.shell()).isEqualTo(new Settings.Shell(30, 90, 2000, false, List.of("jq"), List.of("vim")));
        assertThat(s.tools()).isEqualTo(new Settings.Tools(100, 4, 5000, List.of(new ToolDeclaration(
                "com.acme.legacy.Exporter#export", "legacy_export", "BLOCK", false, null, null, null, null, null,
                2500L, file + ":13:27"))));
        assertThat(s.hooks()).isEqualTo(new Settings.Hooks(
                List.of(new HookMatcher("run_bash", List.of(new HookCommand("command", "./check.sh", 10, p)))),
                List.of(new HookMatcher("*", List.of(new HookCommand("command", "./after.sh", 60, p))))));
        assertThat(s.audit()).isEqualTo(new Settings.Audit(p.resolve(".toolgate/audit.jsonl"), true));
    }

    @Test
    void hooks_and_declarations_are_concatenated_highest_first() {
        layout.write(Source.POLICY, """
                {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "audit.sh"}]}]},
                 "tools": {"declare": [{"method": "a.B#c", "name": "policy_tool"}]}}""");
        layout.write(Source.USER, """
                {"hooks": {"PreToolUse": [{"matcher": "x", "hooks": [{"type": "command", "command": "mine.sh"}]}]},
                 "tools": {"declare": [{"method": "a.B#d", "name": "user_tool"}]}}""");
        Settings s = layout.load();
        assertThat(s.hooks().preToolUse()).extracting(HookMatcher::matcher).containsExactly("*", "x");
        assertThat(s.hooks().preToolUse().get(0).hooks().get(0).workingDir()).isEqualTo(layout.policy.getParent());
        assertThat(s.hooks().preToolUse().get(1).hooks().get(0).workingDir()).isEqualTo(layout.home);
        assertThat(s.tools().declare()).extracting(ToolDeclaration::name).containsExactly("policy_tool", "user_tool");
    }

    @Test
    void shell_timeout_defaults_give_way_to_a_single_setting() {
        layout.write(Source.POLICY, "{\"shell\": {\"maxTimeoutSeconds\": 30}}");
        assertThat(layout.load().shell()).extracting(Settings.Shell::timeoutSeconds, Settings.Shell::maxTimeoutSeconds)
                .containsExactly(30, 30);
        layout.write(Source.POLICY, "{\"shell\": {\"timeoutSeconds\": 300}}");
        assertThat(layout.load().shell()).extracting(Settings.Shell::timeoutSeconds, Settings.Shell::maxTimeoutSeconds)
                .containsExactly(300, 300);
    }

    @Test
    void audit_argument_beats_the_settings() {
        layout.write(Source.PROJECT, "{\"audit\": {\"path\": \"a.jsonl\", \"resources\": \"all\"}}");
        Path p = layout.project;
        assertThat(audit(null)).isEqualTo(new Settings.Audit(p.resolve("a.jsonl"), true));
        assertThat(audit("off")).isEqualTo(new Settings.Audit(null, true));
        assertThat(audit("logs/x.jsonl")).isEqualTo(new Settings.Audit(p.resolve("logs/x.jsonl"), true));
        assertThat(audit("/var/log/t.jsonl")).isEqualTo(new Settings.Audit(Path.of("/var/log/t.jsonl"), true));
    }

    @Test
    void the_ask_argument_becomes_the_ask_resolver() {
        Settings s = SettingsLoader.load(AgentArguments.parse("ask=command:./resolve"),
                layout.project, layout.home, layout.policy);
        assertThat(s.askResolver()).isEqualTo("command:./resolve");
    }

    @Test
    void a_home_that_is_the_project_is_read_once() {
        layout.write(Source.PROJECT, "{\"permissions\": {\"allow\": [\"a\"]}}");
        Settings s = SettingsLoader.load(AgentArguments.NONE, layout.project, layout.project, layout.policy);
        assertThat(s.allow()).extracting(SourcedRule::source).containsExactly(Source.PROJECT);
        assertThat(s.settingsFiles()).hasSize(1);
    }

    @Test
    void settings_files_lists_the_files_read_highest_first() {
        Path user = layout.write(Source.USER, "{}");
        Path policy = layout.write(Source.POLICY, "{}");
        Path local = layout.write(Source.LOCAL, "{}");
        assertThat(layout.load().settingsFiles()).containsExactly(policy, local, user);
    }

    private Settings.Audit audit(String argument) {
        return SettingsLoader.load(new AgentArguments(null, null, argument, null),
                layout.project, layout.home, layout.policy).audit();
    }
}
