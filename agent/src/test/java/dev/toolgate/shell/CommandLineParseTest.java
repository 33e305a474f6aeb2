package dev.toolgate.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CommandLineParseTest {

    /** Each command's words joined by spaces, commands joined by " ; ". */
    static String words(CommandLine line) {
        return line.commands().stream().map(c -> String.join(" ", c.words())).collect(Collectors.joining(" ; "));
    }

    static Stream<Arguments> quoting_yields_the_words_the_shell_runs() {
        return Stream.of(
                arguments("'rm' -rf /", "rm -rf /"),
                arguments("r\"\"m -rf /", "rm -rf /"),
                arguments("\\rm -rf /", "rm -rf /"),
                arguments("\"r\"'m' -rf /", "rm -rf /"),
                arguments("$'\\x72m' -rf /", "rm -rf /"),
                arguments("$'\\162m' -rf /", "rm -rf /"),
                arguments("echo 'a b'  \"c d\"", "echo a b c d"),
                arguments("echo \"a\\\"b\" 'x\\y'", "echo a\"b x\\y"),
                arguments("echo $HOME ${USER}", "echo $HOME ${USER}"),
                arguments("echo a\\ b", "echo a b"),
                arguments("ls \\\n -la", "ls -la"),
                arguments("{rm,-rf,/}", "rm -rf /"),
                arguments("{r..r}m -rf /", "rm -rf /"),
                arguments("echo '{a,b}' x{1,2}", "echo {a,b} x1 x2"),
                arguments("echo \"\" ''", "echo  "));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource
    void quoting_yields_the_words_the_shell_runs(String line, String expected) {
        CommandLine parsed = CommandLine.parse(line);
        assertThat(parsed.problem()).isEmpty();
        assertThat(words(parsed)).isEqualTo(expected);
    }

    static Stream<Arguments> every_separator_splits_commands() {
        return Stream.of(
                arguments("ls && rm x", "ls ; rm x"),
                arguments("ls || rm x", "ls ; rm x"),
                arguments("ls ; rm x", "ls ; rm x"),
                arguments("ls;rm x", "ls ; rm x"),
                arguments("ls | rm x", "ls ; rm x"),
                arguments("ls|&rm x", "ls ; rm x"),
                arguments("ls & rm x", "ls ; rm x"),
                arguments("ls&rm x", "ls ; rm x"),
                arguments("ls\nrm x", "ls ; rm x"),
                arguments("ls # && rm x", "ls"),
                arguments("ls #c\nrm x", "ls ; rm x"),
                arguments("echo a#b", "echo a#b"),
                arguments("echo '&&' \";\" \\|", "echo && ; |"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource
    void every_separator_splits_commands(String line, String expected) {
        assertThat(words(CommandLine.parse(line))).isEqualTo(expected);
    }

    static Stream<Arguments> compound_commands_count_their_inner_commands_not_keywords() {
        return Stream.of(
                arguments("(cd /tmp && rm x)", "cd /tmp ; rm x"),
                arguments("{ ls; rm x; }", "ls ; rm x"),
                arguments("if test -f a; then rm a; else echo no; fi", "test -f a ; rm a ; echo no"),
                arguments("for f in a b; do rm $f; done", "rm $f"),
                arguments("while true; do rm x; done", "true ; rm x"),
                arguments("until false; do ls; done", "false ; ls"),
                arguments("case $x in a|b) rm a;; *) ls;; esac", "rm a ; ls"),
                arguments("! grep x f", "grep x f"),
                arguments("echo if then fi", "echo if then fi"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource
    void compound_commands_count_their_inner_commands_not_keywords(String line, String expected) {
        CommandLine parsed = CommandLine.parse(line);
        assertThat(parsed.problem()).isEmpty();
        assertThat(words(parsed)).isEqualTo(expected);
    }

    static Stream<Arguments> scripts_run_by_other_commands_are_parsed_as_commands() {
        return Stream.of(
                arguments("sh -c 'ls && rm -rf /'", "ls ; rm -rf /"),
                arguments("bash -lc 'rm x'", "rm x"),
                arguments("/bin/bash -e -c 'rm x' name arg", "rm x"),
                arguments("zsh -ec 'rm x'", "rm x"),
                arguments("sh -c \"bash -c 'rm -rf /'\"", "rm -rf /"),
                arguments("bash -c -- 'rm x'", "rm x"),
                arguments("bash script.sh", "bash script.sh"),
                arguments("find . -exec rm -rf / \\;", "find . -exec rm -rf / ; ; rm -rf /"),
                arguments("find . -name '*.o' -execdir rm {} +", "find . -name *.o -execdir rm {} + ; rm {}"),
                arguments("find . -ok sh -c 'rm x' \\;", "find . -ok sh -c rm x ; ; rm x"),
                arguments("xargs rm -rf /", "rm -rf /"),
                arguments("xargs -I {} -n 1 -0 rm {}", "rm {}"),
                arguments("xargs -n1 sh -c 'rm x'", "rm x"),
                arguments("trap 'rm -rf /' EXIT", "trap rm -rf / EXIT ; rm -rf /"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource
    void scripts_run_by_other_commands_are_parsed_as_commands(String line, String expected) {
        CommandLine parsed = CommandLine.parse(line);
        assertThat(parsed.problem()).isEmpty();
        assertThat(words(parsed)).isEqualTo(expected);
    }

    static Stream<Arguments> wrappers_and_assignments_are_looked_through() {
        return Stream.of(
                arguments("sudo rm x", "rm x", List.of("sudo")),
                arguments("sudo -u root -E rm x", "rm x", List.of("sudo")),
                arguments("env -i -u HOME -- FOO=1 rm x", "rm x", List.of("env")),
                arguments("env FOO=1 BAR=2 rm x", "rm x", List.of("env")),
                arguments("env -S 'rm -rf /'", "rm -rf /", List.of("env")),
                arguments("timeout 5 rm x", "rm x", List.of("timeout")),
                arguments("timeout -s KILL -k 2 5s rm x", "rm x", List.of("timeout")),
                arguments("nice -n 10 rm x", "rm x", List.of("nice")),
                arguments("nice -5 rm x", "rm x", List.of("nice")),
                arguments("nohup rm x", "rm x", List.of("nohup")),
                arguments("time -p rm x", "rm x", List.of("time")),
                arguments("command -p rm x", "rm x", List.of("command")),
                arguments("builtin rm x", "rm x", List.of("builtin")),
                arguments("stdbuf -oL -e 0 rm x", "rm x", List.of("stdbuf")),
                arguments("/usr/bin/env rm x", "rm x", List.of("env")),
                arguments("FOO=1 BAR=\"a b\" rm x", "rm x", List.of()),
                arguments("sudo env FOO=1 timeout 5 rm x", "rm x", List.of("sudo", "env", "timeout")),
                arguments("nohup nice -n 5 xargs -P 4 rm", "rm", List.of("nohup", "nice", "xargs")),
                arguments("command -v rm", "command -v rm", List.of()),
                arguments("env", "env", List.of()),
                arguments("env FOO=1", "env FOO=1", List.of()),
                arguments("timeout 5", "timeout 5", List.of()),
                arguments("sudo", "sudo", List.of()));
    }

    @ParameterizedTest(name = "{0} -> {1} under {2}")
    @MethodSource
    void wrappers_and_assignments_are_looked_through(String line, String expected, List<String> wrappers) {
        CommandLine parsed = CommandLine.parse(line);
        assertThat(parsed.problem()).isEmpty();
        assertThat(parsed.commands()).hasSize(1);
        assertThat(String.join(" ", parsed.commands().get(0).words())).isEqualTo(expected);
        assertThat(parsed.commands().get(0).wrappers()).isEqualTo(wrappers);
    }

    static Stream<Arguments> redirections_are_recorded_and_not_words() {
        return Stream.of(
                arguments("ls > out", "ls", List.of(new Redirect(">", "out"))),
                arguments("ls >> out 2>&1", "ls", List.of(new Redirect(">>", "out"), new Redirect("2>&", "1"))),
                arguments("ls 2>/dev/null", "ls", List.of(new Redirect("2>", "/dev/null"))),
                arguments("ls &> out", "ls", List.of(new Redirect("&>", "out"))),
                arguments("ls &>>out", "ls", List.of(new Redirect("&>>", "out"))),
                arguments("ls >| out", "ls", List.of(new Redirect(">|", "out"))),
                arguments("sort < in", "sort", List.of(new Redirect("<", "in"))),
                arguments("cat 3<&0", "cat", List.of(new Redirect("3<&", "0"))),
                arguments("cat <<< 'hi there'", "cat", List.of(new Redirect("<<<", "hi there"))),
                arguments("cat <<EOF\n$(rm x) `id`\nEOF\n", "cat", List.of(new Redirect("<<", "EOF"))),
                arguments("cat <<'EOF' > f\n$(id)\nEOF\nls", "cat ; ls",
                        List.of(new Redirect("<<", "EOF"), new Redirect(">", "f"))),
                arguments("cat <<-END\n\tline\n\tEND\n", "cat", List.of(new Redirect("<<-", "END"))),
                arguments("echo a>b", "echo a", List.of(new Redirect(">", "b"))),
                arguments("sh -c 'ls' > out", "ls", List.of(new Redirect(">", "out"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void redirections_are_recorded_and_not_words(String line, String expected, List<Redirect> redirects) {
        CommandLine parsed = CommandLine.parse(line);
        if (line.contains("$(rm")) {
            assertThat(parsed.problem()).contains("command substitution");
        } else {
            assertThat(parsed.problem()).isEmpty();
        }
        assertThat(words(parsed)).isEqualTo(expected);
        assertThat(parsed.commands().get(0).redirects()).isEqualTo(redirects);
    }

    static Stream<Arguments> lines_that_cannot_be_judged_have_a_problem() {
        return Stream.of(
                arguments("echo $(id)", "command substitution"),
                arguments("echo \"$(id)\"", "command substitution"),
                arguments("echo `id`", "command substitution"),
                arguments("echo \"`id`\"", "command substitution"),
                arguments("$(echo rm) -rf /", "command substitution"),
                arguments("X=$(id) ls", "command substitution"),
                arguments("echo ${x:-$(id)}", "command substitution"),
                arguments("diff <(ls a) <(ls b)", "process substitution"),
                arguments("tee >(rm x)", "process substitution"),
                arguments("echo $((1+2))", "arithmetic expansion"),
                arguments("cat <<EOF\n`id`\nEOF", "command substitution"),
                arguments("eval ls", "eval"),
                arguments("sudo eval ls", "eval"),
                arguments("sh -c 'eval ls'", "eval"),
                arguments("", "empty command"),
                arguments("   ", "empty command"),
                arguments(";;", "empty command"),
                arguments("&& ;", "empty command"),
                arguments("# only a comment", "empty command"),
                arguments("bash", "bare shell"),
                arguments("sh -l", "bare shell"),
                arguments("bash -s arg", "bare shell"),
                arguments("bash -c", "bare shell"),
                arguments("ls | sudo zsh", "bare shell"),
                arguments("echo 'abc", "unterminated quote"),
                arguments("echo \"abc", "unterminated quote"),
                arguments("echo $'abc", "unterminated quote"),
                arguments("cat <<EOF\nno end", "unterminated here-document"),
                arguments("f() { ls; }", "function definition"),
                arguments("function f { ls; }", "function definition"),
                arguments(":(){ :|:& };:", "function definition"),
                arguments("ls >", "redirection without a target"),
                arguments("echo x{1..100000}", "brace expansion too large"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource
    void lines_that_cannot_be_judged_have_a_problem(String line, String problem) {
        assertThat(CommandLine.parse(line).problem()).contains(problem);
    }

    static Stream<String> quoted_look_alikes_are_not_problems() {
        return Stream.of("echo '$(id)'", "echo '`id`'", "echo \\$(id)", "echo \\`id\\`", "grep '<(' f",
                "echo 'eval'", "echo eval", "printf '%s\\n' '$((1))'", "echo '{a,b}'", "cat <<'EOF'\n$(id)\nEOF\n");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void quoted_look_alikes_are_not_problems(String line) {
        assertThat(CommandLine.parse(line).problem()).isEmpty();
    }

    @Test
    void program_name_is_the_base_name_of_a_path() {
        assertThat(CommandLine.parse("/bin/rm x").commands().get(0).programName()).isEqualTo("rm");
        assertThat(CommandLine.parse("./rm x").commands().get(0).programName()).isEqualTo("rm");
        assertThat(CommandLine.parse("/bin/rm x").commands().get(0).program()).isEqualTo("/bin/rm");
        assertThat(CommandLine.parse("FOO=1").commands().get(0).program()).isEmpty();
    }

    @Test
    void parse_keeps_the_original_text() {
        assertThat(CommandLine.parse("ls  -la").text()).isEqualTo("ls  -la");
        assertThat(CommandLine.parse(null).problem()).contains("empty command");
    }

    static Stream<Arguments> argv_words_are_exact_except_for_a_shell_script() {
        return Stream.of(
                arguments(List.of("echo", "$(id)"), "echo $(id)", null),
                arguments(List.of("ls", "a b"), "ls a b", null),
                arguments(List.of("/bin/sh", "-c", "ls && rm -rf /"), "ls ; rm -rf /", null),
                arguments(List.of("bash", "-lc", "rm x"), "rm x", null),
                arguments(List.of("sudo", "bash", "-c", "rm x"), "rm x", null),
                arguments(List.of("bash", "-c", "echo $(id)"), "echo $(id)", "command substitution"),
                arguments(List.of("bash"), "bash", "bare shell"),
                arguments(List.of("bash", "-l"), "bash -l", "bare shell"),
                arguments(List.of(), "", "empty command"),
                arguments(List.of(""), "", "empty command"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource
    void argv_words_are_exact_except_for_a_shell_script(List<String> argv, String expected, String problem) {
        CommandLine line = CommandLine.fromArgv(argv);
        assertThat(words(line)).isEqualTo(expected);
        assertThat(line.problem().orElse(null)).isEqualTo(problem);
    }

    @Test
    void commands_inside_sh_c_keep_the_outer_wrappers() {
        CommandLine line = CommandLine.parse("sudo sh -c 'timeout 5 rm x'");
        assertThat(line.commands()).singleElement().satisfies(c -> {
            assertThat(c.words()).containsExactly("rm", "x");
            assertThat(c.wrappers()).containsExactly("sudo", "timeout");
        });
    }

    @Test
    void deep_sh_c_nesting_is_a_problem() {
        String line = "ls";
        for (int k = 0; k < 12; k++) {
            line = "sh -c " + "'" + line.replace("'", "'\\''") + "'";
        }
        assertThat(CommandLine.parse(line).problem()).contains("shell commands nested too deeply");
    }
}
