package dev.toolgate.sample;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScriptParserTest {

    @Test
    void reads_thought_tool_and_arguments_trimmed() {
        List<ScriptStep> steps = ScriptParser.parse("Look around. | run_bash |  ls -l  \n", "s.txt");

        assertThat(steps).containsExactly(new ScriptStep(1, "Look around.", "run_bash", List.of("ls -l")));
    }

    @Test
    void accepts_a_step_without_arguments() {
        assertThat(ScriptParser.parse("Think. | ask_user", "s.txt").get(0).arguments()).isEmpty();
    }

    @Test
    void skips_blank_lines_and_comments_but_keeps_line_numbers() {
        List<ScriptStep> steps = ScriptParser.parse("# a comment\n\n  \nFind. | search_papers | x\r\n# end\n", "s.txt");

        assertThat(steps).extracting(ScriptStep::line).containsExactly(4);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = ';', value = {
            "ls \\| wc -l;           ls | wc -l",
            "a\\nb;                  'a\nb'",
            "C:\\\\tmp;              C:\\tmp",
            "grep \\d file;          grep \\d file",
            "ends with backslash\\;  ends with backslash\\"})
    void unescapes_bars_newlines_and_backslashes(String written, String argument) {
        ScriptStep step = ScriptParser.parse("t | run_bash | " + written, "s.txt").get(0);

        assertThat(step.arguments()).containsExactly(argument);
    }

    @Test
    void keeps_an_escaped_newline_at_the_end_of_a_field() {
        assertThat(ScriptParser.parse("t | file_write | a.md | line\\n  ", "s.txt").get(0).arguments())
                .containsExactly("a.md", "line\n");
    }

    @Test
    void keeps_empty_fields_as_empty_arguments() {
        assertThat(ScriptParser.parse("t | file_write | a.md |", "s.txt").get(0).arguments())
                .containsExactly("a.md", "");
    }

    @Test
    void names_file_and_line_when_the_tool_is_missing() {
        assertThatThrownBy(() -> ScriptParser.parse("# c\njust a thought\n", "my.txt"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("my.txt:2: ");
    }

    @Test
    void rejects_a_tool_name_with_spaces() {
        assertThatThrownBy(() -> ScriptParser.parse("t | run bash | ls", "my.txt"))
                .hasMessageContaining("my.txt:1: 'run bash' is not a tool name");
    }

    @Test
    void fills_placeholders_in_thought_and_arguments() {
        ScriptStep step = ScriptParser.parse("Survey {task}. | file_write | {workspace}/a.md | # {task}", "s.txt").get(0);

        ScriptStep resolved = step.resolve(Map.of("workspace", "ws", "task", "clouds"));

        assertThat(resolved.thought()).isEqualTo("Survey clouds.");
        assertThat(resolved.arguments()).containsExactly("ws/a.md", "# clouds");
    }

    @Test
    void the_built_in_scripts_parse() throws Exception {
        for (String name : List.of("/script.txt", "/subagent.txt")) {
            try (var in = getClass().getResourceAsStream(name)) {
                assertThat(in).as(name).isNotNull();
                assertThat(ScriptParser.parse(new String(in.readAllBytes(), "UTF-8"), name)).isNotEmpty();
            }
        }
    }
}
