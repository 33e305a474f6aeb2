package dev.toolgate.api;

import java.util.Optional;

/**
 * Answers asks on behalf of a human. Applications register implementations through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/dev.toolgate.api.PermissionResolver}).
 * Every resolver is asked at once on its own thread; the first answer claims the request and
 * the others are ignored. An exception or no answer within the time limit means deny.
 */
public interface PermissionResolver {

    /** @return an answer, or empty to leave the request to the other resolvers */
    Optional<AskAnswer> resolve(AskRequest request) throws Exception;
}
