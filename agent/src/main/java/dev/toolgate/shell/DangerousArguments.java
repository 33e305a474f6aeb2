package dev.toolgate.shell;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Arguments that make an otherwise ordinary program destructive: recursive deletes of the
 * root or a system folder, writes to disks, world-writable permissions.
 */
final class DangerousArguments {

    private static final Pattern WORLD_WRITABLE_MODE = Pattern.compile("0*[0-7]?777|(a|ugo|uog|oug|ogu|gou|guo)[+=]rwx");

    private DangerousArguments() {
    }

    /** The reason {@code command} is dangerous because of its arguments, if it is. */
    static Optional<String> reason(SimpleCommand command) {
        String name = command.programName();
        List<String> args = command.words().isEmpty() ? List.of() : command.words().subList(1, command.words().size());
        Optional<String> byProgram = switch (name) {
            case "rm" -> recursiveOnRoot(command, args, "deletes");
            case "chown", "chgrp" -> recursiveOnRoot(command, args, "changes the owner of");
            case "chmod" -> chmod(command, args);
            case "find" -> findDelete(command, args);
            default -> Optional.empty();
        };
        return byProgram.or(() -> blockDevice(command, args));
    }

    private static Optional<String> recursiveOnRoot(SimpleCommand command, List<String> args, String verb) {
        Flags flags = Flags.of(args);
        boolean recursive = flags.has('r') || flags.has('R') || flags.hasLong("--recursive")
                || flags.hasLong("--no-preserve-root");
        if (!recursive) {
            return Optional.empty();
        }
        return flags.operands().stream().filter(Targets::isRootLike).findFirst()
                .map(target -> "dangerous arguments: '" + line(command) + "' " + verb + " '" + target + "' recursively");
    }

    private static Optional<String> chmod(SimpleCommand command, List<String> args) {
        return args.stream().filter(a -> WORLD_WRITABLE_MODE.matcher(a).matches()).findFirst()
                .map(mode -> "dangerous arguments: '" + line(command) + "' makes files writable by everyone (mode " + mode + ")");
    }

    private static Optional<String> findDelete(SimpleCommand command, List<String> args) {
        if (!args.contains("-delete")) {
            return Optional.empty();
        }
        return args.stream().takeWhile(a -> !a.startsWith("-") && !a.equals("(") && !a.equals("!"))
                .filter(Targets::isRootLike).findFirst()
                .map(root -> "dangerous arguments: '" + line(command) + "' deletes everything under '" + root + "'");
    }

    /** Writing to a disk device destroys its file systems; only reading programs may name one. */
    private static Optional<String> blockDevice(SimpleCommand command, List<String> args) {
        for (Redirect redirect : command.redirects()) {
            if (redirect.writesFile() && Targets.isBlockDevice(redirect.target())) {
                return Optional.of("dangerous arguments: '" + line(command) + "' writes to block device '" + redirect.target() + "'");
            }
        }
        boolean reader = Programs.SAFE.contains(command.programName()) && !command.programName().equals("find");
        for (String arg : args) {
            String value = arg.startsWith("of=") ? arg.substring(3) : arg;
            if (Targets.isBlockDevice(value) && (!reader || arg.startsWith("of="))) {
                return Optional.of("dangerous arguments: '" + line(command) + "' writes to block device '" + value + "'");
            }
        }
        return Optional.empty();
    }

    private static String line(SimpleCommand command) {
        return String.join(" ", command.words());
    }
}
