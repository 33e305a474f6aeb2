package dev.toolgate.hooks;

import dev.toolgate.api.HookInput;
import dev.toolgate.api.PermissionDeniedException;
import dev.toolgate.api.PostToolUseHook;
import dev.toolgate.api.PostToolUseResult;
import dev.toolgate.api.PreToolUseHook;
import dev.toolgate.api.PreToolUseResult;
import dev.toolgate.audit.AuditLog;
import dev.toolgate.hooks.ToolCallObserver.DecisionEvent;
import dev.toolgate.hooks.ToolCallObserver.ResultEvent;
import dev.toolgate.runtime.ToolSpec;
import dev.toolgate.runtime.ToolStats;
import dev.toolgate.settings.Settings;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * PreToolUse and PostToolUse hooks (SPEC §10): the command hooks of the settings, in order,
 * then the application's Java hooks, found through {@link ServiceLoader} on first use.
 * Every hook of a chain sees the call as the tool's caller made it. Pre-hooks: the first
 * block ends the chain; the last mutate wins; permission_required turns an allow into an ask.
 * Post-hooks see the result as the hook before them left it. A hook that fails blocks the
 * call, or, after the call, fails it.
 *
 * <p>The audit log and the metrics are built-in hooks on the same pipeline ({@link ToolCallObserver}s,
 * always present, in a fixed place): they see every decision, whoever made it (the gate, an ask, or a
 * pre-hook's block), and every call's final status (after the post-hooks, the output limit and any
 * cancellation). They observe only: they never block a call nor change it.
 */
public final class HookPipeline {

    private final List<HookStep<PreToolUseHook>> configuredPre;
    private final List<HookStep<PostToolUseHook>> configuredPost;
    private final List<HookStep<ToolCallObserver>> builtins;
    private final Supplier<Chains> javaHooks;
    private final String cwd;
    private final OutputLimit outputLimit;
    private volatile Chains chains;

    /** The hooks in the order they run; {@code observe} holds the built-ins. */
    private record Chains(List<HookStep<PreToolUseHook>> pre, List<HookStep<PostToolUseHook>> post,
                          List<HookStep<ToolCallObserver>> observe) {
    }

    private HookPipeline(List<HookStep<PreToolUseHook>> configuredPre, List<HookStep<PostToolUseHook>> configuredPost,
                         List<HookStep<ToolCallObserver>> builtins, Supplier<Chains> javaHooks, String cwd,
                         OutputLimit outputLimit) {
        this.configuredPre = configuredPre;
        this.configuredPost = configuredPost;
        this.builtins = builtins;
        this.javaHooks = javaHooks;
        this.cwd = cwd;
        this.outputLimit = outputLimit;
    }

    /**
     * @param audit where the built-in audit hook writes tool calls' decision and result records
     * @param stats what the built-in metrics hook feeds
     */
    public static HookPipeline from(Settings settings, AuditLog audit, ToolStats stats) {
        List<HookStep<PreToolUseHook>> pre = new ArrayList<>();
        for (Settings.HookMatcher matcher : settings.hooks().preToolUse()) {
            for (Settings.HookCommand command : matcher.hooks()) {
                pre.add(HookStep.of(command.command(), matcher.matcher(), new CommandHook(command, settings.projectDir())));
            }
        }
        List<HookStep<PostToolUseHook>> post = new ArrayList<>();
        for (Settings.HookMatcher matcher : settings.hooks().postToolUse()) {
            for (Settings.HookCommand command : matcher.hooks()) {
                post.add(HookStep.of(command.command(), matcher.matcher(), new CommandHook(command, settings.projectDir())));
            }
        }
        return new HookPipeline(List.copyOf(pre), List.copyOf(post), builtins(audit, stats),
                HookPipeline::loadJavaHooks, settings.projectDir().toString(), new OutputLimit(settings));
    }

    /** Metrics first, then the audit log, as each call's records were always written. */
    private static List<HookStep<ToolCallObserver>> builtins(AuditLog audit, ToolStats stats) {
        return List.of(HookStep.of(MetricsHook.NAME, "*", new MetricsHook(stats)),
                HookStep.of(AuditHook.NAME, "*", new AuditHook(audit)));
    }

    /** Only the given Java hooks, no output limit, built-ins that record nothing: for tests of the chain. */
    static HookPipeline of(List<PreToolUseHook> pre, List<PostToolUseHook> post) {
        return of(pre, post, AuditLog.OFF, new ToolStats());
    }

    /** The given Java hooks and the built-ins on the given audit log and stats, no output limit: for tests. */
    static HookPipeline of(List<PreToolUseHook> pre, List<PostToolUseHook> post, AuditLog audit, ToolStats stats) {
        List<HookStep<PreToolUseHook>> preSteps = pre.stream()
                .map(h -> HookStep.of(h.getClass().getName(), h.matcher(), h)).toList();
        List<HookStep<PostToolUseHook>> postSteps = post.stream()
                .map(h -> HookStep.of(h.getClass().getName(), h.matcher(), h)).toList();
        return new HookPipeline(preSteps, postSteps, builtins(audit, stats),
                () -> new Chains(List.of(), List.of(), List.of()), "/", null);
    }

    /** The names of the hooks on the pipeline, in order: {@code pre}, {@code post} and {@code observe}. */
    Map<String, List<String>> names() {
        Chains loaded = chains();
        Map<String, List<String>> names = new LinkedHashMap<>();
        names.put("pre", loaded.pre().stream().map(HookStep::name).toList());
        names.put("post", loaded.post().stream().map(HookStep::name).toList());
        names.put("observe", loaded.observe().stream().map(HookStep::name).toList());
        return names;
    }

    /** Whether user pre-hooks are on the pipeline (the built-ins are always there). */
    public boolean hasPre() {
        return !chains().pre().isEmpty();
    }

    /** Whether user post-hooks are on the pipeline (the built-ins are always there). */
    public boolean hasPost() {
        return !chains().post().isEmpty();
    }

    /**
     * @param method the tool's method, to convert updated input to its parameter types; null if unknown
     */
    public PreOutcome pre(ToolSpec spec, Method method, Object[] args, String sessionId, String agent) {
        HookInput input = null;
        HookStep<PreToolUseHook> mutator = null;
        Map<String, Object> mutation = null;
        String permission = null;
        String context = null;
        for (HookStep<PreToolUseHook> step : chains().pre()) {
            if (!step.matches(spec.name())) {
                continue;
            }
            if (input == null) {
                input = new HookInput("PreToolUse", sessionId, agent, spec.name(), inputOf(spec, args), cwd, null, null);
            }
            PreToolUseResult answer;
            try {
                answer = step.hook().preToolUse(input);
            } catch (Exception | LinkageError | AssertionError e) {
                return blocked(step, failure(e));
            }
            if (answer == null || answer.action() == null) {
                return blocked(step, "answered nothing");
            }
            context = join(context, answer.additionalContext());
            switch (answer.action()) {
                case BLOCK -> {
                    String reason = answer.reason() == null || answer.reason().isBlank() ? "no reason given" : answer.reason();
                    return new PreOutcome(null, "blocked by hook " + step.name() + ": " + reason, null, context);
                }
                case MUTATE -> {
                    if (answer.updatedInput() == null) {
                        return blocked(step, "answered mutate without updated input");
                    }
                    mutator = step;
                    mutation = answer.updatedInput();
                }
                case PERMISSION_REQUIRED -> {
                    if (permission == null) {
                        permission = "hook " + step.name() + " requires permission"
                                + (answer.reason() == null || answer.reason().isBlank() ? "" : ": " + answer.reason());
                    }
                }
                case CONTINUE -> {
                }
            }
        }
        if (input == null) {
            return PreOutcome.NONE;
        }
        Object[] updated = null;
        if (mutation != null) {
            try {
                updated = mutated(spec, method, args, mutation);
            } catch (IllegalArgumentException e) {
                return blocked(mutator, e.getMessage());
            }
        }
        if (updated == null && permission == null && context == null) {
            return PreOutcome.NONE;
        }
        return new PreOutcome(updated, null, permission, context);
    }

    /**
     * @param result what the tool returned (null for void methods)
     * @param thrown what the tool threw, or null; a failed call stays failed whatever hooks answer
     */
    public PostOutcome post(ToolSpec spec, Method method, Object[] args, Object result, Throwable thrown,
                            String sessionId, String agent) {
        Map<String, Object> inputMap = null;
        for (HookStep<PostToolUseHook> step : chains().post()) {
            if (!step.matches(spec.name())) {
                continue;
            }
            if (inputMap == null) {
                inputMap = inputOf(spec, args);
            }
            HookInput input = new HookInput("PostToolUse", sessionId, agent, spec.name(), inputMap, cwd, result, thrown);
            PostToolUseResult answer;
            try {
                answer = step.hook().postToolUse(input);
            } catch (Exception | LinkageError | AssertionError e) {
                return withheld(spec, step, failure(e));
            }
            if (answer == null || answer.action() == null) {
                return withheld(spec, step, "answered nothing");
            }
            if (answer.action() == PostToolUseResult.Action.MUTATE_OUTPUT && thrown == null) {
                Type type = method == null ? null : method.getGenericReturnType();
                if (type == null) {
                    return withheld(spec, step, "cannot find the tool's method to convert updated_output to its return type");
                }
                if (type == void.class) {
                    return withheld(spec, step, "answered mutate_output, but the tool returns nothing");
                }
                try {
                    result = Conversions.convert(answer.updatedOutput(), type);
                } catch (IllegalArgumentException e) {
                    return withheld(spec, step, "updated_output " + e.getMessage());
                }
            }
        }
        return new PostOutcome(result, thrown);
    }

    /**
     * The built-in hooks' first place: once a tool call is decided, allowed or denied, by whatever
     * decided it. They only observe; a failure to write the audit log fails the call, as before.
     */
    public void decided(DecisionEvent event) {
        for (HookStep<ToolCallObserver> step : chains().observe()) {
            if (step.matches(event.tool())) {
                step.hook().decided(event);
            }
        }
    }

    /** The built-in hooks' second place: once a call that ran has ended, with its final status. */
    public void finished(ResultEvent event) {
        for (HookStep<ToolCallObserver> step : chains().observe()) {
            if (step.matches(event.tool())) {
                step.hook().finished(event);
            }
        }
    }

    /** A long String result, cut; the full text is saved under {@code .toolgate/tool-results/}. */
    public Object limitOutput(ToolSpec spec, Object result) {
        return outputLimit == null ? result : outputLimit.apply(spec, result);
    }

    private static Object[] mutated(ToolSpec spec, Method method, Object[] args, Map<String, Object> mutation) {
        if (method == null) {
            throw new IllegalArgumentException("cannot find the tool's method to convert updated_input to its parameter types");
        }
        Type[] types = method.getGenericParameterTypes();
        Object[] updated = args.clone();
        for (Map.Entry<String, Object> entry : mutation.entrySet()) {
            int index = spec.parameterNames().indexOf(entry.getKey());
            if (index < 0 || index >= types.length) {
                throw new IllegalArgumentException("updated_input names no parameter '" + entry.getKey()
                        + "' (the parameters are " + spec.parameterNames() + ")");
            }
            try {
                updated[index] = Conversions.convert(entry.getValue(), types[index]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("updated_input." + entry.getKey() + ": " + e.getMessage());
            }
        }
        return updated;
    }

    private static Map<String, Object> inputOf(ToolSpec spec, Object[] args) {
        Map<String, Object> input = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            input.put(spec.parameterName(i), args[i]);
        }
        return Collections.unmodifiableMap(input);
    }

    private static PreOutcome blocked(HookStep<?> step, String why) {
        return new PreOutcome(null, "blocked by hook " + step.name() + ": " + why, null, null);
    }

    private static PostOutcome withheld(ToolSpec spec, HookStep<?> step, String why) {
        return new PostOutcome(null, new PermissionDeniedException("Permission denied: tool '" + spec.name()
                + "': result withheld by post hook " + step.name() + ": " + why));
    }

    private static String failure(Throwable e) {
        return e instanceof HookFailure ? e.getMessage() : "failed: " + e;
    }

    private static String join(String context, String more) {
        if (more == null || more.isBlank()) {
            return context;
        }
        return context == null ? more : context + "\n" + more;
    }

    private Chains chains() {
        Chains loaded = chains;
        if (loaded == null) {
            synchronized (this) {
                loaded = chains;
                if (loaded == null) {
                    Chains java = javaHooks.get();
                    List<HookStep<PreToolUseHook>> pre = new ArrayList<>(configuredPre);
                    pre.addAll(java.pre());
                    List<HookStep<PostToolUseHook>> post = new ArrayList<>(configuredPost);
                    post.addAll(java.post());
                    loaded = new Chains(List.copyOf(pre), List.copyOf(post), builtins);
                    chains = loaded;
                }
            }
        }
        return loaded;
    }

    /** From the application's loader, as on the first tool call: hooks may live in nested or child jars. */
    private static Chains loadJavaHooks() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = ClassLoader.getSystemClassLoader();
        }
        List<HookStep<PreToolUseHook>> pre = new ArrayList<>();
        try {
            for (PreToolUseHook hook : ServiceLoader.load(PreToolUseHook.class, loader)) {
                pre.add(HookStep.of(hook.getClass().getName(), hook.matcher(), hook));
            }
        } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
            // Fail closed: a hook that cannot be loaded blocks every call it might have checked.
            String why = "cannot be loaded: " + e;
            pre.add(HookStep.of(PreToolUseHook.class.getName(), "*", input -> {
                throw new HookFailure(why);
            }));
        }
        List<HookStep<PostToolUseHook>> post = new ArrayList<>();
        try {
            for (PostToolUseHook hook : ServiceLoader.load(PostToolUseHook.class, loader)) {
                post.add(HookStep.of(hook.getClass().getName(), hook.matcher(), hook));
            }
        } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
            String why = "cannot be loaded: " + e;
            post.add(HookStep.of(PostToolUseHook.class.getName(), "*", input -> {
                throw new HookFailure(why);
            }));
        }
        return new Chains(pre, post, List.of());
    }
}
