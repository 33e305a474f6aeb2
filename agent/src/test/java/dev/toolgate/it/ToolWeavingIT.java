package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every kind of method carrying @AgentTool passes the gate, on every JDK we support. */
class ToolWeavingIT {

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void denied_call_throws_security_exception_before_the_body_runs_for_every_method_kind(Path jdk) throws Exception {
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"deny": ["plain", "staticTool", "private_tool", "final_tool", "greet"],
                                 "allow": ["lookup"]}}
                """);
        // An allowed call between denials keeps the session below its denial limit.
        ChildJvm.Result result = jvm.calls("plain", "staticTool=4", "lookup=a", "private_tool=x", "final_tool",
                "lookup=b", "greet=bob");

        for (int i : new int[] {0, 1, 3, 4, 6}) {
            assertThat(result.call(i)).as(result.toString())
                    .startsWith("DENIED dev.toolgate.api.PermissionDeniedException Permission denied: tool '")
                    .contains("deny rule");
        }
        assertThat(result.call(2)).isEqualTo("ALLOWED value of a");
        assertThat(result.call(0)).contains("tool 'plain'").contains("deny rule plain (project)");
        assertThat(result.bodyRan("plain")).isFalse();
        assertThat(result.bodyRan("staticTool")).isFalse();
        assertThat(result.bodyRan("private_tool")).isFalse();
        assertThat(result.bodyRan("final_tool")).isFalse();
        assertThat(result.bodyRan("greet")).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void allowed_call_runs_the_body_and_returns_its_value_for_every_method_kind(Path jdk) throws Exception {
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["plain", "staticTool", "private_tool", "final_tool", "greet"]}}
                """);
        ChildJvm.Result result = jvm.calls("plain", "staticTool=4", "private_tool=x", "final_tool", "greet=bob");

        assertThat(result.call(0)).as(result.toString()).isEqualTo("ALLOWED plain-result");
        assertThat(result.call(1)).isEqualTo("ALLOWED 8");
        assertThat(result.call(2)).isEqualTo("ALLOWED private x");
        assertThat(result.call(3)).isEqualTo("ALLOWED done");
        assertThat(result.call(4)).isEqualTo("ALLOWED hello bob");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void audit_records_a_decision_and_a_result_for_each_call(Path jdk) throws Exception {
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings("""
                {"permissions": {"allow": ["plain", "throwing_tool"], "deny": ["lookup"]}}
                """);
        ChildJvm.Result result = jvm.calls("plain", "lookup=k", "throwing_tool=boom");

        assertThat(result.call(2)).isEqualTo("FAILED java.lang.IllegalStateException boom");
        List<Map<String, Object>> decisions = result.audit("decision");
        assertThat(decisions).extracting(r -> r.get("tool"), r -> r.get("behavior"), r -> r.get("rule"), r -> r.get("source"))
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("plain", "allow", "plain", "project"),
                        org.assertj.core.groups.Tuple.tuple("lookup", "deny", "lookup", "project"),
                        org.assertj.core.groups.Tuple.tuple("throwing_tool", "allow", "throwing_tool", "project"));
        assertThat(decisions).allSatisfy(r -> {
            assertThat(r.get("kind")).isEqualTo("tool");
            assertThat(r.get("session")).isEqualTo("default");
            assertThat(r.get("agent")).isEqualTo("lead");
            assertThat(r.get("asked")).isEqualTo(false);
        });
        List<Map<String, Object>> results = result.audit("result");
        assertThat(results).extracting(r -> r.get("tool"), r -> r.get("status"), r -> r.get("output_preview"))
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("plain", "OK", "plain-result"),
                        org.assertj.core.groups.Tuple.tuple("throwing_tool", "FAIL", "java.lang.IllegalStateException: boom"));
        assertThat(result.audit("session_stop")).singleElement()
                .satisfies(r -> assertThat(r).containsEntry("calls", 3).containsEntry("denials", 1));
    }
}
