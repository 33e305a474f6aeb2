package dev.toolgate.api;

import dev.toolgate.runtime.GateRuntime;
import dev.toolgate.runtime.ToolCallHandler;
import dev.toolgate.settings.Mode;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * What an application may ask of the gate at run time. Available when the agent is attached
 * (its classes are on the boot class path); not relocated.
 */
public final class Toolgate {

    private Toolgate() {
    }

    /** Whether the agent is attached and started. */
    public static boolean isActive() {
        return GateRuntime.getIfInstalled() != null;
    }

    /** The gate's answer to this thread's most recent tool call. */
    public static Optional<ToolDecision> lastDecision() {
        return Optional.ofNullable(ToolCallHandler.lastDecision());
    }

    /** The current permission mode: default, acceptEdits, plan, bypassPermissions or dontAsk. */
    public static String mode() {
        return GateRuntime.get().mode().get().label();
    }

    /** @throws IllegalStateException when the policy source fixes the mode */
    public static void setMode(String mode) {
        GateRuntime.get().mode().set(Mode.fromLabel(mode));
    }

    /**
     * Cancels a session: its running CANCEL tools are cancelled (their threads interrupted, their
     * processes killed), its BLOCK tools finish, and its new calls are refused until it is resumed.
     */
    public static void cancelSession(String session) {
        GateRuntime.get().cancelSession(session, "cancelled through the API");
    }

    public static void resumeSession(String session) {
        GateRuntime.get().resumeSession(session);
    }

    /** The session this thread's tool calls belong to. */
    public static String currentSession() {
        return GateRuntime.get().sessions().current().name();
    }

    /** Runs work with its tool calls counted in the named session. */
    public static <T> T callInSession(String session, Callable<T> work) throws Exception {
        return GateRuntime.get().sessions().callIn(session, work);
    }

    public static void runInSession(String session, Runnable work) {
        try {
            GateRuntime.get().sessions().callIn(session, () -> {
                work.run();
                return null;
            });
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
