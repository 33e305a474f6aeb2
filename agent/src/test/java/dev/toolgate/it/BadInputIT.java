package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolgate.it.GateTable.Setup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A malformed settings file in any source, or a malformed agent argument, stops the JVM before
 * its main method runs, with one message naming the file, line and column (SPEC §3, §4).
 */
class BadInputIT {

    @TempDir
    Path root;

    /** A bad file's content and the problem reported after {@code toolgate: <file>:}. */
    record BadFile(String kind, String json, String problem) {
    }

    static final List<BadFile> BAD_FILES = List.of(
            new BadFile("malformed_json", """
                    {
                      "permissions": {
                        "allow": ["lookup",]
                      }
                    }
                    """, "3:24: malformed JSON: unexpected character ']' (expected a value)"),
            new BadFile("unknown_top_level_key", """
                    {
                      "permisions": {}
                    }
                    """, "2:3: unknown key 'permisions'"
                    + " (expected one of: permissions, sandbox, shell, tools, hooks, audit)"),
            new BadFile("unknown_nested_key", """
                    {
                      "sandbox": {
                        "roots": ["."],
                        "protected": [".env"]
                      }
                    }
                    """, "4:5: unknown key 'sandbox.protected' (expected one of: roots, protectedPaths, enforce)"),
            new BadFile("bad_rule", """
                    {"permissions": {
                      "deny": ["Exit", "run_bash(git"]
                    }}
                    """, "2:20: permissions.deny[1]: rule 'run_bash(git' must end with ')'"),
            new BadFile("bad_mode", """
                    {
                      "permissions": {"defaultMode": "yolo"}
                    }
                    """, "2:34: permissions.defaultMode: unknown mode 'yolo'"
                    + " (expected default, acceptEdits, plan, bypassPermissions or dontAsk)"));

    /** Where each file source lives, as the message names it. */
    enum FileSource {
        POLICY("{root}/policy.json"),
        CLI("{root}/cli-settings.json"),
        LOCAL("{project}/.toolgate/settings.local.json"),
        PROJECT("{project}/.toolgate/settings.json"),
        USER("{home}/.toolgate/settings.json");

        final String file;

        FileSource(String file) {
            this.file = file;
        }

        Setup write(String json) {
            return switch (this) {
                case POLICY -> GateTable.policy(json);
                case CLI -> GateTable.cli(json, "");
                case LOCAL -> GateTable.local(json);
                case PROJECT -> GateTable.project(json);
                case USER -> GateTable.user(json);
            };
        }
    }

    /** One start that must fail: how to set it up and the one line it must print. */
    record BadStart(String name, Setup setup, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<BadStart> starts() {
        List<BadStart> starts = new ArrayList<>();
        // Valid settings in every other source: the bad one is named, whatever the others say.
        String valid = "{\"permissions\": {\"allow\": [\"plain\"]}}";
        for (FileSource source : FileSource.values()) {
            for (BadFile bad : BAD_FILES) {
                Setup setup = jvm -> { };
                for (FileSource other : FileSource.values()) {
                    if (other != source) {
                        setup = setup.and(other.write(valid));
                    }
                }
                setup = setup.and(source.write(bad.json()));
                starts.add(new BadStart(source.name().toLowerCase() + "_" + bad.kind(), setup,
                        "toolgate: " + source.file + ":" + bad.problem()));
            }
        }
        starts.add(new BadStart("argument_mode_nope", GateTable.agentOptions("mode=nope"),
                "toolgate: agent argument 'mode=nope': unknown mode 'nope'"
                        + " (expected default, acceptEdits, plan, bypassPermissions or dontAsk)"));
        starts.add(new BadStart("argument_bogus", GateTable.agentOptions("audit=off,bogus=1"),
                "toolgate: agent argument 'bogus=1': unknown key 'bogus' (expected config, mode, audit or ask)"));
        starts.add(new BadStart("argument_ask_maybe", GateTable.agentOptions("ask=maybe"),
                "toolgate: agent argument 'ask=maybe': unknown ask resolver 'maybe'"
                        + " (expected console, deny or command:<program>)"));
        starts.add(new BadStart("argument_config_missing", GateTable.agentOptions("config={root}/missing.json"),
                "toolgate: agent argument 'config={root}/missing.json': settings file {root}/missing.json"
                        + " does not exist"));
        starts.add(new BadStart("argument_trailing_comma", GateTable.agentOptions("mode=plan,"),
                "toolgate: agent argument '': empty argument (remove the extra ',')"));
        starts.add(new BadStart("argument_without_value", GateTable.agentOptions("audit"),
                "toolgate: agent argument 'audit': missing '=' (expected key=value)"));
        starts.add(new BadStart("argument_given_twice", GateTable.agentOptions("mode=plan,mode=default"),
                "toolgate: agent argument 'mode=default': 'mode' is given twice (keep only one)"));
        return starts;
    }

    static Stream<Arguments> table() {
        List<BadStart> starts = starts();
        return ChildJvm.jdks().flatMap(jdk -> starts.stream().map(s -> Arguments.of(ChildJvm.jdkName(jdk), s, jdk)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("table")
    void stops_the_jvm_before_main_with_one_message(String jdkName, BadStart start, Path jdk) throws Exception {
        ChildJvm jvm = ChildJvm.in(jdk, root);
        start.setup().apply(jvm);
        ChildJvm.Result result = jvm.calls("plain", "lookup=k");

        assertThat(result.exitCode()).as(result.toString()).isNotZero();
        assertThat(result.stdout()).as(result.toString()).doesNotContain("CALL").doesNotContain("DONE")
                .doesNotContain("BODY");
        List<String> messages = result.stderr().lines().filter(line -> line.startsWith("toolgate:")).toList();
        assertThat(messages).as(result.toString()).containsExactly(GateTable.expand(start.message(), jvm));
    }
}
