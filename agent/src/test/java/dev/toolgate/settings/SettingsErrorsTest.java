package dev.toolgate.settings;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every invalid settings file stops loading with the file, line, column, problem and what is expected. */
class SettingsErrorsTest {

    @TempDir
    Path root;
    Layout layout;

    @BeforeEach
    void setUp() {
        layout = new Layout(root);
    }

    static Stream<Arguments> invalidFiles() {
        return Stream.of(
                Arguments.of("""
                        {
                          "permisions": {}
                        }""",
                        "2:3: unknown key 'permisions' (expected one of: permissions, sandbox, shell, tools, hooks, audit)"),
                Arguments.of("{\"permissions\": {\"alow\": []}}",
                        "1:18: unknown key 'permissions.alow'"
                                + " (expected one of: defaultMode, allow, ask, deny, additionalDirectories)"),
                Arguments.of("{\"tools\": {\"declare\": [{\"method\": \"a.B#c\", \"name\": \"x\", \"readonly\": true}]}}",
                        "1:57: unknown key 'tools.declare[0].readonly' (expected one of: method, name, interrupt,"
                                + " readOnly, concurrencySafe, destructive, requiresUserInteraction, abortsSiblings,"
                                + " subagent, timeoutMillis)"),
                Arguments.of("{\"hooks\": {\"PreToolCall\": []}}",
                        "1:12: unknown key 'hooks.PreToolCall' (expected one of: PreToolUse, PostToolUse)"),
                Arguments.of("{\"shell\": {\"timeoutSeconds\": 5, \"timeoutSeconds\": 6}}",
                        "1:33: duplicate key 'shell.timeoutSeconds' (first written at 1:12; keep only one)"),
                Arguments.of("{\"permissions\": {\"allow\": \"read_file\"}}",
                        "1:27: permissions.allow: expected a list of strings, found a string"),
                Arguments.of("{\"permissions\": {\"allow\": [\"a\", 7]}}",
                        "1:33: permissions.allow[1]: expected a string, found a number"),
                Arguments.of("{\"permissions\": {\"allow\": [\"\"]}}",
                        "1:28: permissions.allow[0]: expected a non-empty string"),
                Arguments.of("{\"permissions\": null}",
                        "1:17: permissions: expected an object, found null"),
                Arguments.of("{\"shell\": {\"timeoutSeconds\": \"60\"}}",
                        "1:30: shell.timeoutSeconds: expected a whole number, found a string"),
                Arguments.of("{\"shell\": {\"timeoutSeconds\": 1.5}}",
                        "1:30: shell.timeoutSeconds: expected a whole number, found 1.5"),
                Arguments.of("{\"shell\": {\"timeoutSeconds\": 0}}",
                        "1:30: shell.timeoutSeconds: expected a whole number at least 1, found 0"),
                Arguments.of("{\"tools\": {\"maxOutputChars\": -1}}",
                        "1:30: tools.maxOutputChars: expected a whole number at least 0, found -1"),
                Arguments.of("{\"tools\": {\"timeoutSeconds\": 99999999999}}",
                        "1:30: tools.timeoutSeconds: expected a whole number at most 2147483647, found 99999999999"),
                Arguments.of("{\"shell\": {\"blockNetwork\": \"yes\"}}",
                        "1:28: shell.blockNetwork: expected true or false, found a string"),
                Arguments.of("""
                        {
                          "permissions": {
                            "deny": ["Exit", "run_bash(git"]
                          }
                        }""",
                        "3:22: permissions.deny[1]: rule 'run_bash(git' must end with ')'"),
                Arguments.of("{\"permissions\": {\"ask\": [\"Exit(0)\"]}}",
                        "1:26: permissions.ask[0]: rule 'Exit(0)': Exit takes no pattern"),
                Arguments.of("{\"permissions\": {\"allow\": [\"Read()\"]}}",
                        "1:28: permissions.allow[0]: rule 'Read()' has an empty pattern;"
                                + " write 'Read' alone to match every call"),
                Arguments.of("{\"permissions\": {\"defaultMode\": \"yolo\"}}",
                        "1:33: permissions.defaultMode: unknown mode 'yolo'"
                                + " (expected default, acceptEdits, plan, bypassPermissions or dontAsk)"),
                Arguments.of("{\"sandbox\": {\"enforce\": \"all\"}}",
                        "1:25: sandbox.enforce: unknown value 'all' (expected tools or jvm)"),
                Arguments.of("{\"audit\": {\"resources\": \"some\"}}",
                        "1:25: audit.resources: unknown value 'some' (expected denied or all)"),
                Arguments.of("{\"hooks\": {\"PreToolUse\": [{\"hooks\": [{\"type\": \"http\", \"command\": \"x\"}]}]}}",
                        "1:47: hooks.PreToolUse[0].hooks[0].type: unknown value 'http' (expected command)"),
                Arguments.of("{\"hooks\": {\"PreToolUse\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"x\", \"timeout\": 0}]}]}}",
                        "1:85: hooks.PreToolUse[0].hooks[0].timeout: expected a whole number at least 1, found 0"),
                Arguments.of("{\"hooks\": {\"PostToolUse\": [{\"matcher\": \"x\"}]}}",
                        "1:28: hooks.PostToolUse[0]: missing 'hooks'"
                                + " (expected a list such as [{\"type\": \"command\", \"command\": \"./check.sh\"}])"),
                Arguments.of("{\"tools\": {\"declare\": [{\"name\": \"x\"}]}}",
                        "1:24: tools.declare[0]: missing 'method' (expected a method such as \"com.acme.Exporter#export\")"),
                Arguments.of("{\"tools\": {\"declare\": [{\"method\": \"a.B#c\"}]}}",
                        "1:24: tools.declare[0]: missing 'name' (expected the tool name, such as \"legacy_export\")"),
                Arguments.of("{\"tools\": {\"declare\": [{\"method\": \"export\", \"name\": \"x\"}]}}",
                        "1:35: tools.declare[0].method: 'export' is not a method (expected class#method or"
                                + " class#method(types), such as \"com.acme.Exporter#export\" or"
                                + " \"com.acme.*Job#run(java.lang.String,int)\")"),
                Arguments.of("{\"tools\": {\"declare\": [{\"method\": \"a.B#c(int\", \"name\": \"x\"}]}}",
                        "1:35: tools.declare[0].method: 'a.B#c(int' is not a method: the parameter list must end"
                                + " the method, with ')' (expected class#method or class#method(types), such as"
                                + " \"com.acme.Exporter#export\" or \"com.acme.*Job#run(java.lang.String,int)\")"),
                Arguments.of("{\"tools\": {\"declare\": [{\"method\": \"a.B#c(in t)\", \"name\": \"x\"}]}}",
                        "1:35: tools.declare[0].method: 'a.B#c(in t)' is not a method: 'in t' is not a parameter"
                                + " type (expected class#method or class#method(types), such as"
                                + " \"com.acme.Exporter#export\" or \"com.acme.*Job#run(java.lang.String,int)\")"),
                Arguments.of("{\"tools\": {\"declare\": [{\"method\": \"a.B#c\", \"name\": \"my tool\"}]}}",
                        "1:52: tools.declare[0].name: name 'my tool': ' ' is not allowed in a tool name"
                                + " (expected letters, digits, '_', '-', '.' or ':')"),
                Arguments.of("{\"tools\": {\"declare\": [{\"method\": \"a.B#c\", \"name\": \"x\", \"interrupt\": \"STOP\"}]}}",
                        "1:70: tools.declare[0].interrupt: unknown value 'STOP' (expected CANCEL or BLOCK)"),
                Arguments.of("{\"shell\": {\"timeoutSeconds\": 90, \"maxTimeoutSeconds\": 30}}",
                        "1:55: shell.maxTimeoutSeconds: 30 is less than shell.timeoutSeconds (90, set at FILE:1:30);"
                                + " raise it to at least 90"),
                Arguments.of("[\"a\"]", "1:1: expected a JSON object at the top level, found a list"),
                Arguments.of("", "1:1: the file is empty (expected a JSON object such as {})"),
                Arguments.of("{} {}", "1:4: unexpected content after the JSON object (expected the end of the file)"),
                Arguments.of("{\"permissions\": {\"allow\": [\"a\",]}}",
                        "1:32: malformed JSON: unexpected character ']' (expected a value)"),
                Arguments.of("{\n  \"shell\": {\n    \"timeoutSeconds\": 60\n  \n",
                        "5:1: malformed JSON: unexpected end of the file (expected '}' or ',')"),
                Arguments.of("{'shell': {}}",
                        "1:2: malformed JSON: unexpected character ''' (expected a string key in double quotes)"));
    }

