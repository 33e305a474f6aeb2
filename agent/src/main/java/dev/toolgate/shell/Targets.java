package dev.toolgate.shell;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/** Recognises arguments that name the whole system: the root, a home directory, top-level system folders, disks. */
final class Targets {

    private static final Set<String> SYSTEM_DIRS = Set.of(
            "bin", "sbin", "usr", "etc", "home", "var", "boot", "lib", "lib32", "lib64", "opt", "root",
            "sys", "proc", "dev", "srv", "mnt", "media", "snap", "Users", "System", "Library", "Applications");

    private static final List<String> BLOCK_DEVICES = List.of(
            "/dev/sd", "/dev/hd", "/dev/nvme", "/dev/xvd", "/dev/vd", "/dev/mmcblk", "/dev/disk",
            "/dev/mapper/", "/dev/md", "/dev/dm-", "/dev/loop", "/dev/sr", "/dev/rdisk");

    private Targets() {
    }

    /**
     * True for {@code /}, {@code /*}, {@code //}, {@code /.}, {@code /..}, {@code ~}, {@code $HOME}
     * and top-level system folders such as {@code /usr} or {@code /etc/*}.
     */
    static boolean isRootLike(String target) {
        String home = homeRest(target);
        if (home != null) {
            List<String> rest = normalise(home);
            return rest.isEmpty() || rest.size() == 1 && isWildcard(rest.get(0));
        }
        if (!target.startsWith("/")) {
            return false;
        }
        List<String> segments = normalise(target);
        if (segments.isEmpty()) {
            return true;
        }
        String first = segments.get(0);
        if (segments.size() == 1) {
            return isWildcard(first) || SYSTEM_DIRS.contains(first);
        }
        return segments.size() == 2 && SYSTEM_DIRS.contains(first) && isWildcard(segments.get(1));
    }

    static boolean isBlockDevice(String target) {
        if (!target.startsWith("/")) {
            return false;
        }
        String path = "/" + String.join("/", normalise(target));
        return BLOCK_DEVICES.stream().anyMatch(path::startsWith);
    }

    /** What follows the home directory in {@code ~/x}, {@code $HOME/x} or {@code ${HOME}}, or null. */
    private static String homeRest(String target) {
        for (String home : List.of("~", "$HOME", "${HOME}")) {
            if (target.equals(home)) {
                return "";
            }
            if (target.startsWith(home + "/")) {
                return target.substring(home.length());
            }
        }
        return null;
    }

    private static boolean isWildcard(String segment) {
        return segment.contains("*") || segment.contains("?") || segment.contains("[");
    }

    /** Path segments after resolving {@code .} and {@code ..} and collapsing repeated slashes. */
    private static List<String> normalise(String path) {
        Deque<String> stack = new ArrayDeque<>();
        for (String segment : path.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                stack.pollLast();
            } else {
                stack.addLast(segment);
            }
        }
        return List.copyOf(stack);
    }
}
