package dev.toolgate.ask;

import dev.toolgate.api.AskAnswer;
import dev.toolgate.api.AskRequest;
import dev.toolgate.api.PermissionResolver;
import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;

/** Asks the human at the terminal; the default answer is No. One prompt at a time. */
public final class ConsoleResolver implements PermissionResolver {

    private static final Object PROMPT_LOCK = new Object();

    private final Console console;

    public ConsoleResolver(Console console) {
        this.console = console;
    }

    @Override
    public Optional<AskAnswer> resolve(AskRequest request) {
        synchronized (PROMPT_LOCK) {
            PrintWriter out = console.writer();
            out.println();
            out.println("Toolgate: " + describe(request));
            out.println("  reason: " + request.reason());
            if (!"lead".equals(request.agent())) {
                out.println("  agent:  " + request.agent());
            }
            out.flush();
            String line = console.readLine("  Allow? [y] yes once  [s] yes, for this session  "
                    + "[a] yes, always for this project  [N] no: ");
            return Optional.of(parse(line));
        }
    }

    static AskAnswer parse(String line) {
        String answer = line == null ? "" : line.strip().toLowerCase(Locale.ROOT);
        return switch (answer) {
            case "y", "yes" -> new AskAnswer(true, AskAnswer.Scope.ONCE, "allowed at the console (once)");
            case "s", "session" -> new AskAnswer(true, AskAnswer.Scope.SESSION, "allowed at the console (for this session)");
            case "a", "always" -> new AskAnswer(true, AskAnswer.Scope.PROJECT, "allowed at the console (always for this project)");
            default -> AskAnswer.deny("denied at the console");
        };
    }

    private static String describe(AskRequest request) {
        if ("tool".equals(request.kind())) {
            return "tool '" + request.tool() + "' wants to run with " + request.subject();
        }
        return "tool '" + request.tool() + "' wants to " + request.kind() + " " + request.subject();
    }

    @Override
    public String toString() {
        return "console";
    }
}
