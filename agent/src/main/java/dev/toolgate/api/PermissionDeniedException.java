package dev.toolgate.api;

/** Thrown to the caller of a denied tool call or operation, before any of its code runs. */
public class PermissionDeniedException extends SecurityException {

    private static final long serialVersionUID = 1L;

    public PermissionDeniedException(String message) {
        super(message);
    }
}
