package dev.toolgate.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CommandPatternTest {

    static boolean matches(String pattern, String line) {
        CommandLine parsed = CommandLine.parse(line);
        assertThat(parsed.commands()).hasSize(1);
        return CommandPattern.parse(pattern).matches(parsed.commands().get(0));
    }

    @ParameterizedTest(name = "{0} vs {1} -> {2}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '^', textBlock = """
            git status                 => git status                  => true
            git status                 => git  status                 => true
            git status                 => git status -s               => false
            git status                 => git statuses                => false
            git status                 => git                         => false
            mvn test:*                 => mvn test                    => true
            mvn test:*                 => mvn test -q                 => true
            mvn test:*                 => mvn tests                   => false
            mvn test:*                 => mvn test-compile            => false
            mvn test:*                 => mvn                         => false
            mvn:*                      => mvn -q test                 => true
            mvn:*                      => mvnw test                   => false
            npm run *                  => npm run build               => true
            npm run *                  => npm run                     => false
            npm run*                   => npm run                     => true
            * --version                => java --version              => true
            * --version                => java -version               => false
            git * main                 => git push origin main        => true
            git * main                 => git push origin main2       => false
            *                          => anything at all             => true
            rm:*                       => /bin/rm -f x                => true
            rm:*                       => ./rm x                      => true
            rm:*                       => rmdir x                     => false
            rm x                       => /usr/bin/rm x               => true
            /bin/rm:*                  => /bin/rm x                   => true
            /bin/rm:*                  => rm x                        => false
            rm:*                       => sudo rm -rf x               => true
            rm:*                       => FOO=1 timeout 5 rm x        => true
            git status                 => env -i nice git status      => true
            echo 'a b'                 => echo 'a b'                  => true
            echo '*'                   => echo x                      => false
            echo '*'                   => echo '*'                    => true
            echo "x:*"                 => echo x:*                    => true
            echo "x:*"                 => echo x                      => false
            """)
    void pattern_matches_the_command_words(String pattern, String line, boolean expected) {
        assertThat(matches(pattern, line)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {"", "   ", "echo 'x", "ls && rm", "ls > out"})
    void bad_patterns_are_rejected(String pattern) {
        assertThatThrownBy(() -> CommandPattern.parse(pattern)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pattern");
    }
}
