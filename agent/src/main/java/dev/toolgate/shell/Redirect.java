package dev.toolgate.shell;

import java.util.Set;

/** One redirection of a command: its operator with any fd prefix ({@code 2>}, {@code &>>}) and target. */
public record Redirect(String operator, String target) {

    private static final Set<String> HARMLESS_TARGETS = Set.of("/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty");

    public Redirect {
        operator = operator == null ? "" : operator;
        target = target == null ? "" : target;
    }

    /** True when running the command creates or changes a file through this redirection. */
    public boolean writesFile() {
        String op = operator.replaceFirst("^[0-9]+", "");
        if (!op.contains(">")) {
            return false;
        }
        if (op.equals(">&") && (target.equals("-") || target.chars().allMatch(Character::isDigit)) && !target.isEmpty()) {
            return false;
        }
        return !HARMLESS_TARGETS.contains(target) && !target.matches("/dev/fd/[0-9]+");
    }
}
