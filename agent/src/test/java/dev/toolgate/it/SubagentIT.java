package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Inside a tool marked {@code subagent} nobody can be asked (SPEC §6): an ask is a deny, and so
 * is a {@code requiresUserInteraction} tool. Calls inside are audited with the sub-agent's name.
 */
class SubagentIT {

    @TempDir
    Path root;


    /** The resolver would allow everything, so any denial inside comes from the sub-agent rule. */
    private ChildJvm.Result runDelegations(Path jdk, Path log) throws Exception {
        Path script = AskScripts.allowing(root.resolve("bin/allow.sh"), log);
        return ChildJvm.in(jdk, root).projectSettings("""
                        {"permissions": {"allow": ["delegate", "lookup"]}}
                        """)
                .agentOptions("ask=command:" + script)
                .calls("delegate=plain", "lookup=a", "delegate=ask_user|why?", "lookup=b", "delegate=lookup|k",
                        "plain");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void inside_a_subagent_asks_are_denied_without_any_resolver_allowed_calls_run_and_the_agent_is_audited(Path jdk) throws Exception {
        Path log = root.resolve("requests.jsonl");
        ChildJvm.Result result = runDelegations(jdk, log);

        assertThat(result.call(0)).as(result.toString()).startsWith("DENIED ")
                .contains("Permission denied: tool 'plain'").contains("nobody can be asked");
        assertThat(result.call(1)).isEqualTo("ALLOWED value of a");
        assertThat(result.call(2)).startsWith("DENIED ")
                .contains("Permission denied: tool 'ask_user'").contains("nobody can be asked");
        assertThat(result.bodyRan("ask_user")).isFalse();
        assertThat(result.call(3)).isEqualTo("ALLOWED value of b");
        assertThat(result.call(4)).isEqualTo("ALLOWED value of k");
        assertThat(result.call(5)).as("the same ask from the lead agent goes to the resolver")
                .isEqualTo("ALLOWED plain-result");
        assertThat(result.bodyRuns("plain")).as("only the lead agent's plain ran").isEqualTo(1);
        assertThat(result.bodyRuns("delegate")).isEqualTo(3);

        List<JsonNode> requests = AskScripts.requests(log);
        assertThat(requests).as("requests to the resolver: only the lead agent's").hasSize(1);
        assertThat(requests.get(0).path("tool").asText()).isEqualTo("plain");
        assertThat(requests.get(0).path("agent").asText()).isEqualTo("lead");

        // Calls inside the sub-agent are audited with its name.
        assertThat(result.audit("decision")).as(result.toString())
                .extracting(r -> r.get("tool"), r -> r.get("agent"), r -> r.get("behavior"))
                .containsExactly(
                        tuple("delegate", "lead", "allow"), tuple("plain", "delegate", "deny"),
                        tuple("lookup", "lead", "allow"),
                        tuple("delegate", "lead", "allow"), tuple("ask_user", "delegate", "deny"),
                        tuple("lookup", "lead", "allow"),
                        tuple("delegate", "lead", "allow"), tuple("lookup", "delegate", "allow"),
                        tuple("plain", "lead", "allow"));
        List<Map<String, Object>> results = result.audit("result");
        assertThat(results).filteredOn(r -> "delegate".equals(r.get("tool")))
                .extracting(r -> r.get("agent")).containsExactly("lead", "lead", "lead");
        assertThat(results).filteredOn(r -> "lookup".equals(r.get("tool")))
                .extracting(r -> r.get("agent")).containsExactly("lead", "lead", "delegate");
    }

    /** SPEC §11 "asked"; the API's ToolDecision: "whether a resolver or a human was asked". */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void asks_denied_inside_a_subagent_are_audited_as_not_asked(Path jdk) throws Exception {
        ChildJvm.Result result = runDelegations(jdk, root.resolve("requests.jsonl"));

        assertThat(result.audit("decision")).as(result.toString())
                .filteredOn(r -> "delegate".equals(r.get("agent")) && "deny".equals(r.get("behavior")))
                .extracting(r -> r.get("tool"), r -> r.get("asked"))
                .containsExactly(tuple("plain", false), tuple("ask_user", false));
    }
}
