package dev.toolgate.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RuleTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "null", value = {
            "read_file                  | read_file | null",
            "run_bash(git status)       | run_bash  | git status",
            "  Read( src/** )           | Read      | src/**",
            "mcp__*                     | mcp__*    | null",
            "Exec(mvn test:*)           | Exec      | mvn test:*",
            "Connect(*.x.com:443)       | Connect   | *.x.com:443",
            "run_bash(echo (a))         | run_bash  | echo (a)",
    })
    void parses_name_and_pattern(String text, String name, String pattern) {
        Rule rule = Rule.parse(text);
        assertThat(rule.name()).isEqualTo(name);
        assertThat(rule.pattern()).isEqualTo(pattern);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"", "  ", "tool(", "tool)", "(x)", "tool()", "to ol", "Exit(x)", "a/b"})
    void rejects_malformed_rules(String text) {
        assertThatThrownBy(() -> Rule.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Read", "Write", "Exec", "Connect", "Exit"})
    void resource_kinds_are_recognised(String name) {
        assertThat(Rule.parse(name).isResourceKind()).isTrue();
        assertThat(Rule.parse("read_file").isResourceKind()).isFalse();
    }
}
