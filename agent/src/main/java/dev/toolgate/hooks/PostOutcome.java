package dev.toolgate.hooks;

/** What the caller gets after the post-hooks: the result, or the exception the call ends with. */
public record PostOutcome(Object result, Throwable thrown) {
}
