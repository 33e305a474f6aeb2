package dev.toolgate.shell;

import java.util.List;
import java.util.Set;

/**
 * Whether a command only reads: its program is on the safe list and none of its arguments
 * make it write, run another program or never end ({@code sort -o}, {@code find -exec}, {@code tail -f}).
 */
final class ReadOnlyCommands {

    private static final Set<String> FIND_ACTIONS = Set.of(
            "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls");
    private static final Set<String> GIT_READERS = Set.of("status", "log", "diff", "show", "branch", "rev-parse", "ls-files");
    private static final Set<String> GIT_BRANCH_LISTING = Set.of(
            "-a", "-r", "-v", "-vv", "-l", "--list", "--all", "--remotes", "--verbose", "--show-current", "--no-color");
    private static final Set<String> HOSTNAME_QUERIES = Set.of(
            "-f", "-s", "-i", "-I", "-d", "-A", "-a", "--fqdn", "--long", "--short", "--domain",
            "--ip-address", "--all-ip-addresses", "--all-fqdns", "--alias");

    private ReadOnlyCommands() {
    }

    static boolean isReadOnly(SimpleCommand command, Set<String> extraSafe) {
        String name = command.programName();
        if (extraSafe.contains(name)) {
            return true;
        }
        if (!Programs.SAFE.contains(name)) {
            return false;
        }
        List<String> args = command.words().subList(1, command.words().size());
        return switch (name) {
            case "find" -> args.stream().noneMatch(FIND_ACTIONS::contains);
            case "git" -> git(args);
            case "env" -> args.isEmpty();
            case "tail" -> noShortFlag(args, "fF") && noLong(args, "--follow", "--retry");
            case "sort" -> noShortFlag(args, "o") && noLong(args, "--output", "--compress-program");
            case "date" -> noShortFlag(args, "s") && noLong(args, "--set");
            case "file" -> noShortFlag(args, "C") && noLong(args, "--compile");
            case "tree" -> noShortFlag(args, "o");
            case "rg" -> noLong(args, "--pre");
            case "hostname" -> HOSTNAME_QUERIES.containsAll(args);
            // "uniq IN OUT" writes OUT
            case "uniq" -> args.stream().filter(a -> !a.startsWith("-")).count() <= 1;
            default -> true;
        };
    }

    private static boolean git(List<String> args) {
        if (args.isEmpty() || !GIT_READERS.contains(args.get(0))) {
            return false;
        }
        List<String> rest = args.subList(1, args.size());
        if (args.get(0).equals("branch")) {
            return GIT_BRANCH_LISTING.containsAll(rest);
        }
        // --output writes a file; --ext-diff and --textconv run configured programs
        return noLong(rest, "--output", "--ext-diff", "--textconv");
    }

    private static boolean noShortFlag(List<String> args, String letters) {
        return args.stream()
                .filter(a -> a.startsWith("-") && !a.startsWith("--"))
                .noneMatch(a -> a.chars().anyMatch(c -> letters.indexOf(c) >= 0));
    }

    private static boolean noLong(List<String> args, String... flags) {
        return args.stream().noneMatch(a -> {
            for (String flag : flags) {
                if (a.equals(flag) || a.startsWith(flag + "=")) {
                    return true;
                }
            }
            return false;
        });
    }
}
