package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.nio.file.Path;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tools of awkward shapes ({@code ShapeTools}) under the real agent: every argument a hook
 * replaces reaches the body as its own type, every result and exception reaches the caller
 * exactly, and each call ends once.
 */
class WovenShapesIT {

    @TempDir
    Path root;

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void arguments_results_and_exceptions_pass_through_the_woven_code(Path jdk) throws Exception {
        Path services = root.resolve("services");
        ChildJvm jvm = ChildJvm.in(jdk, root).classPath(services)
                .write(services.resolve("META-INF/services/dev.toolgate.api.PreToolUseHook"),
                        "dev.toolgate.fixtures.ShapeHooks$Pre\n")
                .write(services.resolve("META-INF/services/dev.toolgate.api.PostToolUseHook"),
                        "dev.toolgate.fixtures.ShapeHooks$Post\n")
                .projectSettings("""
                        {"permissions": {"allow": ["shape_*"]}}
                        """);

        ChildJvm.Result result = jvm.run("dev.toolgate.fixtures.ShapeScenario", "wide", "static_wide", "narrow",
                "loop", "loop_negative", "switch_zero", "switch_one", "switch_six", "throws", "void", "empty", "array",
                "outer");

        SoftAssertions soft = new SoftAssertions();
        // The pre-hook replaced a (long) and b (double): 100 + 5 + 3 + "four".length().
        soft.assertThat(result.call(0)).as(result.toString()).isEqualTo("ALLOWED 112");
        soft.assertThat(result.call(1)).isEqualTo("ALLOWED 15.0");
        soft.assertThat(result.call(2)).isEqualTo("ALLOWED false 7 300 z 1.5");
        soft.assertThat(result.call(3)).isEqualTo("ALLOWED 19");
        // Returned early (-1); the post-hook's replacement is unboxed into the int result.
        soft.assertThat(result.call(4)).isEqualTo("ALLOWED 1000");
        soft.assertThat(result.call(5)).isEqualTo("ALLOWED caught zero");
        soft.assertThat(result.call(6)).isEqualTo("ALLOWED one");
        soft.assertThat(result.call(7)).isEqualTo("ALLOWED bits 110");
        soft.assertThat(result.call(8)).isEqualTo("FAILED java.lang.UnsupportedOperationException no luck");
        soft.assertThat(result.call(9)).isEqualTo("ALLOWED remembered kept");
        soft.assertThat(result.call(10)).isEqualTo("ALLOWED nothing");
        soft.assertThat(result.call(11)).isEqualTo("ALLOWED [10, 9, 8, 7]");
        // The inner tool returned, then its post-hook failed: the outer tool sees the denial and goes on.
        soft.assertThat(result.call(12)).isEqualTo("ALLOWED outer caught PermissionDeniedException");
        soft.assertThat(result.audit("result")).extracting(r -> r.get("tool"), r -> r.get("status"))
                .containsExactly(tuple("shape_wide", "OK"), tuple("shape_static_wide", "OK"),
                        tuple("shape_narrow", "OK"), tuple("shape_loop", "OK"), tuple("shape_loop", "OK"),
                        tuple("shape_switch", "OK"), tuple("shape_switch", "OK"), tuple("shape_switch", "OK"),
                        tuple("shape_throws", "FAIL"), tuple("shape_void", "OK"), tuple("shape_empty", "OK"),
                        tuple("shape_array", "OK"), tuple("shape_inner", "FAIL"), tuple("shape_outer", "OK"));
        soft.assertThat(result.audit("session_stop")).singleElement()
                .satisfies(r -> assertThat(r).containsEntry("calls", 14).containsEntry("errors", 2));
        soft.assertThat(result.stdout()).contains("DONE");
        soft.assertAll();
    }
}
