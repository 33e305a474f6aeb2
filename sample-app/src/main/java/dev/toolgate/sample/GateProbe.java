package dev.toolgate.sample;

import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Asks the Toolgate agent, when it is attached, why the last tool call of this thread was
 * decided as it was. The sample does not compile against the agent: it finds
 * {@code dev.toolgate.api.Toolgate} by reflection, so it runs just the same without it.
 */
final class GateProbe {

    private static final String API_CLASS = "dev.toolgate.api.Toolgate";

    private final Method lastDecision;

    private GateProbe(Method lastDecision) {
        this.lastDecision = lastDecision;
    }

    static GateProbe find() {
        try {
            return new GateProbe(Class.forName(API_CLASS).getMethod("lastDecision"));
        } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
            return new GateProbe(null);
        }
    }

    boolean attached() {
        return lastDecision != null;
    }

    /** The decision on this thread's most recent tool call; empty without the agent or on any reflection failure. */
    Optional<GateDecision> lastDecision() {
        if (lastDecision == null) {
            return Optional.empty();
        }
        try {
            Optional<?> found = (Optional<?>) lastDecision.invoke(null);
            return found.map(GateProbe::copy);
        } catch (ReflectiveOperationException | ClassCastException e) {
            return Optional.empty();
        }
    }

    private static GateDecision copy(Object decision) {
        try {
            return new GateDecision(
                    (String) accessor(decision, "tool"),
                    (String) accessor(decision, "behavior"),
                    (Boolean) accessor(decision, "asked"),
                    (String) accessor(decision, "reason"));
        } catch (ReflectiveOperationException e) {
            throw new ClassCastException("unexpected ToolDecision shape: " + e);
        }
    }

    private static Object accessor(Object record, String name) throws ReflectiveOperationException {
        return record.getClass().getMethod(name).invoke(record);
    }
}
