package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Timeouts and interrupts (SPEC §9) inside a LangChain4j application, unchanged, under the real
 * agent: the tools get their timeout and interrupt behaviour from {@code tools.declare}, and the
 * scripted model of an {@code AiServices} loop shows what LangChain4j passes on.
 */
class FrameworkInterruptsIT {

    private static final String TOOLS = "dev.toolgate.fixtures.LangChainInterruptTools";

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void langchain4j_cancel_tool_past_its_declared_timeout_is_reported_to_the_model_and_the_loop_goes_on(Path jdk)
            throws Exception {
        ChildJvm jvm = ChildJvm.in(jdk, root).withFrameworks().projectSettings("""
                {"permissions": {"allow": ["slow_read", "read_once"]},
                 "tools": {"declare": [{"method": "%s#slowRead(String)", "name": "slow_read", "timeoutMillis": 300}]}}
                """.formatted(TOOLS));
        jvm.write(jvm.project().resolve("data.txt"), "some text to read\n");
        ChildJvm.Result result = jvm.timeoutSeconds(60).run("dev.toolgate.fixtures.LangChainInterruptScenario",
                "slow_read={\"file\": \"data.txt\"}", "read_once={\"file\": \"data.txt\"}");

        // What LangChain4j 1.19 hands the model for a tool that threw: error=true and the exception's message.
        assertThat(modelSaw(result, "slow_read")).as(result.toString())
                .isEqualTo("id=call-0 error=true tool 'slow_read' was cancelled: timed out after 300 ms");
        // The next tool on the same thread is not touched by the cancellation.
        assertThat(modelSaw(result, "read_once")).isEqualTo("id=call-1 error=false read once: some text to read");
        assertThat(result.stdout())
                .contains("ANSWER done after 2 tools")
                .contains("CALLER INTERRUPTED AFTER CHAT false")
                .contains("DONE");
        assertThat(number(result, "LOOPS (\\d+)")).as("it read before its time was up").isGreaterThanOrEqualTo(1);
        assertThat(number(result, "MODEL TURN 2 at (\\d+) ms")).as("stopped long before its 10 s loop")
                .isGreaterThanOrEqualTo(250).isLessThan(5_000);

        assertThat(result.audit("result")).extracting(r -> r.get("tool"), r -> r.get("status"))
                .containsExactly(tuple("slow_read", "CANCELLED"), tuple("read_once", "OK"));
        assertThat(result.audit("decision")).filteredOn(r -> "tool".equals(r.get("kind")))
                .extracting(r -> r.get("tool"), r -> r.get("behavior"))
                .containsExactly(tuple("slow_read", "allow"), tuple("read_once", "allow"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void langchain4j_block_tool_finishes_its_sleep_and_the_caller_sees_the_interrupt_afterwards(Path jdk)
            throws Exception {
        ChildJvm.Result result = ChildJvm.in(jdk, root).withFrameworks().projectSettings("""
                {"permissions": {"allow": ["held_sleep"]},
                 "tools": {"declare": [{"method": "%s#heldSleep(long)", "name": "held_sleep", "interrupt": "BLOCK"}]}}
                """.formatted(TOOLS)).timeoutSeconds(60).run("dev.toolgate.fixtures.LangChainInterruptScenario",
                "interrupt-at=100", "held_sleep={\"millis\": 600}");

        assertThat(result.stdout()).as(result.toString()).containsPattern("(?m)^INTERRUPT SENT at \\d+ ms");
        assertThat(number(result, "INTERRUPT SENT at (\\d+) ms")).isGreaterThanOrEqualTo(100);
        assertThat(modelSaw(result, "held_sleep")).as("the tool never saw the interrupt")
                .isEqualTo("id=call-0 error=false slept 600 ms; interrupted at end of body: false");
        assertThat(number(result, "MODEL TURN 2 at (\\d+) ms")).isGreaterThanOrEqualTo(550);
        assertThat(result.stdout()).as("delivered when the tool returned, before the model's next turn")
                .contains("thread interrupted true");
        assertThat(result.stdout())
                .contains("ANSWER done after 1 tools")
                .contains("CALLER INTERRUPTED AFTER CHAT true")
                .contains("DONE");
        assertThat(result.audit("result")).extracting(r -> r.get("tool"), r -> r.get("status"))
                .containsExactly(tuple("held_sleep", "OK"));
    }

    /** What the scripted model received of {@code tool}'s result: "id=… error=… text". */
    private static String modelSaw(ChildJvm.Result result, String tool) {
        String prefix = "MODEL SAW " + tool + " ";
        return result.stdout().lines().filter(line -> line.startsWith(prefix)).findFirst()
                .map(line -> line.substring(prefix.length()))
                .orElseThrow(() -> new AssertionError("the model saw no result of " + tool + "\n" + result));
    }

    private static long number(ChildJvm.Result result, String regex) {
        Matcher m = Pattern.compile("(?m)^" + regex).matcher(result.stdout());
        if (!m.find()) {
            throw new AssertionError("no line matching " + regex + "\n" + result);
        }
        return Long.parseLong(m.group(1));
    }
}
