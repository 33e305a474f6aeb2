package dev.toolgate.sample;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.InterruptBehavior;

/** Asks the user a question: on the terminal when there is one, else a canned answer. */
final class UserTools {

    static final String CANNED_ANSWER = "(no terminal) Start with the most recent paper.";

    @AgentTool(value = "ask_user", interrupt = InterruptBehavior.BLOCK, requiresUserInteraction = true)
    public String askUser(String question) {
        if (!Terminal.interactive()) {
            return CANNED_ANSWER;
        }
        String answer = System.console().readLine("  %s%n  > ", question);
        return answer == null || answer.isBlank() ? "(no answer)" : answer.strip();
    }
}
