package dev.toolgate.ask;

import dev.toolgate.api.AskAnswer;
import dev.toolgate.api.AskRequest;
import dev.toolgate.api.PermissionResolver;
import java.util.Optional;

/** Answers every ask with no: the headless default. */
public final class DenyResolver implements PermissionResolver {

    @Override
    public Optional<AskAnswer> resolve(AskRequest request) {
        return Optional.of(AskAnswer.deny("no one to ask (ask=deny)"));
    }

    @Override
    public String toString() {
        return "deny";
    }
}
