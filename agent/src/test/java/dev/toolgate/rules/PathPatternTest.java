package dev.toolgate.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PathPatternTest {

    private static final Path PROJECT = Path.of("/p");
    private static final Path HOME = Path.of("/h");

    private static boolean matches(String pattern, Path base, String path) {
        return PathPattern.compile(pattern, PROJECT, base, HOME).matches(Path.of(path));
    }

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            src/**          | /p/src/a/b.c          | true
            src/**          | /p/src                | true
            src/**          | /p/srcx/a             | false
            src/**          | /other/src/a          | false
            docs/*.md       | /p/docs/a.md          | true
            docs/*.md       | /p/docs/x/a.md        | false
            docs/*.md       | /p/x/docs/a.md        | false
            docs/*.md       | /p/docs/a.mdx         | false
            src/main        | /p/src/main/App.java  | true
            src/main        | /p/x/src/main         | false
            src/main/       | /p/src/main/App.java  | true
            ./src           | /p/src/a              | true
            ./src           | /p/a/src              | false
            .               | /p/anything/below     | true
            .               | /p                    | true
            .               | /q/x                  | false
            //etc/shadow    | /etc/shadow           | true
            //etc/shadow    | /p/etc/shadow         | false
            //etc/shadow    | /etc/shadow.bak       | false
            //etc/shadow    | /etc                  | false
            //etc/**        | /etc/passwd           | true
            //              | /anything/at/all      | true
            ~/.ssh/**       | /h/.ssh/id_rsa        | true
            ~/.ssh/**       | /p/.ssh/id_rsa        | false
            ~/.ssh/**       | /h/x/.ssh/id_rsa      | false
            ~/.ssh          | /h/.ssh/id_rsa        | true
            ~               | /h/anything           | true
            ~/              | /h                    | true
            ~               | /hx                   | false
            /build          | /p/build/x            | true
            /               | /p/x                  | true
            """)
    void anchors_relative_patterns_at_project_home_base_or_root(String pattern, String path, boolean expected) {
        assertThat(matches(pattern, PROJECT, path)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} with base /q matches {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            /build          | /q/build/x            | true
            /build          | /q/build              | true
            /build          | /p/build/x            | false
            /build          | /q/x/build            | false
            /build/*.log    | /q/build/a.log        | true
            /               | /q/anything           | true
            /               | /p/anything           | false
            build/x         | /p/build/x            | true
            build/x         | /q/build/x            | false
            """)
    void anchors_a_leading_slash_at_the_settings_base(String pattern, String path, boolean expected) {
        assertThat(matches(pattern, Path.of("/q"), path)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            .env            | /p/.env               | true
            .env            | /p/a/b/.env           | true
            .env            | /elsewhere/.env       | true
            .env            | /p/.envrc             | false
            .env            | /p/x.env              | false
            .env            | /p/.Env               | false
            *.md            | /p/README.md          | true
            *.md            | /p/docs/x/a.md        | true
            *.md            | /other/a.md           | true
            *.md            | /p/README.mdx         | false
            *.md            | /p/README.MD          | false
            src             | /p/src/a/b.java       | true
            src             | /other/src/x          | true
            src             | /p/srcx/a             | false
            src/            | /p/src/x              | true
            .git            | /p/.git/config        | true
            .git            | /p/.github/x          | false
            .git/           | /p/.git/config        | true
            .git/           | /p/sub/.git/HEAD      | true
            secrets         | /p/secrets            | true
            .ssh            | /h/.ssh/id_rsa        | true
            .bashrc         | /h/.bashrc            | true
            *               | /p/x                  | true
            **              | /p/x                  | true
            """)
    void matches_a_bare_name_at_any_depth_with_everything_below_it(String pattern, String path, boolean expected) {
        assertThat(matches(pattern, PROJECT, path)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            **/*.key        | /p/a/b.key            | true
            **/*.key        | /p/b.key              | true
            **/*.key        | /p/a/b.keys           | false
            **/*.key        | /other/b.key          | false
            **/b            | /p/b                  | true
            **/b            | /p/x/y/b/c            | true
            **/b            | /p/x/y/bb             | false
            a/**/b          | /p/a/b                | true
            a/**/b          | /p/a/x/y/b            | true
            a/**/b          | /p/a/x/y/b/inner      | true
            a/**/b          | /p/a/x/y/bb           | false
            a/**/b          | /p/x/a/b              | false
            a/**/**/b       | /p/a/x/b              | true
            a/**            | /p/a/x/y/z            | true
            a/**            | /p/ab                 | false
            a/**/*.c        | /p/a/m/n/x.c          | true
            a/**/*.c        | /p/a/m/n/x.h          | false
            a**b/x          | /p/aZZb/x             | true
            a**b/x          | /p/aZ/Zb/x            | false
            """)
    void matches_double_star_as_any_number_of_folders(String pattern, String path, boolean expected) {
        assertThat(matches(pattern, PROJECT, path)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            d/file?.txt     | /p/d/file1.txt        | true
            d/file?.txt     | /p/d/file12.txt       | false
            d/file?.txt     | /p/d/file.txt         | false
            d/?.txt         | /p/d/😀.txt           | true
            d/*             | /p/d/x                | true
            d/*             | /p/d                  | false
            d/*.txt         | /p/d/.txt             | true
            d/\\*.md        | /p/d/*.md             | true
            d/\\*.md        | /p/d/a.md             | false
            d/a\\?          | /p/d/a?               | true
            d/a\\?          | /p/d/ab               | false
            d/\\[x]         | /p/d/[x]              | true
            d/\\[x]         | /p/d/x                | false
            d/a\\\\b        | /p/d/a\\b             | true
            \\~backup       | /p/~backup            | true
            d/[abc].txt     | /p/d/b.txt            | true
            d/[abc].txt     | /p/d/d.txt            | false
            d/[!abc].txt    | /p/d/d.txt            | true
            d/[!abc].txt    | /p/d/a.txt            | false
            d/[^abc].txt    | /p/d/d.txt            | true
            d/[a-c]x        | /p/d/bx               | true
            d/[a-c]x        | /p/d/dx               | false
            d/[]]x          | /p/d/]x               | true
            d/[\\]a]x       | /p/d/]x               | true
            d//x            | /p/d/x                | true
            """)
    void matches_question_marks_classes_and_escapes_within_one_name(String pattern, String path, boolean expected) {
        assertThat(matches(pattern, PROJECT, path)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "rejects \"{0}\"")
    @ValueSource(strings = {"", "~root/x", "~root", "..", "../x", "a/../b", "a/..", "d/[abc", "d/[", "d/a\\", "a\\/b", "d/[z-a]"})
    void rejects_bad_patterns(String pattern) {
        assertThatThrownBy(() -> PathPattern.compile(pattern, PROJECT, PROJECT, HOME))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("path pattern");
    }

    @Test
    void rejects_a_home_pattern_when_home_is_unknown() {
        assertThatThrownBy(() -> PathPattern.compile("~/.ssh", PROJECT, PROJECT, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("home directory");
    }

    @Test
    void compiles_an_absolute_pattern_without_any_anchor() {
        assertThat(PathPattern.compile("//etc/**", null, null, null).matches(Path.of("/etc/hosts"))).isTrue();
    }

    @Test
    void keeps_its_text_and_never_matches_a_missing_path() {
        PathPattern pattern = PathPattern.compile("src/**", PROJECT, PROJECT, HOME);
        assertThat(pattern.text()).isEqualTo("src/**");
        assertThat(pattern.matches(null)).isFalse();
    }

    @Test
    void treats_glob_characters_in_the_anchor_folder_literally() {
        PathPattern pattern = PathPattern.compile("src", PROJECT, PROJECT, HOME);
        PathPattern underOddProject = PathPattern.compile("src/x", Path.of("/w/[p]*"), PROJECT, HOME);
        assertThat(pattern.matches(Path.of("/p/src"))).isTrue();
        assertThat(underOddProject.matches(Path.of("/w/[p]*/src/x"))).isTrue();
        assertThat(underOddProject.matches(Path.of("/w/p/src/x"))).isFalse();
    }

    @Test
    void matches_the_canonical_path_when_the_project_folder_is_a_symlink(@TempDir Path temp) throws IOException {
        Path real = Files.createDirectories(temp.resolve("real"));
        Path link = Files.createSymbolicLink(temp.resolve("link"), real);
        PathPattern pattern = PathPattern.compile("src/**", link, link, HOME);

        assertThat(pattern.matches(link.resolve("src/a.java"))).isTrue();
        assertThat(pattern.matches(real.toRealPath().resolve("src/a.java"))).isTrue();
        assertThat(pattern.matches(temp.resolve("other/src/a.java"))).isFalse();
    }
}
