package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Code in the JVM cannot reach into Toolgate's own classes to switch the gate off. */
class TamperingIT {

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void deep_reflection_into_the_gate_is_refused_inside_and_outside_tools(Path jdk) throws Exception {
        ChildJvm.Result result = ChildJvm.in(jdk, root)
                .projectSettings("""
                        {"permissions": {"allow": ["tamper"], "deny": ["plain_denied"]}}
                        """)
                .run("dev.toolgate.fixtures.TamperAttempts", "field", "trySetAccessible", "lookup", "api");

        String closed = "Permission denied: deep reflection on dev.toolgate.runtime.GateRuntime from "
                + "dev.toolgate.fixtures.TamperAttempts";
        for (String where : List.of("outside", "in-tool")) {
            assertThat(result.stdout()).as(result.toString())
                    .contains("ATTEMPT " + where + " field DENIED " + closed)
                    .contains("ATTEMPT " + where + " trySetAccessible DENIED " + closed)
                    .contains("ATTEMPT " + where + " lookup DENIED " + closed)
                    .contains("ATTEMPT " + where + " api ALLOWED");
        }
        assertThat(result.stdout()).doesNotContain("accessible").doesNotContain(" FAILED ")
                .contains("GATE DENIED Permission denied: tool 'plain_denied': deny rule plain_denied (project)");
    }
}
