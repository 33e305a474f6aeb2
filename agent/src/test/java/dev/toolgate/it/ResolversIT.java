package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Who answers an ask (SPEC §3 {@code ask}, §6): deny, a command, application resolvers, the console. */
class ResolversIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ALLOW_LOOKUP = """
            {"permissions": {"allow": ["lookup"]}}
            """;

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void ask_deny_denies_every_ask_and_audits_that_it_asked(Path jdk) throws Exception {
        ChildJvm.Result result = ChildJvm.in(jdk, root).projectSettings(ALLOW_LOOKUP).agentOptions("ask=deny")
                .calls("plain", "lookup=a");

        assertThat(result.call(0)).as(result.toString())
                .startsWith("DENIED ")
                .contains("Permission denied: tool 'plain': no rule allows tool 'plain'; asked: ");
        assertThat(result.bodyRan("plain")).isFalse();
        assertThat(result.call(1)).isEqualTo("ALLOWED value of a");
        assertThat(result.audit("decision"))
                .extracting(r -> r.get("tool"), r -> r.get("behavior"), r -> r.get("asked"), r -> r.get("agent"))
                .containsExactly(tuple("plain", "deny", true, "lead"), tuple("lookup", "allow", false, "lead"));
    }

    /**
     * One program answers by what it is asked about (the command of {@code run_bash}), so one JVM
     * goes through every kind of answer. Denials alternate with allowed calls.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void command_resolver_answers_once_session_project_and_every_failure_denies(Path jdk) throws Exception {
        Path log = root.resolve("requests.jsonl");
        Path script = AskScripts.write(root.resolve("bin/answer.sh"), log, """
                case "$request" in
                  *"mytool once"*) echo '{"behavior":"allow","scope":"once","reason":"ok once"}' ;;
                  *"mytool session"*) echo '{"behavior":"allow","scope":"session","reason":"ok for the session"}' ;;
                  *"mytool project"*) echo '{"behavior":"allow","scope":"project","reason":"ok for the project"}' ;;
                  *"mytool deny"*) echo '{"behavior":"deny","reason":"not today"}' ;;
                  *"mytool exit1"*) echo '{"behavior":"allow","scope":"once"}'; exit 1 ;;
                  *"mytool garbage"*) echo 'sure, go ahead' ;;
                  *"mytool maybe"*) echo '{"behavior":"maybe"}' ;;
                  *"mytool sleep"*) sleep 4; echo '{"behavior":"allow","scope":"once"}' ;;
                  *) echo '{"behavior":"deny","reason":"unexpected request"}' ;;
                esac
                """);
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings(ALLOW_LOOKUP)
                .agentOptions("ask=command:" + script)
                .jvmOption("-Dtoolgate.askTimeoutMillis=2000");

        ChildJvm.Result first = jvm.calls("run_bash=mytool once", "run_bash=mytool once",
                "run_bash=mytool session", "run_bash=mytool session",
                "run_bash=mytool project", "run_bash=mytool project",
                "run_bash=mytool deny", "lookup=a", "run_bash=mytool exit1", "lookup=b",
                "run_bash=mytool garbage", "lookup=c", "run_bash=mytool maybe", "lookup=d",
                "run_bash=mytool sleep", "lookup=e");
        List<JsonNode> askedFirst = AskScripts.requests(log);
        Path local = jvm.project().resolve(".toolgate/settings.local.json");
        String localText = Files.exists(local) ? Files.readString(local) : "<no file>";

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(first.call(0)).as(first.toString()).isEqualTo("ALLOWED ran mytool once");
        soft.assertThat(first.call(1)).as("allowed once: asked again").isEqualTo("ALLOWED ran mytool once");
        soft.assertThat(first.call(2)).isEqualTo("ALLOWED ran mytool session");
        soft.assertThat(first.call(3)).isEqualTo("ALLOWED ran mytool session");
        soft.assertThat(first.call(4)).isEqualTo("ALLOWED ran mytool project");
        soft.assertThat(first.call(5)).isEqualTo("ALLOWED ran mytool project");
        soft.assertThat(first.call(6)).startsWith("DENIED ")
                .contains("Permission denied: tool 'run_bash': ").endsWith("; asked: not today");
        for (int i : new int[] {8, 10, 12, 14}) {
            soft.assertThat(first.call(i)).as("call %d", i).startsWith("DENIED ")
                    .contains("Permission denied: tool 'run_bash': no rule allows tool 'run_bash'; asked: ");
        }
        soft.assertThat(first.call(14)).as("a program that answers too late").contains("no answer within");
        for (int i : new int[] {7, 9, 11, 13, 15}) {
            soft.assertThat(first.call(i)).as("call %d", i).startsWith("ALLOWED value of ");
        }
        soft.assertThat(first.bodyRuns("run_bash")).as("bodies of the allowed run_bash calls").isEqualTo(6);
        soft.assertThat(askedFirst).as("what the program was asked about, in order")
                .extracting(r -> r.path("tool_input").path("command").asText())
                .containsExactly("mytool once", "mytool once", "mytool session", "mytool project", "mytool deny",
                        "mytool exit1", "mytool garbage", "mytool maybe", "mytool sleep");
        soft.assertThat(first.audit("decision")).filteredOn(r -> "run_bash".equals(r.get("tool")))
                .extracting(r -> r.get("behavior"), r -> r.get("asked"))
                .containsExactly(tuple("allow", true), tuple("allow", true), tuple("allow", true),
                        tuple("allow", false), tuple("allow", true), tuple("allow", false),
                        tuple("deny", true), tuple("deny", true), tuple("deny", true), tuple("deny", true),
                        tuple("deny", true));
        soft.assertThat(first.audit("decision").get(3))
                .as("the second session call is allowed by the session grant")
                .containsEntry("source", "session");

        // The request as the program got it on stdin.
        if (!askedFirst.isEmpty()) {
            JsonNode request = askedFirst.get(0);
            soft.assertThat(request.path("tool").asText()).isEqualTo("run_bash");
            soft.assertThat(request.path("kind").asText()).isEqualTo("tool");
            soft.assertThat(request.path("reason").asText()).isEqualTo("no rule allows tool 'run_bash'");
            soft.assertThat(request.path("tool_input").isObject()).as(request.toString()).isTrue();
            soft.assertThat(request.path("tool_input").path("command").asText()).isEqualTo("mytool once");
        }

        // "Always for this project" is in the local settings file, as valid JSON.
        soft.assertThat(localText).as("settings.local.json").doesNotContain("<no file>");
        if (Files.exists(local)) {
            JsonNode settings = JSON.readTree(localText);
            soft.assertThat(settings.path("permissions").path("allow")).as(localText)
                    .extracting(JsonNode::asText).containsExactly("run_bash(mytool project)");
        }
        soft.assertAll();

        // A new JVM: the project answer holds without asking, the session answer is gone.
        int firstDecisions = first.audit("decision").size();
        ChildJvm.Result second = jvm.calls("run_bash=mytool project", "run_bash=mytool session");
        List<JsonNode> askedSecond = AskScripts.requests(log);

        assertThat(second.call(0)).as(second.toString()).isEqualTo("ALLOWED ran mytool project");
        assertThat(second.call(1)).isEqualTo("ALLOWED ran mytool session");
        assertThat(askedSecond.subList(askedFirst.size(), askedSecond.size()))
                .extracting(r -> r.path("tool_input").path("command").asText())
                .containsExactly("mytool session");
        // Both JVMs append to the project's one audit file.
        List<Map<String, Object>> all = second.audit("decision");
        List<Map<String, Object>> decisions = all.subList(firstDecisions, all.size());
        assertThat(decisions).hasSize(2);
        assertThat(decisions.get(0)).containsEntry("behavior", "allow").containsEntry("asked", false)
                .containsEntry("rule", "run_bash(mytool project)").containsEntry("source", "local");
        assertThat(decisions.get(1)).containsEntry("behavior", "allow").containsEntry("asked", true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void dont_ask_mode_denies_an_ask_without_running_the_command(Path jdk) throws Exception {
        Path log = root.resolve("requests.jsonl");
        Path script = AskScripts.allowing(root.resolve("bin/allow.sh"), log);

        ChildJvm.Result result = ChildJvm.in(jdk, root).projectSettings(ALLOW_LOOKUP)
                .agentOptions("mode=dontAsk,ask=command:" + script)
                .calls("plain", "lookup=a");

        assertThat(result.call(0)).as(result.toString()).startsWith("DENIED ")
                .contains("Permission denied: tool 'plain'").contains("dontAsk");
        assertThat(result.bodyRan("plain")).isFalse();
        assertThat(result.call(1)).isEqualTo("ALLOWED value of a");
        assertThat(AskScripts.requests(log)).as("the command resolver ran").isEmpty();
        assertThat(result.audit("decision")).first()
                .satisfies(r -> assertThat(r).containsEntry("tool", "plain").containsEntry("behavior", "deny"));
    }

    /** SPEC §11 "asked"; the API's ToolDecision: "whether a resolver or a human was asked". */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void dont_ask_mode_audits_the_denied_ask_as_not_asked(Path jdk) throws Exception {
        ChildJvm.Result result = ChildJvm.in(jdk, root).agentOptions("mode=dontAsk,ask=deny").calls("plain");

        assertThat(result.call(0)).as(result.toString()).startsWith("DENIED ");
        assertThat(result.audit("decision")).singleElement()
                .satisfies(r -> assertThat(r).containsEntry("behavior", "deny").containsEntry("asked", false));
    }

    static Stream<Arguments> serviceCases() {
        List<Object[]> cases = List.of(
                new Object[] {"one application resolver answers when ask is not set",
                        List.of("AskAllowResolver"), "ALLOWED plain-result", "asked: allowed by AskAllowResolver"},
                new Object[] {"the fast resolver wins, the slow one is ignored",
                        List.of("AskSlowDenyResolver", "AskAllowResolver"), "ALLOWED plain-result",
                        "asked: allowed by AskAllowResolver"},
                new Object[] {"a resolver that throws means deny",
                        List.of("AskThrowingResolver"), "DENIED ", "no rule allows tool 'plain'; asked: "},
                new Object[] {"when every resolver passes, deny",
                        List.of("AskPassResolver", "AskPassResolver$Again"), "DENIED ",
                        "no rule allows tool 'plain'; asked: "});
        return ChildJvm.jdks().flatMap(jdk -> cases.stream().map(c -> Arguments.of(jdk, c[0], c[1], c[2], c[3])));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("serviceCases")
    void application_resolvers_from_service_loader(Path jdk, String name, List<String> resolvers, String outcome,
                                                   String reason) throws Exception {
        Path services = root.resolve("services");
        StringBuilder providers = new StringBuilder();
        for (String resolver : resolvers) {
            providers.append("dev.toolgate.fixtures.").append(resolver).append('\n');
        }
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings(ALLOW_LOOKUP)
                .write(services.resolve("META-INF/services/dev.toolgate.api.PermissionResolver"), providers.toString())
                .classPath(services);

        ChildJvm.Result result = jvm.calls("plain", "lookup=a");

        assertThat(result.call(0)).as(result.toString()).startsWith(outcome);
        assertThat(result.bodyRan("plain")).isEqualTo(outcome.startsWith("ALLOWED"));
        assertThat(result.call(1)).isEqualTo("ALLOWED value of a");
        List<Map<String, Object>> decisions = result.audit("decision");
        assertThat(decisions.get(0)).containsEntry("tool", "plain").containsEntry("asked", true)
                .containsEntry("behavior", outcome.startsWith("ALLOWED") ? "allow" : "deny");
        assertThat((String) decisions.get(0).get("reason")).contains(reason);
        if (resolvers.contains("AskPassResolver")) {
            assertThat(result.stdout()).contains("PASSED AskPassResolver", "PASSED Again");
        }
    }

    /** The console resolver, under a real pseudo-terminal: y, s, a, n and an empty line. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void console_prompts_and_applies_each_answer(Path jdk) throws Exception {
        Assumptions.assumeTrue(LiveJvm.ptyAvailable(), "no util-linux script to give the JVM a terminal");
        ChildJvm dirs = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["lookup"]}}
                """);
        List<String> answers = List.of("y", "s", "y", "a", "n", "");
        ChildJvm.Result result;
        try (LiveJvm jvm = LiveJvm.of(jdk, dirs).underPty().jvmOption("-Dtoolgate.askTimeoutMillis=30000")
                .start("dev.toolgate.fixtures.ToolScenario",
                        "plain", "greet=a", "plain", "greet=b", "private_tool=p", "private_tool=q",
                        "staticTool=1", "greet=c", "staticTool=2", "lookup=z")) {
            jvm.answerPrompts("Allow?", answers, Duration.ofSeconds(30));
            result = jvm.waitFor(Duration.ofSeconds(60));
        }
        Path local = dirs.project().resolve(".toolgate/settings.local.json");

        assertThat(result.call(0)).as(result.toString()).isEqualTo("ALLOWED plain-result");
        assertThat(result.call(1)).isEqualTo("ALLOWED hello a");
        assertThat(result.call(2)).as("'y' holds once: asked again").isEqualTo("ALLOWED plain-result");
        assertThat(result.call(3)).as("'s' holds for the session").isEqualTo("ALLOWED hello b");
        assertThat(result.call(4)).isEqualTo("ALLOWED private p");
        assertThat(result.call(5)).isEqualTo("ALLOWED private q");
        assertThat(result.call(6)).startsWith("DENIED ").contains("Permission denied: tool 'staticTool'")
                .contains("; asked: ");
        assertThat(result.call(7)).isEqualTo("ALLOWED hello c");
        assertThat(result.call(8)).as("an empty answer is No").startsWith("DENIED ")
                .contains("Permission denied: tool 'staticTool'").contains("; asked: ");
        assertThat(result.call(9)).isEqualTo("ALLOWED value of z");
        assertThat(result.bodyRan("staticTool")).isFalse();
        assertThat(result.stdout().split("Allow\\?", -1)).as("prompts").hasSize(answers.size() + 1);
        assertThat(result.audit("decision"))
                .extracting(r -> r.get("tool"), r -> r.get("behavior"), r -> r.get("asked"))
                .containsExactly(tuple("plain", "allow", true), tuple("greet", "allow", true),
                        tuple("plain", "allow", true), tuple("greet", "allow", false),
                        tuple("private_tool", "allow", true), tuple("private_tool", "allow", false),
                        tuple("staticTool", "deny", true), tuple("greet", "allow", false),
                        tuple("staticTool", "deny", true), tuple("lookup", "allow", false));
        assertThat(local).exists();
        assertThat(JSON.readTree(Files.readString(local)).path("permissions").path("allow"))
                .extracting(JsonNode::asText).containsExactly("private_tool");
    }
}