    @ParameterizedTest
    @MethodSource("invalidFiles")
    void an_invalid_file_is_reported_with_file_line_and_column(String json, String problem) {
        Path file = layout.write(Source.PROJECT, json);
        assertThatThrownBy(layout::load)
                .isInstanceOf(SettingsException.class)
                .hasMessage("toolgate: " + file + ":" + problem.replace("FILE", file.toString()));
    }

    @Test
    void an_error_in_any_source_stops_loading() {
        for (Source source : new Source[] {Source.POLICY, Source.CLI, Source.LOCAL, Source.USER}) {
            Path file = layout.write(source, "{\"sandbox\": {\"enforce\": \"off\"}}");
            assertThatThrownBy(layout::load).as(source.label())
                    .hasMessage("toolgate: " + file + ":1:25: sandbox.enforce: unknown value 'off' (expected tools or jvm)");
            layout.remove(source);
        }
    }

    @Test
    void a_timeout_above_a_higher_sources_maximum_is_reported_where_it_is_set() {
        Path policy = layout.write(Source.POLICY, "{\"shell\": {\"maxTimeoutSeconds\": 30}}");
        Path user = layout.write(Source.USER, "{\"shell\": {\"timeoutSeconds\": 60}}");
        assertThatThrownBy(layout::load).hasMessage("toolgate: " + user + ":1:30: shell.timeoutSeconds: 60 is more"
                + " than shell.maxTimeoutSeconds (30, set at " + policy + ":1:33); lower it to at most 30");
    }

    @Test
    void a_missing_config_argument_file_is_an_error() {
        Path missing = root.resolve("nope.json");
        assertThatThrownBy(() -> SettingsLoader.load(new AgentArguments(missing, null, null, null),
                layout.project, layout.home, layout.policy))
                .isInstanceOf(SettingsException.class)
                .hasMessage("toolgate: agent argument 'config=" + missing + "': settings file " + missing
                        + " does not exist");
    }

    @Test
    void a_folder_where_a_settings_file_belongs_is_an_error() throws Exception {
        Path file = layout.file(Source.PROJECT);
        Files.createDirectories(file);
        assertThatThrownBy(layout::load)
                .hasMessage("toolgate: " + file + ": is a folder (expected a project settings file)");
    }

    @Test
    void a_file_that_is_not_utf8_is_an_error() throws Exception {
        Path file = layout.file(Source.USER);
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[] {'{', (byte) 0xff, '}'});
        assertThatThrownBy(layout::load)
                .hasMessage("toolgate: " + file + ": not valid UTF-8 (save the file as UTF-8)");
    }
}
