package dev.toolgate.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolgate.testing.RandomCases;
import dev.toolgate.testing.RandomCases.Case;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PathPatternPropertiesTest {

    /** Upper case: generated names are lower case, so none can equal a project component. */
    private static final Path PROJECT = Path.of("/PROJ/ROOT");
    private static final Path HOME = Path.of("/HOME");

    /** Glob characters and others a file name may hold, drawn as often as the letters. */
    private static final String NAME_SYMBOLS = "*?[]\\. -~é!";

    record LiteralCase(List<String> relative, List<String> below, String extra) {
        @Override
        public String toString() {
            return RandomCases.describe("relative", relative, "below", below, "extra", extra);
        }
    }

    static Stream<Case<LiteralCase>> literalCases() {
        return RandomCases.seeded().cases(300, r -> new LiteralCase(
                relativePath(r), relativePath(r), plainName(r)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("literalCases")
    void literal_pattern_covers_its_path_and_below_but_not_a_longer_sibling(Case<LiteralCase> c) {
        c.check(in -> {
            String text = String.join("/", in.relative());
            PathPattern pattern = PathPattern.compile(text, PROJECT, PROJECT, HOME);
            Path target = PROJECT.resolve(text);
            Path sibling = target.resolveSibling(target.getFileName() + in.extra());

            assertThat(pattern.matches(target)).isTrue();
            assertThat(pattern.matches(target.resolve(String.join("/", in.below())))).isTrue();
            assertThat(pattern.matches(sibling)).isFalse();
        });
    }

    record DoubleStarCase(String dir, List<String> descendant) {
        @Override
        public String toString() {
            return RandomCases.describe("dir", dir, "descendant", descendant);
        }
    }

    static Stream<Case<DoubleStarCase>> doubleStarCases() {
        return RandomCases.seeded().cases(300, r -> new DoubleStarCase(plainName(r), anyNames(r)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("doubleStarCases")
    void double_star_under_a_folder_covers_every_descendant(Case<DoubleStarCase> c) {
        c.check(in -> {
            PathPattern pattern = PathPattern.compile(in.dir() + "/**", PROJECT, PROJECT, HOME);
            Path inside = PROJECT.resolve(in.dir());
            for (String name : in.descendant()) {
                inside = inside.resolve(name);
            }

            assertThat(pattern.matches(inside)).isTrue();
            assertThat(pattern.matches(PROJECT.resolve(in.dir() + "x").resolve(in.descendant().get(0)))).isFalse();
        });
    }

    /** One to eight of a..z. */
    private static String plainName(RandomCases r) {
        return r.string(1, 8, RandomCases.range('a', 'z'));
    }

    private static List<String> relativePath(RandomCases r) {
        return r.list(1, 4, PathPatternPropertiesTest::plainName);
    }

    /** One to five names: any a normalised path can hold, glob characters included. */
    private static List<String> anyNames(RandomCases r) {
        return r.list(1, 5, n -> n.suchThat(
                x -> x.string(1, 6, RandomCases.range('a', 'z'), NAME_SYMBOLS),
                name -> !name.equals(".") && !name.equals("..")));
    }
}
