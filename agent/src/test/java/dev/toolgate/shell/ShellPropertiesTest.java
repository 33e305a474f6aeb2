package dev.toolgate.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolgate.shell.ShellCheck.Verdict.Kind;
import dev.toolgate.testing.RandomCases;
import dev.toolgate.testing.RandomCases.Case;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ShellPropertiesTest {

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
    private static final String SHELLISH_CHARS = "ab $(){}[]<>|&;'\"`\\\n#=~*?,.-/0123456789:!";
    private static final String WORD_CHARS = "abcxyz-_./0189";
    private static final List<String> COMMAND_WORDS = List.of("ls", "rm", "grep", "git", "/bin/rm", "./x");

    private static Kind kind(String line) {
        return ShellCheck.check(CommandLine.parse(line), ShellPolicy.defaults(), c -> false).kind();
    }

    /** Any text: up to 255 characters of the whole of UTF-16 but surrogates, noncharacters and private use. */
    static Stream<Case<String>> anyText() {
        return RandomCases.seeded().cases(500, r -> r.anyString(255));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("anyText")
    void parse_never_throws(Case<String> c) {
        c.check(line -> {
            CommandLine parsed = CommandLine.parse(line);
            assertThat(parsed.commands()).isNotNull();
            ShellCheck.check(parsed, ShellPolicy.defaults(), cmd -> true);
        });
    }

    /** Up to 40 characters of shell syntax. */
    static Stream<Case<String>> shellish() {
        return RandomCases.seeded().cases(500, r -> r.string(0, 40, SHELLISH_CHARS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shellish")
    void parse_never_throws_on_shell_like_text(Case<String> c) {
        c.check(line -> ShellCheck.check(CommandLine.parse(line), ShellPolicy.defaults(), cmd -> false));
    }

    record Joined(String denied, String safe, String separator) {
        @Override
        public String toString() {
            return RandomCases.describe("denied", denied, "safe", safe, "separator", separator);
        }
    }

    static Stream<Case<Joined>> deniedAndSafe() {
        return RandomCases.seeded().cases(300, r -> new Joined(r.pick(DENIED), r.pick(SAFE), r.pick(SEPARATORS)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deniedAndSafe")
    void a_denied_part_denies_the_whole_line(Case<Joined> c) {
        c.check(j -> {
            assertThat(kind(j.safe())).isEqualTo(Kind.SAFE);
            assertThat(kind(j.denied() + j.separator() + j.safe())).isEqualTo(Kind.DENY);
            assertThat(kind(j.safe() + j.separator() + j.denied())).isEqualTo(Kind.DENY);
        });
    }

    record Wrapped(String command, List<String> chain) {
        @Override
        public String toString() {
            return RandomCases.describe("command", command, "chain", chain);
        }
    }

    /** A dangerous command behind zero to four wrappers, repeats allowed. */
    static Stream<Case<Wrapped>> wrappedDangerous() {
        return RandomCases.seeded().cases(300, r -> new Wrapped(
                r.pick(DANGEROUS_COMMANDS), r.list(0, 4, w -> w.pick(WRAPPERS))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wrappedDangerous")
    void wrapping_a_dangerous_command_keeps_it_denied(Case<Wrapped> c) {
        c.check(w -> {
            String line = w.chain().isEmpty() ? w.command() : String.join(" ", w.chain()) + " " + w.command();
            assertThat(kind(line)).isEqualTo(Kind.DENY);
        });
    }

    /**
     * One to six words, each half the time a command name, else one to eight of
     * {@value #WORD_CHARS} but not a lone {@code -}.
     */
    static Stream<Case<List<String>>> words() {
        return RandomCases.seeded().cases(300, r -> r.list(1, 6, w -> w.<String>oneOf(
                x -> x.pick(COMMAND_WORDS),
                x -> x.suchThat(y -> y.string(1, 8, WORD_CHARS), s -> !s.equals("-")))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("words")
    void single_quoting_each_word_keeps_the_words(Case<List<String>> c) {
        c.check(words -> {
            String plain = String.join(" ", words);
            String quoted = words.stream().map(w -> "'" + w + "'").collect(Collectors.joining(" "));
            assertThat(CommandLine.parse(quoted).commands()).isEqualTo(CommandLine.parse(plain).commands());
        });
    }
}
