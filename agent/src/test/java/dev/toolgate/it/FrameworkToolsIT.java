package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * LangChain4j and Spring AI applications, unchanged, under the real agent: their {@code @Tool}
 * methods pass the gate, and a denial reaches the model the way each framework reports a
 * failed tool.
 */
class FrameworkToolsIT {

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void langchain4j_assistant_sees_permission_denied_as_the_tool_result_and_goes_on(Path jdk) throws Exception {
        ChildJvm.Result result = ChildJvm.in(jdk, root).withFrameworks().projectSettings("""
                {"permissions": {"allow": ["weather", "both_kinds", "read_hostname"], "deny": ["deleteAccount"]}}
                """).run("dev.toolgate.fixtures.LangChainScenario",
                "weather={\"city\": \"Paris\"}", "deleteAccount={\"user\": \"bob\"}", "both_lc", "read_hostname");

        assertThat(result.stdout()).as(result.toString())
                .contains("MODEL SAW weather error=false sunny in Paris")
                .contains("MODEL SAW deleteAccount error=true Permission denied: tool 'deleteAccount'")
                .contains("MODEL SAW both_lc error=false both ran")
                .contains("ANSWER done after 4 tools");
        assertThat(modelSaw(result, "deleteAccount")).contains("deny rule deleteAccount (project)");
        // The tool call is allowed; the read of a file outside the sandbox inside it is not.
        assertThat(modelSaw(result, "read_hostname")).startsWith("error=true Permission denied:")
                .contains("/etc/hostname");
        assertThat(result.bodyRan("deleteAccount")).isFalse();
        assertThat(result.bodyRan("read_hostname")).isTrue();
        assertThat(result.bodyRuns("both_kinds")).isEqualTo(1);

        List<Map<String, Object>> decisions = result.audit("decision");
        assertThat(decisions).filteredOn(r -> "tool".equals(r.get("kind")))
                .extracting(r -> r.get("tool"), r -> r.get("behavior"))
                .containsExactly(tuple("weather", "allow"), tuple("deleteAccount", "deny"),
                        tuple("both_kinds", "allow"), tuple("read_hostname", "allow"));
        assertThat(decisions).filteredOn(r -> "read".equals(r.get("kind")))
                .extracting(r -> r.get("tool"), r -> r.get("subject"), r -> r.get("behavior"))
                .containsExactly(tuple("read_hostname", "/etc/hostname", "deny"));
        assertThat(result.audit("result")).extracting(r -> r.get("tool"), r -> r.get("status"))
                .containsExactly(tuple("weather", "OK"), tuple("both_kinds", "OK"), tuple("read_hostname", "FAIL"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void spring_ai_tool_callback_reports_the_denial_to_the_model(Path jdk) throws Exception {
        ChildJvm.Result result = ChildJvm.in(jdk, root).withFrameworks().projectSettings("""
                {"permissions": {"allow": ["spring_lookup"], "deny": ["springDelete"]}}
                """).run("dev.toolgate.fixtures.SpringAiScenario", "spring_lookup", "springDelete");

        assertThat(result.stdout()).as(result.toString())
                .contains("CALLBACK spring_lookup RESULT \"value of k\"")
                .contains("CALLBACK springDelete THROWN ToolExecutionException cause"
                        + " dev.toolgate.api.PermissionDeniedException message Permission denied: tool 'springDelete'")
                .contains("MODEL SAW spring_lookup \"value of m\"")
                .contains("MODEL SAW springDelete Permission denied: tool 'springDelete'")
                .contains("DONE");
        assertThat(result.bodyRan("springDelete")).isFalse();
        assertThat(result.audit("decision")).extracting(r -> r.get("tool"), r -> r.get("behavior"))
                .containsExactly(tuple("spring_lookup", "allow"), tuple("springDelete", "deny"),
                        tuple("spring_lookup", "allow"), tuple("springDelete", "deny"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void a_declaration_gives_a_langchain4j_tool_its_name_and_attributes(Path jdk) throws Exception {
        // Plan mode denies what is not read-only, allow rule or not: the declaration makes weather read-only.
        ChildJvm.Result result = ChildJvm.in(jdk, root).withFrameworks().projectSettings("""
                {"permissions": {"defaultMode": "plan", "allow": ["city_weather", "deleteAccount"]},
                 "tools": {"declare": [{"method": "dev.toolgate.fixtures.LangChainTools#weather(String)",
                                        "name": "city_weather", "readOnly": true}]}}
                """).run("dev.toolgate.fixtures.LangChainScenario",
                "weather={\"city\": \"Oslo\"}", "deleteAccount={\"user\": \"bob\"}");

        assertThat(modelSaw(result, "weather")).as(result.toString()).isEqualTo("error=false sunny in Oslo");
        assertThat(modelSaw(result, "deleteAccount")).startsWith("error=true Permission denied: tool 'deleteAccount'")
                .contains("plan");
        assertThat(result.audit("decision")).extracting(r -> r.get("tool"), r -> r.get("behavior"))
                .containsExactly(tuple("city_weather", "allow"), tuple("deleteAccount", "deny"));
    }

    /** What the scripted model saw of {@code tool}'s result: "error=… text". */
    private static String modelSaw(ChildJvm.Result result, String tool) {
        String prefix = "MODEL SAW " + tool + " ";
        return result.stdout().lines().filter(line -> line.startsWith(prefix)).findFirst()
                .map(line -> line.substring(prefix.length()))
                .orElseThrow(() -> new AssertionError("the model saw no result of " + tool + "\n" + result));
    }
}
