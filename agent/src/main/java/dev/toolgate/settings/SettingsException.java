package dev.toolgate.settings;

/**
 * A malformed agent argument or settings file. The message is complete and meant for the
 * user as it is: it starts with {@code toolgate:} and names the file, line and column.
 */
public final class SettingsException extends RuntimeException {

    public SettingsException(String message) {
        super(message);
    }

    public SettingsException(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@code toolgate: file:line:column: problem}. */
    static SettingsException at(String file, JsonTree.Location at, String problem) {
        return new SettingsException("toolgate: " + file + ":" + at + ": " + problem);
    }
}
