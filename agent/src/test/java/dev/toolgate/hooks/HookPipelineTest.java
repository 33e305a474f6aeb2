package dev.toolgate.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolgate.annotations.InterruptBehavior;
import dev.toolgate.api.PostToolUseHook;
import dev.toolgate.api.PostToolUseResult;
import dev.toolgate.api.PreToolUseHook;
import dev.toolgate.api.PreToolUseResult;
import dev.toolgate.audit.AuditLog;
import dev.toolgate.gate.Decision;
import dev.toolgate.hooks.ToolCallObserver.DecisionEvent;
import dev.toolgate.hooks.ToolCallObserver.ResultEvent;
import dev.toolgate.runtime.ToolSpec;
import dev.toolgate.runtime.ToolStats;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chain's rules, with Java hooks: no process, no agent. */
class HookPipelineTest {

    public record Point(int x, int y) {
    }

    @SuppressWarnings("unused")
    static int tool(String key, int count, Point point) {
        return count;
    }

    private static final Method METHOD;

    static {
        try {
            METHOD = HookPipelineTest.class.getDeclaredMethod("tool", String.class, int.class, Point.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final ToolSpec SPEC = new ToolSpec(0, "tool", "Fixture", "tool", List.of("key", "count", "point"),
            InterruptBehavior.CANCEL, false, false, false, false, false, false, 0, List.of(), List.of());
    private static final Object[] ARGS = {"k", 1, new Point(1, 2)};

    private final List<String> ran = new ArrayList<>();

    private PreToolUseHook pre(String name, String matcher, PreToolUseResult answer) {
        return new PreToolUseHook() {
            @Override
            public String matcher() {
                return matcher;
            }

            @Override
            public PreToolUseResult preToolUse(dev.toolgate.api.HookInput input) {
                ran.add(name + " " + input.toolInput());
                return answer;
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    private static PreOutcome run(PreToolUseHook... hooks) {
        return HookPipeline.of(List.of(hooks), List.of()).pre(SPEC, METHOD, ARGS.clone(), "s", "lead");
    }

    @Test
    void no_matching_hook_changes_nothing() {
        PreOutcome outcome = run(pre("a", "other_*", PreToolUseResult.block("no")));

        assertThat(outcome).isSameAs(PreOutcome.NONE);
        assertThat(ran).isEmpty();
    }

    @Test
    void first_block_ends_the_chain() {
        PreOutcome outcome = run(pre("a", "*", PreToolUseResult.proceed()), pre("b", "to*", PreToolUseResult.block("b says no")),
                pre("c", "*", PreToolUseResult.block("c says no")));

        assertThat(outcome.isBlocked()).isTrue();
        assertThat(outcome.blockReason()).startsWith("blocked by hook ").endsWith(": b says no");
        assertThat(ran).hasSize(2);
    }

    @Test
    void last_mutate_wins_and_every_hook_sees_the_original_input() {
        PreOutcome outcome = run(pre("a", "*", PreToolUseResult.mutate(Map.of("key", "from a", "count", 5))),
                pre("b", "*", PreToolUseResult.mutate(Map.of("count", "7", "point", Map.of("x", 3, "y", 4)))),
                pre("c", "*", PreToolUseResult.proceed()));

        assertThat(outcome.arguments()).containsExactly("k", 7, new Point(3, 4));
        assertThat(ran).allSatisfy(line -> assertThat(line).contains("key=k, count=1"));
    }

    @Test
    void an_unconvertible_or_unknown_parameter_blocks_naming_it() {
        assertThat(run(pre("a", "*", PreToolUseResult.mutate(Map.of("count", "many")))).blockReason())
                .contains("updated_input.count: \"many\" is not a int");
        assertThat(run(pre("a", "*", PreToolUseResult.mutate(Map.of("count", 1.5)))).blockReason())
                .contains("updated_input.count: 1.5 is not a int");
        assertThat(run(pre("a", "*", PreToolUseResult.mutate(Map.of("point", "here")))).blockReason())
                .contains("updated_input.point: \"here\" is not a ");
        assertThat(run(pre("a", "*", PreToolUseResult.mutate(Map.of("colour", "red")))).blockReason())
                .contains("updated_input names no parameter 'colour' (the parameters are [key, count, point])");
    }

    @Test
    void permission_required_is_kept_and_a_failing_or_silent_hook_blocks() {
        PreOutcome asks = run(pre("a", "*", PreToolUseResult.permissionRequired("look first")));
        assertThat(asks.isBlocked()).isFalse();
        assertThat(asks.permissionReason()).endsWith("requires permission: look first");

        PreToolUseHook throwing = input -> {
            throw new IllegalStateException("broken");
        };
        assertThat(run(throwing).blockReason()).endsWith(": failed: java.lang.IllegalStateException: broken");
        assertThat(run(pre("a", "*", null)).blockReason()).endsWith(": answered nothing");
    }

    @Test
    void post_hooks_chain_on_the_result_and_a_mistyped_one_fails_the_call() {
        PostToolUseHook doubles = input -> PostToolUseResult.mutateOutput(2 * (Integer) input.toolResponse());
        PostToolUseHook words = input -> PostToolUseResult.mutateOutput("many");

        PostOutcome doubled = HookPipeline.of(List.of(), List.of(doubles, doubles))
                .post(SPEC, METHOD, ARGS, 3, null, "s", "lead");
        PostOutcome failed = HookPipeline.of(List.of(), List.of(words)).post(SPEC, METHOD, ARGS, 3, null, "s", "lead");
        IllegalStateException boom = new IllegalStateException("boom");
        PostOutcome stillFailed = HookPipeline.of(List.of(), List.of(words))
                .post(SPEC, METHOD, ARGS, null, boom, "s", "lead");

        assertThat(doubled.result()).isEqualTo(12);
        assertThat(doubled.thrown()).isNull();
        assertThat(failed.thrown()).isInstanceOf(SecurityException.class)
                .hasMessageStartingWith("Permission denied: tool 'tool': result withheld by post hook ")
                .hasMessageContaining("updated_output \"many\" is not a int");
        assertThat(stillFailed.thrown()).isSameAs(boom);
    }

    @Test
    void the_audit_and_metrics_hooks_are_built_ins_that_see_a_blocked_decision_and_a_cancelled_result(
            @TempDir Path dir) throws Exception {
        Path log = dir.resolve("audit.jsonl");
        ToolStats stats = new ToolStats();
        HookPipeline pipeline = HookPipeline.of(List.of(pre("a", "*", PreToolUseResult.block("no"))), List.of(),
                AuditLog.open(log), stats);

        assertThat(pipeline.names()).containsEntry("observe", List.of(MetricsHook.NAME, AuditHook.NAME));
        assertThat(pipeline.names().get("pre")).hasSize(1);
        assertThat(HookPipeline.of(List.of(), List.of()).names().get("observe"))
                .containsExactly(MetricsHook.NAME, AuditHook.NAME);

        // A user hook blocks: the built-ins see the deny, with the hook's reason.
        PreOutcome blocked = pipeline.pre(SPEC, METHOD, ARGS.clone(), "s", "lead");
        pipeline.decided(DecisionEvent.of("s", "lead", 1, "tool", "k", Decision.deny(blocked.blockReason())));
        // Another call ran and was cancelled.
        pipeline.decided(DecisionEvent.of("s", "lead", 2, "tool", "k", Decision.allow("allowed by default")));
        pipeline.finished(new ResultEvent("s", "lead", 2, "tool", "CANCELLED", 3_000_000L, "cancelled: stop"));

        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).matches("\\{\"ts\":\"[^\"]+\",\"event\":\"decision\",\"session\":\"s\","
                + "\"agent\":\"lead\",\"seq\":1,\"kind\":\"tool\",\"tool\":\"tool\",\"subject\":\"k\","
                + "\"behavior\":\"deny\",\"asked\":false,\"reason\":\"blocked by hook [^\"]+: no\",.*");
        assertThat(lines.get(2)).matches("\\{\"ts\":\"[^\"]+\",\"event\":\"result\",\"session\":\"s\","
                + "\"agent\":\"lead\",\"seq\":2,\"tool\":\"tool\",\"status\":\"CANCELLED\",\"elapsed_ms\":3,"
                + "\"output_preview\":\"cancelled: stop\"}");
        assertThat(stats.calls()).containsEntry("tool", 2L);
        assertThat(stats.denials()).containsEntry("tool", 1L);
        assertThat(stats.cancellations()).containsEntry("tool", 1L);
        assertThat(stats.errors()).containsEntry("tool", 0L);
    }
}
