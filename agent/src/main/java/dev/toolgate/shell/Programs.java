package dev.toolgate.shell;

import java.util.Set;

/** The default lists of programs the shell checks know by name. */
final class Programs {

    /** Shells whose {@code -c SCRIPT} is parsed as a command line of its own. */
    static final Set<String> SHELLS = Set.of("sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "ash", "csh", "tcsh");

    /**
     * Interactive programs (they hang a tool that has no terminal), privilege changes and
     * system administration. Includes every entry of the original agent's blacklist.
     */
    static final Set<String> DANGEROUS = Set.of(
            // editors, pagers and other full-screen programs
            "vi", "vim", "nvim", "view", "vimdiff", "nano", "emacs", "pico", "ed", "joe", "mcedit",
            "less", "more", "most", "man", "info", "top", "htop", "btop", "atop", "watch",
            "tmux", "screen", "mc", "ranger", "nnn",
            // privilege
            "sudo", "su", "doas", "pkexec", "sudoedit", "runuser",
            // system and disks
            "shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl", "service",
            "mkfs", "mke2fs", "mkswap", "dd", "fdisk", "sfdisk", "cfdisk", "gdisk", "parted",
            "mount", "umount", "wipefs", "shred", "blkdiscard", "swapon", "swapoff",
            "passwd", "chpasswd", "useradd", "userdel", "usermod", "groupadd", "groupdel", "visudo",
            "crontab", "chroot", "insmod", "rmmod", "modprobe", "iptables", "ip6tables", "nft",
            // replaces the shell process, so nothing after it is checked
            "exec");

    /** Programs whose job is to talk to the network. */
    static final Set<String> NETWORK = Set.of(
            "curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "ssh", "scp", "sftp", "ftp",
            "rsync", "aria2c", "http", "https", "xh", "nmap", "ping", "ping6", "tftp", "lftp", "mosh");

    /** Read-only programs, safe with any arguments not rejected by {@link ReadOnlyCommands}. */
    static final Set<String> SAFE = Set.of(
            "ls", "cat", "grep", "egrep", "fgrep", "rg", "wc", "head", "tail", "pwd", "echo", "printf",
            "true", "false", "which", "whoami", "id", "date", "uname", "hostname", "file", "stat", "du", "df",
            "sort", "uniq", "cut", "tr", "diff", "cmp", "basename", "dirname", "realpath", "readlink",
            "tree", "nl", "seq", "find", "git", "env", "printenv", "jq", "sleep");

    /** Wrappers that do not change what a read-only command can do. */
    static final Set<String> SAFE_WRAPPERS = Set.of("timeout", "nice", "command", "builtin", "stdbuf");

    private Programs() {
    }

    static boolean isDangerous(String name, Set<String> extra) {
        return DANGEROUS.contains(name) || name.startsWith("mkfs.") || extra.contains(name);
    }
}
