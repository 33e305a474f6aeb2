package dev.toolgate.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class PathPatternPropertiesTest {

    /** Upper case: generated names are lower case, so none can equal a project component. */
    private static final Path PROJECT = Path.of("/PROJ/ROOT");
    private static final Path HOME = Path.of("/HOME");

    @Property(tries = 300)
    void literal_pattern_covers_its_path_and_below_but_not_a_longer_sibling(
            @ForAll("relativePaths") List<String> relative,
            @ForAll("relativePaths") List<String> below,
            @ForAll("plainNames") String extra) {
        String text = String.join("/", relative);
        PathPattern pattern = PathPattern.compile(text, PROJECT, PROJECT, HOME);
        Path target = PROJECT.resolve(text);
        Path sibling = target.resolveSibling(target.getFileName() + extra);

        assertThat(pattern.matches(target)).isTrue();
        assertThat(pattern.matches(target.resolve(String.join("/", below)))).isTrue();
        assertThat(pattern.matches(sibling)).isFalse();
    }

    @Property(tries = 300)
    void double_star_under_a_folder_covers_every_descendant(
            @ForAll("plainNames") String dir,
            @ForAll("anyNames") List<String> descendant) {
        PathPattern pattern = PathPattern.compile(dir + "/**", PROJECT, PROJECT, HOME);
        Path inside = PROJECT.resolve(dir);
        for (String name : descendant) {
            inside = inside.resolve(name);
        }

        assertThat(pattern.matches(inside)).isTrue();
        assertThat(pattern.matches(PROJECT.resolve(dir + "x").resolve(descendant.get(0)))).isFalse();
    }

    @Provide
    Arbitrary<String> plainNames() {
        return Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8);
    }

    @Provide
    Arbitrary<List<String>> relativePaths() {
        return plainNames().list().ofMinSize(1).ofMaxSize(4);
    }

    /** Any file name a normalised path can hold, glob characters included. */
    @Provide
    Arbitrary<List<String>> anyNames() {
        return Arbitraries.strings()
                .withCharRange('a', 'z')
                .withChars('*', '?', '[', ']', '\\', '.', ' ', '-', '~', 'é', '!')
                .ofMinLength(1).ofMaxLength(6)
                .filter(name -> !name.equals(".") && !name.equals(".."))
                .list().ofMinSize(1).ofMaxSize(5);
    }
}
