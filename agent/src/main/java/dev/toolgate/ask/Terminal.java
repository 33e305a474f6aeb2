package dev.toolgate.ask;

import java.io.Console;
import java.lang.reflect.Method;

/** Whether a human sits at this JVM's terminal. */
public final class Terminal {

    private Terminal() {
    }

    /** On JDK 22+ System.console() exists even when stdin and stdout are not a terminal: ask isTerminal(). */
    public static Console interactiveConsole() {
        Console console = System.console();
        if (console == null) {
            return null;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return Boolean.TRUE.equals(isTerminal.invoke(console)) ? console : null;
        } catch (NoSuchMethodException beforeJdk22) {
            return console;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
