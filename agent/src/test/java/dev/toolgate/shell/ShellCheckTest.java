package dev.toolgate.shell;

import static dev.toolgate.shell.ShellCheck.Verdict.Kind.DENY;
import static dev.toolgate.shell.ShellCheck.Verdict.Kind.SAFE;
import static dev.toolgate.shell.ShellCheck.Verdict.Kind.UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.toolgate.shell.ShellCheck.Verdict;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ShellCheckTest {

    private static final ShellPolicy DEFAULTS = ShellPolicy.defaults();

    static Verdict check(String line) {
        return ShellCheck.check(CommandLine.parse(line), DEFAULTS, c -> false);
    }

    static Stream<Arguments> dangerous_lines_are_denied_with_a_reason() {
        return Stream.of(
                // problems of the line itself
                arguments("echo $(id)", "command substitution"),
                arguments("ls `pwd`", "command substitution"),
                arguments("cat <(ls)", "process substitution"),
                arguments("eval 'rm x'", "eval"),
                arguments("", "empty command"),
                arguments("bash", "bare shell"),
                arguments("ls | sh", "bare shell"),
                arguments("echo 'unterminated", "unterminated quote"),
                // fork bombs and other functions
                arguments(":(){ :|:& };:", "function definition"),
                arguments("bomb(){ bomb|bomb& }; bomb", "function definition"),
                arguments("function f { f | f & }; f", "function definition"),
                // interactive programs
                arguments("vi a.txt", "dangerous command 'vi'"),
                arguments("vim a.txt", "dangerous command 'vim'"),
                arguments("nvim a.txt", "dangerous command 'nvim'"),
                arguments("nano a.txt", "dangerous command 'nano'"),
                arguments("emacs a.txt", "dangerous command 'emacs'"),
                arguments("pico a.txt", "dangerous command 'pico'"),
                arguments("cat a | less", "dangerous command 'less'"),
                arguments("more a", "dangerous command 'more'"),
                arguments("man ls", "dangerous command 'man'"),
                arguments("top", "dangerous command 'top'"),
                arguments("htop", "dangerous command 'htop'"),
                arguments("watch ls", "dangerous command 'watch'"),
                arguments("tmux new", "dangerous command 'tmux'"),
                arguments("screen -S x", "dangerous command 'screen'"),
                // privilege
                arguments("sudo ls", "dangerous command 'sudo'"),
                arguments("sudo -u root -E timeout 5 ls", "dangerous command 'sudo'"),
                arguments("su -c ls", "dangerous command 'su'"),
                arguments("doas ls", "dangerous command 'doas'"),
                arguments("pkexec ls", "dangerous command 'pkexec'"),
                arguments("sh -c 'sudo ls'", "dangerous command 'sudo'"),
                // system
                arguments("shutdown -h now", "dangerous command 'shutdown'"),
                arguments("reboot", "dangerous command 'reboot'"),
                arguments("halt", "dangerous command 'halt'"),
                arguments("poweroff", "dangerous command 'poweroff'"),
                arguments("systemctl stop sshd", "dangerous command 'systemctl'"),
                arguments("mkfs -t ext4 /dev/sdb1", "dangerous command 'mkfs'"),
                arguments("mkfs.ext4 /dev/sdb1", "dangerous command 'mkfs.ext4'"),
                arguments("dd if=/dev/zero of=x bs=1M", "dangerous command 'dd'"),
                arguments("fdisk -l", "dangerous command 'fdisk'"),
                arguments("parted /dev/sda print", "dangerous command 'parted'"),
                arguments("mount /dev/sdb1 /mnt", "dangerous command 'mount'"),
                arguments("umount /mnt", "dangerous command 'umount'"),
                arguments("wipefs -a /dev/sdb", "dangerous command 'wipefs'"),
                arguments("shred -u secret", "dangerous command 'shred'"),
                arguments("passwd", "dangerous command 'passwd'"),
                arguments("crontab -e", "dangerous command 'crontab'"),
                arguments("chroot /srv/jail", "dangerous command 'chroot'"),
                arguments("modprobe evil", "dangerous command 'modprobe'"),
                arguments("iptables -F", "dangerous command 'iptables'"),
                arguments("exec rm x", "dangerous command 'exec'"),
                arguments("/usr/bin/vim a", "dangerous command 'vim'"),
                arguments("ls && \\vim a", "dangerous command 'vim'"),
                // rm -rf / in every spelling
                arguments("rm -rf /", "deletes '/' recursively"),
                arguments("rm -fr /", "deletes '/' recursively"),
                arguments("rm -r -f /", "deletes '/' recursively"),
                arguments("rm -Rf /", "deletes '/' recursively"),
                arguments("rm -rfv /", "deletes '/' recursively"),
                arguments("rm --recursive --force /", "deletes '/' recursively"),
                arguments("rm -rf --no-preserve-root /", "deletes '/' recursively"),
                arguments("rm --no-preserve-root /", "deletes '/' recursively"),
                arguments("rm -rf -- /", "deletes '/' recursively"),
                arguments("rm -rf /*", "deletes '/*' recursively"),
                arguments("rm -rf //", "deletes '//' recursively"),
                arguments("rm -rf /.", "deletes '/.' recursively"),
                arguments("rm -rf /..", "deletes '/..' recursively"),
                arguments("rm -rf ~", "deletes '~' recursively"),
                arguments("rm -rf ~/", "deletes '~/' recursively"),
                arguments("rm -rf $HOME", "deletes '$HOME' recursively"),
                arguments("rm -rf \"${HOME}\"", "deletes '${HOME}' recursively"),
                arguments("rm -rf /usr", "deletes '/usr' recursively"),
                arguments("rm -rf /etc/", "deletes '/etc/' recursively"),
                arguments("rm -rf /home/*", "deletes '/home/*' recursively"),
                arguments("rm -rf /var /boot", "deletes '/var' recursively"),
                arguments("rm -rf x /lib", "deletes '/lib' recursively"),
                arguments("rm -rf /usr/../", "deletes '/usr/../' recursively"),
                arguments("/bin/rm -rf /", "deletes '/' recursively"),
                arguments("'rm' -rf /", "deletes '/' recursively"),
                arguments("r\"\"m -rf /", "deletes '/' recursively"),
                arguments("\\rm -rf /", "deletes '/' recursively"),
                arguments("\"r\"'m' -rf /", "deletes '/' recursively"),
                arguments("{rm,-rf,/}", "deletes '/' recursively"),
                arguments("$'\\x72\\x6d' -rf /", "deletes '/' recursively"),
                arguments("timeout 5 nice rm -rf /", "deletes '/' recursively"),
                arguments("FOO=1 rm -rf /", "deletes '/' recursively"),
                arguments("ls && rm -rf /", "deletes '/' recursively"),
                arguments("sh -c \"bash -c 'rm -rf /'\"", "deletes '/' recursively"),
                arguments("find . -exec rm -rf / \\;", "deletes '/' recursively"),
                arguments("echo / | xargs rm -rf /", "deletes '/' recursively"),
                arguments("env -S 'rm -rf /'", "deletes '/' recursively"),
                arguments("trap 'rm -rf /' EXIT", "deletes '/' recursively"),
                // other dangerous arguments
                arguments("chown -R me /", "changes the owner of '/' recursively"),
                arguments("find / -delete", "deletes everything under '/'"),
                arguments("chmod 777 a", "mode 777"),
                arguments("chmod -R 0777 .", "mode 0777"),
                arguments("chmod a+rwx a", "mode a+rwx"),
                arguments("chmod ugo+rwx a", "mode ugo+rwx"),
                arguments("echo x > /dev/sda", "writes to block device '/dev/sda'"),
                arguments("cat img >> /dev/nvme0n1", "writes to block device '/dev/nvme0n1'"),
                arguments("cp disk.img /dev/mmcblk0", "writes to block device '/dev/mmcblk0'"),
                arguments("tee /dev/mapper/root < x", "writes to block device '/dev/mapper/root'"),
                arguments("busybox dd of=/dev/xvda", "writes to block device '/dev/xvda'"),
                arguments("cat x 1>//dev//vdb", "writes to block device '//dev//vdb'"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource
    void dangerous_lines_are_denied_with_a_reason(String line, String reason) {
        Verdict verdict = check(line);
        assertThat(verdict.kind()).isEqualTo(DENY);
        assertThat(verdict.reason()).contains(reason);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "ls", "ls -la", "cat a.txt", "grep -rn foo src", "rg foo", "wc -l a", "head -n 5 a", "tail -n 5 a",
            "pwd", "echo hi", "printf '%s' x", "true", "which java", "whoami", "id", "date", "uname -a",
            "hostname", "file a", "stat a", "du -sh .", "df -h", "sort a", "uniq a", "cut -d: -f1 a",
            "tr a-z A-Z", "diff a b", "cmp a b", "basename /a/b", "dirname /a/b", "realpath .", "readlink -f x",
            "tree src", "nl a", "seq 3", "find . -name '*.java'", "git status", "git log --oneline",
            "git diff HEAD~1", "git show HEAD", "git branch", "git branch -a", "git rev-parse HEAD",
            "git ls-files", "env", "printenv PATH", "ls 2>/dev/null", "ls > /dev/null 2>&1", "ls >&2",
            "ls | grep x | wc -l", "cat < in.txt", "ls && pwd || echo no; date", "timeout 5 ls", "nice ls",
            "(ls; pwd)", "{ ls; }", "sh -c 'ls && pwd'", "bash -lc 'git status'", "cat <<EOF\nhi\nEOF\n",
            "grep 'rm -rf /' notes.txt", "echo \"sudo is dangerous\"", "grep -c '$(x)' f", "echo '`id`'",
            "ls # && rm -rf /", "cat /dev/sda"})
    void read_only_lines_are_safe(String line) {
        assertThat(check(line)).isEqualTo(check(line)).extracting(Verdict::kind).isEqualTo(SAFE);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "ls > out.txt", "ls >> out.txt", "echo hi &> log", "cat a >| b", "ls 2> err.log", "ls >&out",
            "python script.py", "mvn test", "rm a", "rm -rf build", "rm -rf .", "rm -f /", "rm -rf /usr/local/app",
            "chmod 755 a", "chown me a", "sed -i s/a/b/ f", "awk '{print}' f", "tee out", "tail -f log",
            "sort -o out a", "find . -delete", "find . -exec ls \\;", "git push", "git commit -m x",
            "git branch -D main", "git -c x=y status", "git diff --output=x", "date -s now", "hostname evil",
            "uniq in out", "env FOO=1 ls", "FOO=1 ls", "LD_PRELOAD=x.so cat a", "PATH=/tmp; ls", "xargs ls",
            "nohup ls", "time ls", "> file", "bash script.sh", "$CMD x", "/???/r? x", "command -v ls",
            "git push --force", "kill 1"})
    void lines_that_are_neither_denied_nor_read_only_are_unknown(String line) {
        assertThat(check(line).kind()).isEqualTo(UNKNOWN);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"curl https://x.io", "wget x", "nc -l 80", "ncat x 1", "netcat x 1", "socat - x",
            "telnet x", "ssh host ls", "scp a host:b", "sftp host", "ftp host", "rsync a host:b", "aria2c x",
            "http GET x", "https x", "nmap x", "ping -c1 x", "ls && curl x", "timeout 5 curl x",
            "sh -c 'wget x'", "/usr/bin/curl x"})
    void network_programs_are_denied_while_network_is_blocked(String line) {
        Verdict verdict = check(line);
        assertThat(verdict.kind()).isEqualTo(DENY);
        assertThat(verdict.reason()).startsWith("network program '").contains("is blocked (shell.blockNetwork)")
                .contains("allow it with a rule such as Exec(");
    }

    @Test
    void network_denial_names_the_program_and_the_rule_to_write() {
        assertThat(check("curl -s x").reason()).isEqualTo(
                "network program 'curl' is blocked (shell.blockNetwork); allow it with a rule such as Exec(curl:*)");
    }

    @Test
    void network_program_named_by_an_allow_rule_is_left_to_the_rules() {
        CommandPattern allowed = CommandPattern.parse("curl https://api.example.com/*");
        Verdict verdict = ShellCheck.check(CommandLine.parse("curl https://api.example.com/v1"), DEFAULTS, allowed::matches);
        assertThat(verdict.kind()).isEqualTo(UNKNOWN);
        Verdict other = ShellCheck.check(CommandLine.parse("curl https://evil.example/"), DEFAULTS, allowed::matches);
        assertThat(other.kind()).isEqualTo(DENY);
    }

    @Test
    void network_programs_are_unknown_when_network_is_not_blocked() {
        ShellPolicy open = new ShellPolicy(Set.of(), Set.of(), false);
        assertThat(ShellCheck.check(CommandLine.parse("curl x"), open, c -> false).kind()).isEqualTo(UNKNOWN);
        assertThat(ShellCheck.check(CommandLine.parse("curl x && rm -rf /"), open, c -> false).kind()).isEqualTo(DENY);
    }

    @Test
    void policy_adds_safe_and_dangerous_programs() {
        ShellPolicy policy = new ShellPolicy(Set.of("mvn"), Set.of("terraform"), true);
        assertThat(ShellCheck.check(CommandLine.parse("mvn -q test"), policy, c -> false).kind()).isEqualTo(SAFE);
        assertThat(ShellCheck.check(CommandLine.parse("mvn test > log"), policy, c -> false).kind()).isEqualTo(UNKNOWN);
        Verdict denied = ShellCheck.check(CommandLine.parse("ls; terraform destroy"), policy, c -> false);
        assertThat(denied).isEqualTo(new Verdict(DENY, "dangerous command 'terraform'"));
    }

    static Stream<Arguments> process_argv_is_checked_without_shell_parsing() {
        return Stream.of(
                arguments(List.of("/bin/sh", "-c", "ls && rm -rf /"), DENY),
                arguments(List.of("rm", "-rf", "/"), DENY),
                arguments(List.of("bash"), DENY),
                arguments(List.of("ls", "-la"), SAFE),
                arguments(List.of("echo", "$(id)"), SAFE),
                arguments(List.of("echo", "a > b"), SAFE),
                arguments(List.of("bash", "-lc", "git status"), SAFE),
                arguments(List.of("/usr/bin/sudo", "ls"), DENY),
                arguments(List.of("curl", "x"), DENY),
                arguments(List.of("java", "-jar", "x.jar"), UNKNOWN));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource
    void process_argv_is_checked_without_shell_parsing(List<String> argv, Verdict.Kind kind) {
        assertThat(ShellCheck.check(CommandLine.fromArgv(argv), DEFAULTS, c -> false).kind()).isEqualTo(kind);
    }

    @Test
    void bare_shell_from_argv_is_denied_as_bare_shell() {
        assertThat(ShellCheck.check(CommandLine.fromArgv(List.of("bash")), DEFAULTS, c -> false))
                .isEqualTo(new Verdict(DENY, "bare shell"));
    }

    @Test
    void unknown_verdict_says_which_command_is_not_read_only() {
        assertThat(check("ls && python x.py").reason()).isEqualTo("'python x.py' is not a known read-only command");
        assertThat(check("ls > out").reason()).isEqualTo("'ls' writes to 'out'");
    }

    @Test
    void is_network_program_knows_the_default_list() {
        assertThat(ShellCheck.isNetworkProgram("curl")).isTrue();
        assertThat(ShellCheck.isNetworkProgram("ls")).isFalse();
    }
}
