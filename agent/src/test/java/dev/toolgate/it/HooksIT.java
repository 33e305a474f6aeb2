package dev.toolgate.it;

import static dev.toolgate.it.HookScripts.matcher;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** PreToolUse and PostToolUse hooks (SPEC §10) and output limits (§4, §8), under the real agent. */
class HooksIT {

    private static final String SCENARIO = "dev.toolgate.fixtures.HookScenario";
    private static final Pattern SAVED = Pattern.compile("full text saved to (\\S+\\.txt)\\]");

    @TempDir
    Path root;


    /** Denied calls alternate with allowed ones: three denials in a row would stop the session. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void each_pre_hook_action_and_every_failure_blocks(Path jdk) throws Exception {
        Path log = root.resolve("hooks.log");
        Path hook = HookScripts.write(root.resolve("bin/pre.sh"), log, """
                case "$input" in
                  *'"key":"stop"'*) echo '{"action":"block","reason":"no stopping"}' ;;
                  *'"key":"change"'*) echo '{"action":"mutate","updated_input":{"key":"changed"}}' ;;
                  *'"key":"confirm"'*) echo '{"action":"permission_required","reason":"a human must look"}' ;;
                  *'"key":"exit2"'*) echo 'exit two says no' >&2; exit 2 ;;
                  *'"key":"exit1"'*) echo 'oops' >&2; exit 1 ;;
                  *'"key":"sleep"'*) sleep 10; echo '{"action":"continue"}' ;;
                  *'"key":"garbage"'*) echo 'sure thing' ;;
                  *'"key":"dance"'*) echo '{"action":"dance"}' ;;
                  *'"key":"context"'*) echo '{"action":"continue","additional_context":"remember this"}' ;;
                  *'"key":"silent"'*) ;;
                  *'"tool_name":"hook_add"'*'"a":2,'*) echo '{"action":"mutate","updated_input":{"a":40}}' ;;
                  *'"tool_name":"hook_add"'*) echo '{"action":"mutate","updated_input":{"b":"many"}}' ;;
                  *'"tool_name":"hook_point"'*) echo '{"action":"mutate","updated_input":{"point":{"x":7,"y":8}}}' ;;
                  *'"tool_name":"hook_box"'*) echo '{"action":"mutate","updated_input":{"box":{"name":"big","size":9}}}' ;;
                  *) echo '{"action":"continue"}' ;;
                esac
                """);
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["lookup", "hook_add", "hook_point", "hook_box"]},
                 "hooks": {"PreToolUse": [%s, %s]}}""".formatted(matcher("lookup", 2, hook), matcher("hook_*", 10, hook)));

        ChildJvm.Result result = jvm.run(SCENARIO, "lookup=go", "lookup=stop", "lookup=change", "lookup=confirm",
                "lookup=a", "lookup=exit2", "lookup=b", "lookup=exit1", "lookup=c", "lookup=sleep", "lookup=d",
                "lookup=garbage", "lookup=e", "lookup=dance", "hook_add=2|3", "hook_add=1|1", "hook_point=1|2|home",
                "hook_box=small|1", "lookup=context", "lookup=silent");

        String blocked = "DENIED dev.toolgate.api.PermissionDeniedException Permission denied: tool '%s': blocked by hook "
                + hook + ": ";
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(result.call(0)).as(result.toString()).isEqualTo("ALLOWED value of go");
        soft.assertThat(result.call(1)).isEqualTo(blocked.formatted("lookup") + "no stopping");
        soft.assertThat(result.call(2)).isEqualTo("ALLOWED value of changed");
        soft.assertThat(result.call(3)).startsWith("DENIED ")
                .contains("Permission denied: tool 'lookup': hook " + hook + " requires permission: a human must look")
                .contains("asked: ");
        soft.assertThat(result.call(5)).isEqualTo(blocked.formatted("lookup") + "exit two says no");
        soft.assertThat(result.call(7)).isEqualTo(blocked.formatted("lookup") + "exited with code 1: oops");
        soft.assertThat(result.call(9)).isEqualTo(blocked.formatted("lookup") + "did not answer within 2 s");
        soft.assertThat(result.call(11)).isEqualTo(blocked.formatted("lookup")
                + "answered something that is not JSON: sure thing");
        soft.assertThat(result.call(13)).isEqualTo(blocked.formatted("lookup")
                + "answered unknown action 'dance' (expected continue, block, mutate or permission_required)");
        for (int i : new int[] {4, 6, 8, 10, 12, 18, 19}) {
            soft.assertThat(result.call(i)).as("call %d", i).startsWith("ALLOWED value of ");
        }
        soft.assertThat(result.call(14)).as("int from JSON").isEqualTo("ALLOWED 43");
        soft.assertThat(result.call(15)).startsWith(blocked.formatted("hook_add") + "updated_input.b: \"many\" is not a int");
        soft.assertThat(result.call(16)).as("a record").isEqualTo("ALLOWED home at Point[x=7, y=8]");
        soft.assertThat(result.call(17)).as("a bean").isEqualTo("ALLOWED packed Box big of 9");
        soft.assertThat(result.bodyRuns("lookup")).as("only the calls that went through ran").isEqualTo(9);
        soft.assertThat(result.bodyRuns("hook_add")).isEqualTo(1);

        List<HookScripts.Run> runs = HookScripts.runs(log);
        soft.assertThat(runs).extracting(HookScripts.Run::key).startsWith("go", "stop", "change", "confirm");
        if (!runs.isEmpty()) {
            var input = runs.get(0).input();
            soft.assertThat(input.path("hook_event_name").asText()).isEqualTo("PreToolUse");
            soft.assertThat(input.path("tool_name").asText()).isEqualTo("lookup");
            soft.assertThat(input.path("session_id").asText()).isNotEmpty();
            soft.assertThat(input.path("cwd").asText()).isEqualTo(jvm.project().toRealPath().toString());
        }
        soft.assertThat(runs).filteredOn(r -> r.input().path("tool_name").asText().equals("hook_add"))
                .extracting(r -> r.input().path("tool_input").toString())
                .as("numbers stay numbers").containsExactly("{\"a\":2,\"b\":3}", "{\"a\":1,\"b\":1}");

        List<Map<String, Object>> decisions = result.audit("decision");
        soft.assertThat(decisions).extracting(r -> r.get("behavior"), r -> r.get("asked"))
                .startsWith(tuple("allow", false), tuple("deny", false), tuple("allow", false), tuple("deny", true));
        soft.assertThat(decisions.get(1).get("reason")).isEqualTo("blocked by hook " + hook + ": no stopping");
        soft.assertThat(decisions.get(2).get("subject")).as("the gate saw the new input")
                .isEqualTo("{\"key\":\"changed\"}");
        soft.assertThat(result.audit("hook_context")).extracting(r -> r.get("tool"), r -> r.get("context"))
                .containsExactly(tuple("lookup", "remember this"));
        soft.assertAll();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void first_block_ends_the_chain_and_the_last_mutate_wins(Path jdk) throws Exception {
        Path log = root.resolve("hooks.log");
        Path first = HookScripts.write(root.resolve("bin/first.sh"), log, """
                case "$input" in
                  *'"key":"block"'*) echo '{"action":"block","reason":"first blocks"}' ;;
                  *) echo '{"action":"mutate","updated_input":{"key":"first"}}' ;;
                esac
                """);
        Path second = HookScripts.write(root.resolve("bin/second.sh"), log,
                "echo '{\"action\":\"mutate\",\"updated_input\":{\"key\":\"second\"}}'");
        Path third = HookScripts.write(root.resolve("bin/third.sh"), log, "echo '{\"action\":\"continue\"}'");
        Path other = HookScripts.write(root.resolve("bin/other.sh"), log, "echo '{\"action\":\"block\"}'");
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["lookup"]},
                 "hooks": {"PreToolUse": [%s, %s, %s]}}""".formatted(matcher("look*", 10, first, second),
                matcher("*", 10, third), matcher("read_file", 10, other)));

        ChildJvm.Result result = jvm.run(SCENARIO, "lookup=x", "lookup=block", "lookup=y");

        assertThat(result.call(0)).as(result.toString()).isEqualTo("ALLOWED value of second");
        assertThat(result.call(1)).contains("Permission denied: tool 'lookup': blocked by hook " + first + ": first blocks");
        assertThat(result.call(2)).isEqualTo("ALLOWED value of second");
        assertThat(HookScripts.runs(log)).as("every hook sees the caller's input; a block ends the chain")
                .extracting(HookScripts.Run::hook, HookScripts.Run::key)
                .containsExactly(tuple("first.sh", "x"), tuple("second.sh", "x"), tuple("third.sh", "x"),
                        tuple("first.sh", "block"),
                        tuple("first.sh", "y"), tuple("second.sh", "y"), tuple("third.sh", "y"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void deny_and_ask_rules_apply_to_the_mutated_input(Path jdk) throws Exception {
        Path log = root.resolve("hooks.log");
        Path hook = HookScripts.write(root.resolve("bin/paths.sh"), log, """
                case "$input" in
                  *'"content":"to-secret"'*) echo '{"action":"mutate","updated_input":{"path":"secret/key.txt"}}' ;;
                  *'"content":"to-md"'*) echo '{"action":"mutate","updated_input":{"path":"notes.md"}}' ;;
                  *'"content":"from-secret"'*) echo '{"action":"mutate","updated_input":{"path":"public.txt"}}' ;;
                esac
                """);
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["file_write"], "ask": ["file_write(**/*.md)"],
                                 "deny": ["file_write(secret/**)"]},
                 "hooks": {"PreToolUse": [%s]}}""".formatted(matcher("file_write", 10, hook)));

        ChildJvm.Result result = jvm.run(SCENARIO, "file_write=plain.txt|to-secret", "file_write=plain.txt|to-md",
                "file_write=plain.txt|keep", "file_write=secret/a.txt|from-secret");

        assertThat(result.call(0)).as(result.toString())
                .contains("Permission denied: tool 'file_write': deny rule file_write(secret/**) (project)");
        assertThat(result.call(1)).contains("Permission denied: tool 'file_write': ask rule file_write(**/*.md)")
                .contains("asked: ");
        assertThat(result.call(2)).isEqualTo("ALLOWED wrote plain.txt");
        assertThat(result.call(3)).as("the gate decides on what the tool would get").isEqualTo("ALLOWED wrote public.txt");
        assertThat(result.bodyRuns("file_write")).isEqualTo(2);
        assertThat(result.audit("decision")).extracting(r -> r.get("behavior"), r -> String.valueOf(r.get("subject")))
                .containsExactly(tuple("deny", "{\"path\":\"secret/key.txt\",\"content\":\"to-secret\"}"),
                        tuple("deny", "{\"path\":\"notes.md\",\"content\":\"to-md\"}"),
                        tuple("allow", "{\"path\":\"plain.txt\",\"content\":\"keep\"}"),
                        tuple("allow", "{\"path\":\"public.txt\",\"content\":\"from-secret\"}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void post_hooks_replace_the_result_and_a_failing_or_mistyped_one_fails_the_call(Path jdk) throws Exception {
        Path log = root.resolve("hooks.log");
        Path post = HookScripts.write(root.resolve("bin/post.sh"), log, """
                case "$input" in
                  *'"tool_response":"value of secret"'*) echo '{"action":"mutate_output","updated_output":"[redacted]"}' ;;
                  *'"tool_response":"value of fail"'*) exit 1 ;;
                  *'"tool_name":"hook_add"'*'"a":1,'*) echo '{"action":"mutate_output","updated_output":"abc"}' ;;
                  *'"tool_name":"hook_add"'*) echo '{"action":"mutate_output","updated_output":99}' ;;
                  *'"tool_name":"hook_touch"'*) echo '{"action":"mutate_output","updated_output":"x"}' ;;
                  *'"tool_name":"throwing_tool"'*) echo '{"action":"mutate_output","updated_output":"recovered"}' ;;
                  *) echo '{"action":"continue"}' ;;
                esac
                """);
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["lookup", "hook_add", "hook_touch", "throwing_tool"]},
                 "hooks": {"PostToolUse": [%s]}}""".formatted(matcher("*", 10, post)));

        ChildJvm.Result result = jvm.run(SCENARIO, "lookup=secret", "lookup=open", "lookup=fail", "hook_add=2|3",
                "hook_add=1|3", "hook_touch=x", "throwing_tool=boom");

        String withheld = "DENIED dev.toolgate.api.PermissionDeniedException Permission denied: tool '%s': "
                + "result withheld by post hook " + post + ": ";
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(result.call(0)).as(result.toString()).isEqualTo("ALLOWED [redacted]");
        soft.assertThat(result.call(1)).isEqualTo("ALLOWED value of open");
        soft.assertThat(result.call(2)).isEqualTo(withheld.formatted("lookup") + "exited with code 1");
        soft.assertThat(result.call(3)).isEqualTo("ALLOWED 99");
        soft.assertThat(result.call(4)).startsWith(withheld.formatted("hook_add") + "updated_output \"abc\" is not a int");
        soft.assertThat(result.call(5)).isEqualTo(withheld.formatted("hook_touch")
                + "answered mutate_output, but the tool returns nothing");
        soft.assertThat(result.call(6)).as("a failed call stays failed")
                .isEqualTo("FAILED java.lang.IllegalStateException boom");
        soft.assertThat(result.bodyRuns("lookup")).isEqualTo(3);
        soft.assertThat(result.bodyRuns("hook_add")).isEqualTo(2);
        List<HookScripts.Run> runs = HookScripts.runs(log);
        soft.assertThat(runs).extracting(r -> r.input().path("hook_event_name").asText()).containsOnly("PostToolUse");
        soft.assertThat(runs).extracting(r -> r.input().path("tool_response").toString())
                .containsExactly("\"value of secret\"", "\"value of open\"", "\"value of fail\"", "5", "4", "null",
                        "\"java.lang.IllegalStateException: boom\"");
        soft.assertThat(result.audit("result")).extracting(r -> r.get("tool"), r -> r.get("status"))
                .containsExactly(tuple("lookup", "OK"), tuple("lookup", "OK"), tuple("lookup", "FAIL"),
                        tuple("hook_add", "OK"), tuple("hook_add", "FAIL"), tuple("hook_touch", "FAIL"),
                        tuple("throwing_tool", "FAIL"));
        soft.assertThat(result.audit("result").get(0).get("output_preview")).isEqualTo("[redacted]");
        soft.assertAll();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void java_hooks_plug_in_through_service_loader(Path jdk) throws Exception {
        Path services = root.resolve("services");
        ChildJvm jvm = ChildJvm.in(jdk, root).classPath(services)
                .write(services.resolve("META-INF/services/dev.toolgate.api.PreToolUseHook"),
                        "dev.toolgate.fixtures.HookJavaPre\n")
                .write(services.resolve("META-INF/services/dev.toolgate.api.PostToolUseHook"),
                        "dev.toolgate.fixtures.HookJavaPost\n")
                .projectSettings("{\"permissions\": {\"allow\": [\"lookup\", \"hook_add\"]}}");

        ChildJvm.Result result = jvm.run(SCENARIO, "lookup=plain", "lookup=java-block", "lookup=java-mutate",
                "lookup=java-ask", "lookup=secret", "lookup=java-throw", "hook_add=2|3");

        String hook = "blocked by hook dev.toolgate.fixtures.HookJavaPre: ";
        assertThat(result.call(0)).as(result.toString()).isEqualTo("ALLOWED value of plain");
        assertThat(result.call(1)).endsWith("Permission denied: tool 'lookup': " + hook + "java says no");
        assertThat(result.call(2)).isEqualTo("ALLOWED value of mutated by java");
        assertThat(result.call(3)).contains("hook dev.toolgate.fixtures.HookJavaPre requires permission: java wants a human")
                .contains("asked: ");
        assertThat(result.call(4)).isEqualTo("ALLOWED [redacted]");
        assertThat(result.call(5)).endsWith(hook + "failed: java.lang.IllegalStateException: java hook broke");
        assertThat(result.call(6)).as("a Long from the hook becomes the int the tool returns").isEqualTo("ALLOWED 10");
        assertThat(result.stdout()).contains("JAVA PRE lookup {key=plain} in ");
        assertThat(result.bodyRuns("lookup")).isEqualTo(3);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void long_results_are_cut_and_saved_in_full(Path jdk) throws Exception {
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["hook_repeat", "hook_shell"]},
                 "tools": {"maxOutputChars": 50}, "shell": {"maxOutputChars": 30}}""");

        ChildJvm.Result result = jvm.run(SCENARIO, "hook_repeat=abcdefghij|10", "hook_shell=echo x|10",
                "hook_repeat=ab|10");

        String tools = result.call(0);
        assertThat(tools).as(result.toString())
                .startsWith("ALLOWED " + "abcdefghij".repeat(5) + " [output cut at 50 of 100 characters; full text saved to "
                        + jvm.project().toRealPath().resolve(".toolgate/tool-results") + "/");
        assertThat(Files.readString(savedFile(tools))).isEqualTo("abcdefghij".repeat(10));
        String shell = result.call(1);
        assertThat(shell).startsWith("ALLOWED " + "echo x".repeat(5) + " [output cut at 30 of 60 characters; ");
        assertThat(Files.readString(savedFile(shell))).isEqualTo("echo x".repeat(10));
        assertThat(result.call(2)).isEqualTo("ALLOWED " + "ab".repeat(10));
        try (var files = Files.list(jvm.project().resolve(".toolgate/tool-results"))) {
            assertThat(files).as("no temp files left").hasSize(2);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void hook_processes_and_saved_results_are_not_gated_even_when_the_whole_jvm_is(Path jdk) throws Exception {
        Path log = root.resolve("hooks.log");
        Path hook = HookScripts.write(root.resolve("bin/pre.sh"), log, "echo '{\"action\":\"continue\"}'");
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["lookup", "hook_repeat"]},
                 "sandbox": {"enforce": "jvm"}, "tools": {"maxOutputChars": 12},
                 "hooks": {"PreToolUse": [%s]}}""".formatted(matcher("*", 10, hook)));

        ChildJvm.Result result = jvm.run(SCENARIO, "spawn", "lookup=a", "hook_repeat=ab|10");

        assertThat(result.call(0)).as("the sandbox is on: a process of the application is checked")
                .startsWith("DENIED ").contains("Permission denied:");
        assertThat(result.call(1)).as(result.toString()).isEqualTo("ALLOWED value of a");
        assertThat(result.call(2)).startsWith("ALLOWED abababababab [output cut at 12 of 20 characters; full text saved to ");
        assertThat(Files.readString(savedFile(result.call(2)))).isEqualTo("ab".repeat(10));
        assertThat(HookScripts.runs(log)).extracting(r -> r.input().path("tool_name").asText())
                .containsExactly("lookup", "hook_repeat");
        assertThat(result.audit("decision")).as("nothing the hooks or the gate did was checked")
                .extracting(r -> r.get("kind")).containsExactly("exec", "tool", "tool");
    }

    private static Path savedFile(String outcome) {
        Matcher matcher = SAVED.matcher(outcome);
        assertThat(matcher.find()).as(outcome).isTrue();
        return Path.of(matcher.group(1));
    }
}
