package dev.toolgate.gate;

import dev.toolgate.settings.Source;

/**
 * One answer with its reason: which rule from which source, or which check.
 *
 * @param rule   the rule's text, or null when a check or the mode decided
 * @param source the rule's source, or null
 * @param asked  true once a resolver or a human answered an ask
 */
public record Decision(Behavior behavior, String reason, String rule, Source source, boolean asked) {

    public static Decision allow(String reason) {
        return new Decision(Behavior.ALLOW, reason, null, null, false);
    }

    public static Decision deny(String reason) {
        return new Decision(Behavior.DENY, reason, null, null, false);
    }

    public static Decision ask(String reason) {
        return new Decision(Behavior.ASK, reason, null, null, false);
    }

    public static Decision byRule(Behavior behavior, CompiledRule rule) {
        String reason = behavior.label() + " rule " + rule.text() + " (" + rule.source().label() + ")";
        return new Decision(behavior, reason, rule.text(), rule.source(), false);
    }

    public boolean isAllow() {
        return behavior == Behavior.ALLOW;
    }

    public boolean isDeny() {
        return behavior == Behavior.DENY;
    }

    public boolean isAsk() {
        return behavior == Behavior.ASK;
    }

    /** An ask that nobody may answer (dontAsk mode, a sub-agent): a deny, and nobody was asked. */
    public Decision unanswerable(String why) {
        return new Decision(Behavior.DENY, why, rule, source, false);
    }

    /** This decision after an ask was answered. */
    public Decision answered(boolean allowed, String answerReason) {
        return new Decision(allowed ? Behavior.ALLOW : Behavior.DENY, answerReason, rule, source, true);
    }
}
