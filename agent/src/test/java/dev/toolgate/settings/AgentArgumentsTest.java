package dev.toolgate.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;

class AgentArgumentsTest {

    static Stream<Arguments> good() {
        return Stream.of(
                Arguments.of("mode=plan", new AgentArguments(null, Mode.PLAN, null, null)),
                Arguments.of("mode=bypassPermissions", new AgentArguments(null, Mode.BYPASS_PERMISSIONS, null, null)),
                Arguments.of("config=conf/t.json", new AgentArguments(Path.of("conf/t.json"), null, null, null)),
                Arguments.of("audit=off", new AgentArguments(null, null, "off", null)),
                Arguments.of("audit=logs/a.jsonl", new AgentArguments(null, null, "logs/a.jsonl", null)),
                Arguments.of("ask=console", new AgentArguments(null, null, null, "console")),
                Arguments.of("ask=deny", new AgentArguments(null, null, null, "deny")),
                Arguments.of("ask=command:/usr/bin/resolve --json",
                        new AgentArguments(null, null, null, "command:/usr/bin/resolve --json")),
                Arguments.of("config=/etc/t.json,mode=dontAsk,audit=off,ask=deny",
                        new AgentArguments(Path.of("/etc/t.json"), Mode.DONT_ASK, "off", "deny")),
                Arguments.of("ask=command:a=b", new AgentArguments(null, null, null, "command:a=b")));
    }

    @ParameterizedTest
    @MethodSource("good")
    void parses_good_arguments(String options, AgentArguments expected) {
        assertThat(AgentArguments.parse(options)).isEqualTo(expected);
    }

    @ParameterizedTest
    @NullAndEmptySource
    void no_options_leave_everything_unset(String options) {
        assertThat(AgentArguments.parse(options)).isEqualTo(new AgentArguments(null, null, null, null));
    }

    static Stream<Arguments> bad() {
        return Stream.of(
                Arguments.of("mode=foo", "toolgate: agent argument 'mode=foo': unknown mode 'foo'"
                        + " (expected default, acceptEdits, plan, bypassPermissions or dontAsk)"),
                Arguments.of("mode=Plan", "toolgate: agent argument 'mode=Plan': unknown mode 'Plan'"
                        + " (expected default, acceptEdits, plan, bypassPermissions or dontAsk)"),
                Arguments.of("color=red", "toolgate: agent argument 'color=red': unknown key 'color'"
                        + " (expected config, mode, audit or ask)"),
                Arguments.of("mode", "toolgate: agent argument 'mode': missing '=' (expected key=value)"),
                Arguments.of("mode=", "toolgate: agent argument 'mode=': empty value (expected mode=<mode>)"),
                Arguments.of("config=", "toolgate: agent argument 'config=': empty value"
                        + " (expected config=<settings file>)"),
                Arguments.of("ask=maybe", "toolgate: agent argument 'ask=maybe': unknown ask resolver 'maybe'"
                        + " (expected console, deny or command:<program>)"),
                Arguments.of("ask=command:", "toolgate: agent argument 'ask=command:': no program after"
                        + " 'command:' (expected command:<program>)"),
                Arguments.of("mode=plan,mode=default", "toolgate: agent argument 'mode=default':"
                        + " 'mode' is given twice (keep only one)"),
                Arguments.of("mode=plan,", "toolgate: agent argument '': empty argument (remove the extra ',')"),
                Arguments.of("audit=a\u0000b", "toolgate: agent argument 'audit=a\u0000b': invalid path 'a\u0000b'"
                        + " (Nul character not allowed)"));
    }

    @ParameterizedTest
    @MethodSource("bad")
    void rejects_bad_arguments_naming_them(String options, String message) {
        assertThatThrownBy(() -> AgentArguments.parse(options))
                .isInstanceOf(SettingsException.class)
                .hasMessage(message);
    }
}
