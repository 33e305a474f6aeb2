package dev.toolgate.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * The options and operands of a command's arguments, so that {@code -rf}, {@code -r -f},
 * {@code -fR} and {@code --recursive --force} read the same. After {@code --} all are operands.
 */
record Flags(String shortFlags, List<String> longFlags, List<String> operands) {

    static Flags of(List<String> args) {
        StringBuilder shortFlags = new StringBuilder();
        List<String> longFlags = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        boolean optionsEnded = false;
        for (String a : args) {
            if (optionsEnded || !a.startsWith("-") || a.equals("-")) {
                operands.add(a);
            } else if (a.equals("--")) {
                optionsEnded = true;
            } else if (a.startsWith("--")) {
                longFlags.add(a.contains("=") ? a.substring(0, a.indexOf('=')) : a);
            } else {
                shortFlags.append(a, 1, a.length());
            }
        }
        return new Flags(shortFlags.toString(), List.copyOf(longFlags), List.copyOf(operands));
    }

    boolean has(char flag) {
        return shortFlags.indexOf(flag) >= 0;
    }

    boolean hasLong(String flag) {
        return longFlags.contains(flag);
    }
}
