package dev.toolgate.shell;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The shell checks of SPEC §8: what to deny outright, what is safe to run without asking,
 * and (UNKNOWN) what goes on down the gate's chain to the allow rules or a question.
 */
public final class ShellCheck {

    public record Verdict(Kind kind, String reason) {
        public enum Kind { DENY, SAFE, UNKNOWN }

        static Verdict deny(String reason) {
            return new Verdict(Kind.DENY, reason);
        }
    }

    private ShellCheck() {
    }

    public static Verdict check(CommandLine line, ShellPolicy policy, Predicate<SimpleCommand> namedByAllowRule) {
        if (line.problem().isPresent()) {
            return Verdict.deny(line.problem().get());
        }
        List<SimpleCommand> commands = line.commands();
        for (SimpleCommand command : commands) {
            Optional<String> denial = denial(command, policy, namedByAllowRule);
            if (denial.isPresent()) {
                return Verdict.deny(denial.get());
            }
        }
        for (int k = 0; k < commands.size(); k++) {
            Optional<String> doubt = notReadOnly(commands.get(k), line.changesEnvironment(k), policy);
            if (doubt.isPresent()) {
                return new Verdict(Verdict.Kind.UNKNOWN, doubt.get());
            }
        }
        return new Verdict(Verdict.Kind.SAFE, "read-only command" + (commands.size() == 1 ? "" : "s")
                + " '" + line.text() + "'");
    }

    public static boolean isNetworkProgram(String programName) {
        return Programs.NETWORK.contains(programName);
    }

    private static Optional<String> denial(SimpleCommand command, ShellPolicy policy, Predicate<SimpleCommand> named) {
        for (String wrapper : command.wrappers()) {
            if (Programs.isDangerous(wrapper, policy.extraDangerous())) {
                return Optional.of("dangerous command '" + wrapper + "'");
            }
        }
        String name = command.programName();
        if (Programs.isDangerous(name, policy.extraDangerous())) {
            return Optional.of("dangerous command '" + name + "'");
        }
        Optional<String> arguments = DangerousArguments.reason(command);
        if (arguments.isPresent()) {
            return arguments;
        }
        if (isNetworkProgram(name) && policy.blockNetwork() && !named.test(command)) {
            return Optional.of("network program '" + name + "' is blocked (shell.blockNetwork); allow it with a rule such as Exec("
                    + name + ":*)");
        }
        return Optional.empty();
    }

    private static Optional<String> notReadOnly(SimpleCommand command, boolean changesEnvironment, ShellPolicy policy) {
        String shown = String.join(" ", command.words());
        if (command.words().isEmpty()) {
            return Optional.of("a command with no program (only assignments or redirections) is not known to be read-only");
        }
        if (!ReadOnlyCommands.isReadOnly(command, policy.extraSafe())) {
            return Optional.of("'" + shown + "' is not a known read-only command");
        }
        for (String wrapper : command.wrappers()) {
            if (!Programs.SAFE_WRAPPERS.contains(wrapper)) {
                return Optional.of("'" + shown + "' runs under '" + wrapper + "', which may change what it does");
            }
        }
        if (changesEnvironment) {
            return Optional.of("'" + shown + "' runs with a changed environment (VAR=value or env)");
        }
        for (Redirect redirect : command.redirects()) {
            if (redirect.writesFile()) {
                return Optional.of("'" + shown + "' writes to '" + redirect.target() + "'");
            }
        }
        return Optional.empty();
    }
}
