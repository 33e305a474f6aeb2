package dev.toolgate.sample;

import java.io.Console;
import java.lang.reflect.Method;
import java.nio.charset.Charset;

/** What the sample needs to know about its terminal. */
final class Terminal {

    private Terminal() {
    }

    /**
     * Whether stdin and stdout are a terminal. On JDK 22+ {@code System.console()} exists even
     * when they are not, so ask it {@code isTerminal()} where that method exists.
     */
    static boolean interactive() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }

    /** Whether standard output can print {@code c} (else the sample falls back to ASCII). */
    static boolean canPrint(char c) {
        return outputCharset().newEncoder().canEncode(c);
    }

    private static Charset outputCharset() {
        Console console = System.console();
        if (console != null) {
            return console.charset();
        }
        String name = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        try {
            return name == null ? Charset.defaultCharset() : Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return Charset.defaultCharset();
        }
    }
}
