package dev.toolgate.runtime;

import dev.toolgate.ask.AskBroker;
import dev.toolgate.audit.AuditLog;
import dev.toolgate.gate.Gate;
import dev.toolgate.gate.GatePolicy;
import dev.toolgate.hooks.HookPipeline;
import dev.toolgate.settings.Settings;

/** Everything a running gate needs, built once at start-up from the merged settings. */
public final class GateRuntime {

    private static volatile GateRuntime installed;

    private final Settings settings;
    private final ModeHolder mode;
    private final Gate gate;
    private final AskBroker broker;
    private final AuditLog audit;
    private final Sessions sessions = new Sessions();
    private final ToolCallHandler toolCalls;
    private final CallLifecycle lifecycle;
    private final ToolStats stats = new ToolStats();
    private final OperationHandler operations;
    private final ProcessWatch processes;
    private final HookPipeline hooks;

    private GateRuntime(Settings settings, AuditLog audit, AskBroker broker) {
        this.settings = settings;
        this.mode = new ModeHolder(settings.mode(), settings.modeLocked());
        this.gate = new Gate(GatePolicy.compile(settings), mode::get);
        this.broker = broker;
        this.audit = audit;
        this.hooks = HookPipeline.from(settings, audit, stats);
        AskFlow asks = new AskFlow(this);
        this.lifecycle = new CallLifecycle(this);
        this.toolCalls = new ToolCallHandler(this, asks, lifecycle);
        this.operations = new OperationHandler(this, asks);
        Settings.Shell shell = settings.shell();
        this.processes = new ProcessWatch(this,
                1000L * Math.min(shell.timeoutSeconds(), shell.maxTimeoutSeconds()));
    }

    public static GateRuntime create(Settings settings, AuditLog audit, AskBroker broker) {
        return new GateRuntime(settings, audit, broker);
    }

    public static void install(GateRuntime runtime) {
        installed = runtime;
    }

    /** The installed runtime; woven code only runs once it exists. */
    public static GateRuntime get() {
        GateRuntime runtime = installed;
        if (runtime == null) {
            throw new SecurityException("Permission denied: Toolgate is not initialised");
        }
        return runtime;
    }

    public static GateRuntime getIfInstalled() {
        return installed;
    }

    public Settings settings() {
        return settings;
    }

    public ModeHolder mode() {
        return mode;
    }

    public Gate gate() {
        return gate;
    }

    public AskBroker broker() {
        return broker;
    }

    public AuditLog audit() {
        return audit;
    }

    public Sessions sessions() {
        return sessions;
    }

    public ToolCallHandler toolCalls() {
        return toolCalls;
    }

    public ToolStats stats() {
        return stats;
    }

    /** Cancels a session: its running CANCEL tools stop, BLOCK tools finish, new calls wait for resume. */
    public void cancelSession(String name, String reason) {
        lifecycle.cancelSession(sessions.named(name), reason);
    }

    public void resumeSession(String name) {
        sessions.named(name).resume();
    }

    public ProcessWatch processes() {
        return processes;
    }

    public HookPipeline hooks() {
        return hooks;
    }

    public OperationHandler operations() {
        return operations;
    }
}
