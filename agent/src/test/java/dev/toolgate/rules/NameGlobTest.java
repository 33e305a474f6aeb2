package dev.toolgate.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NameGlobTest {

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            *            | Bash                 | true
            *            | ''                   | true
            *            | mcp__github__x       | true
            mcp__*       | mcp__github__create  | true
            mcp__*       | mcp__                | true
            mcp__*       | mcp_github           | false
            mcp__*       | MCP__github          | false
            mcp__*       | xmcp__github         | false
            read_*_file  | read_text_file       | true
            read_*_file  | read__file           | true
            read_*_file  | read_file            | false
            read_*_file  | read_text_file_x     | false
            read_*_file  | Read_text_file       | false
            *_file       | write_file           | true
            *_file       | write_files          | false
            a*b*c        | abc                  | true
            a*b*c        | aXXbYYc              | true
            a*b*c        | acb                  | false
            a*b*c        | abcb                 | false
            a*b*c        | abcbc                | true
            a*a          | a                    | false
            a*a          | aa                   | true
            Bash         | Bash                 | true
            Bash         | bash                 | false
            Bash         | Bashx                | false
            Bash         | xBash                | false
            my.tool-1    | my.tool-1            | true
            my.tool-1    | myXtool-1            | false
            """)
    void matches_star_as_any_run_and_everything_else_literally(String glob, String name, boolean expected) {
        assertThat(NameGlob.compile(glob).matches(name)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} is literal: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Bash         | true
            mcp__x__y    | true
            *            | false
            mcp__*       | false
            read_*_file  | false
            """)
    void is_literal_only_without_a_star(String glob, boolean literal) {
        NameGlob compiled = NameGlob.compile(glob);
        assertThat(compiled.isLiteral()).isEqualTo(literal);
        assertThat(compiled.text()).isEqualTo(glob);
    }

    @Test
    void never_matches_a_missing_name() {
        assertThat(NameGlob.compile("*").matches(null)).isFalse();
    }

    @Test
    void rejects_an_empty_glob() {
        assertThatThrownBy(() -> NameGlob.compile("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NameGlob.compile(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
