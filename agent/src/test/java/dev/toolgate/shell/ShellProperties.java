package dev.toolgate.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolgate.shell.ShellCheck.Verdict.Kind;
import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ShellProperties {

    private static final List<String> DENIED = List.of(
            "rm -rf /", "sudo ls", "vim x", "echo $(id)", "curl x", ":(){ :|:& };:", "chmod 777 a",
            "eval x", "bash", "dd of=/dev/sda", "rm --recursive --force ~", "echo `id`");
    private static final List<String> SAFE = List.of(
            "ls", "cat a", "git status", "echo hi", "grep -r x .", "wc -l a 2>/dev/null", "find . -name x");
    private static final List<String> SEPARATORS = List.of(" && ", " ; ", " | ", " || ", " & ", "\n", ";", "|&");
    private static final List<String> WRAPPERS = List.of(
            "sudo", "env", "env -i", "env FOO=1", "timeout 5", "timeout -s KILL 1m", "nice", "nice -n 5", "nohup",
            "time", "time -p", "command", "builtin", "stdbuf -oL", "xargs", "xargs -n 1", "FOO=bar");
    private static final List<String> DANGEROUS_COMMANDS = List.of(
            "rm -rf /", "rm -fr ~", "vim x", "shutdown now", "chmod -R 777 .", "dd if=a of=b", "mkfs.ext4 x",
            "curl x", "su", "cat x > /dev/sda");

    private static Kind kind(String line) {
        return ShellCheck.check(CommandLine.parse(line), ShellPolicy.defaults(), c -> false).kind();
    }

    @Property(tries = 500)
    void parse_never_throws(@ForAll String line) {
        CommandLine parsed = CommandLine.parse(line);
        assertThat(parsed.commands()).isNotNull();
        ShellCheck.check(parsed, ShellPolicy.defaults(), c -> true);
    }

    @Property(tries = 500)
    void parse_never_throws_on_shell_like_text(@ForAll("shellish") String line) {
        ShellCheck.check(CommandLine.parse(line), ShellPolicy.defaults(), c -> false);
    }

    @Provide
    Arbitrary<String> shellish() {
        return Arbitraries.strings().withChars("ab $(){}[]<>|&;'\"`\\\n#=~*?,.-/0123456789:!").ofMaxLength(40);
    }

    @Property(tries = 300)
    void a_denied_part_denies_the_whole_line(@ForAll("denied") String denied, @ForAll("safe") String safe,
                                              @ForAll("separators") String separator) {
        assertThat(kind(safe)).isEqualTo(Kind.SAFE);
        assertThat(kind(denied + separator + safe)).isEqualTo(Kind.DENY);
        assertThat(kind(safe + separator + denied)).isEqualTo(Kind.DENY);
    }

    @Property(tries = 300)
    void wrapping_a_dangerous_command_keeps_it_denied(@ForAll("dangerous") String command,
                                                       @ForAll("chains") List<String> chain) {
        String line = chain.isEmpty() ? command : String.join(" ", chain) + " " + command;
        assertThat(kind(line)).isEqualTo(Kind.DENY);
    }

    @Property(tries = 300)
    void single_quoting_each_word_keeps_the_words(@ForAll("words") List<String> words) {
        String plain = String.join(" ", words);
        String quoted = words.stream().map(w -> "'" + w + "'").collect(Collectors.joining(" "));
        assertThat(CommandLine.parse(quoted).commands()).isEqualTo(CommandLine.parse(plain).commands());
    }

    @Provide
    Arbitrary<List<String>> words() {
        Arbitrary<String> word = Arbitraries.strings().withChars("abcxyz-_./0189").ofMinLength(1).ofMaxLength(8)
                .filter(w -> !w.equals("-"));
        return Arbitraries.oneOf(Arbitraries.of("ls", "rm", "grep", "git", "/bin/rm", "./x"), word)
                .list().ofMinSize(1).ofMaxSize(6);
    }

    @Provide
    Arbitrary<String> denied() {
        return Arbitraries.of(DENIED);
    }

    @Provide
    Arbitrary<String> safe() {
        return Arbitraries.of(SAFE);
    }

    @Provide
    Arbitrary<String> separators() {
        return Arbitraries.of(SEPARATORS);
    }

    @Provide
    Arbitrary<List<String>> chains() {
        return Arbitraries.of(WRAPPERS).list().ofMaxSize(4);
    }

    @Provide
    Arbitrary<String> dangerous() {
        return Arbitraries.of(DANGEROUS_COMMANDS);
    }
}
