package dev.toolgate.hooks;

/** A hook that did not answer properly: it crashed, timed out or answered garbage. Fails closed. */
final class HookFailure extends Exception {

    private static final long serialVersionUID = 1L;

    HookFailure(String message) {
        super(message, null, false, false);
    }
}
