package dev.toolgate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CanonicalPathsTest {

    @TempDir
    Path temp;

    /** {@code temp} with its own symlinks resolved, so expected values are canonical too. */
    private Path root;
    private Path sandbox;
    private Path outside;

    @BeforeEach
    void createFolders() throws IOException {
        root = temp.toRealPath();
        sandbox = Files.createDirectories(root.resolve("sandbox"));
        outside = Files.createDirectories(root.resolve("outside"));
    }

    @ParameterizedTest(name = "{0} against {1} is {2}")
    @CsvSource(delimiter = '|', textBlock = """
            a/b           | /base     | /base/a/b
            a/../b        | /base     | /base/b
            ../x          | /base/sub | /base/x
            ./a/./b       | /base     | /base/a/b
            a//b          | /base     | /base/a/b
            a/b/          | /base     | /base/a/b
            /x/../y       | /base     | /y
            //x///y/      | /base     | /x/y
            /abs/file     | /base     | /abs/file
            .             | /base     | /base
            """)
    void makes_a_raw_path_absolute_and_normal_without_touching_the_disk(String raw, String base, String expected) {
        assertThat(CanonicalPaths.absolute(raw, Path.of(base))).isEqualTo(Path.of(expected));
    }

    @Test
    void keeps_the_link_itself_in_the_absolute_path() throws IOException {
        Files.createSymbolicLink(sandbox.resolve("out"), outside);
        assertThat(CanonicalPaths.absolute("out/file", sandbox)).isEqualTo(sandbox.resolve("out/file"));
    }

    @Test
    void a_path_resolved_before_follows_a_link_that_replaced_its_file() throws IOException {
        Path file = Files.writeString(sandbox.resolve("notes.txt"), "same");
        Path secret = Files.writeString(outside.resolve("secret.txt"), "same");
        Files.setLastModifiedTime(secret, Files.getLastModifiedTime(file));
        for (int i = 0; i < 3; i++) {
            assertThat(CanonicalPaths.canonical(file)).isEqualTo(file);
        }
        Files.delete(file);
        Files.createSymbolicLink(file, secret);
        assertThat(CanonicalPaths.canonical(file)).isEqualTo(secret);
    }

    @Test
    void a_path_resolved_before_follows_a_directory_link_that_was_switched() throws IOException {
        Path first = Files.createDirectories(sandbox.resolve("first"));
        Path second = Files.createDirectories(outside.resolve("second"));
        Path inFirst = Files.writeString(first.resolve("data.txt"), "same");
        Path inSecond = Files.writeString(second.resolve("data.txt"), "same");
        Files.setLastModifiedTime(inSecond, Files.getLastModifiedTime(inFirst));
        Path current = Files.createSymbolicLink(sandbox.resolve("current"), first);
        for (int i = 0; i < 3; i++) {
            assertThat(CanonicalPaths.canonical(current.resolve("data.txt"))).isEqualTo(inFirst);
        }
        Files.delete(current);
        Files.createSymbolicLink(current, second);
        assertThat(CanonicalPaths.canonical(current.resolve("data.txt"))).isEqualTo(inSecond);
    }

    @Test
    void a_path_resolved_before_is_resolved_again_once_it_is_gone() throws IOException {
        Path file = Files.writeString(sandbox.resolve("gone.txt"), "x");
        for (int i = 0; i < 3; i++) {
            assertThat(CanonicalPaths.canonical(file)).isEqualTo(file);
        }
        Files.delete(file);
        Path outsideLink = Files.createSymbolicLink(sandbox.resolve("gone.txt"), outside.resolve("not-yet"));
        assertThat(CanonicalPaths.canonical(outsideLink)).isEqualTo(outside.resolve("not-yet"));
    }

    @Test
    void resolves_a_symlinked_file_to_its_target() throws IOException {
        Path secret = Files.writeString(outside.resolve("secret.txt"), "s");
        Path link = Files.createSymbolicLink(sandbox.resolve("link.txt"), secret);

        assertThat(CanonicalPaths.canonical(link)).isEqualTo(secret);
        assertThat(CanonicalPaths.linkAndTarget(link)).containsExactly(link, secret);
    }

    @Test
    void denies_write_through_symlinked_dir_out_of_sandbox() throws IOException {
        Files.writeString(outside.resolve("file"), "x");
        Path link = Files.createSymbolicLink(sandbox.resolve("out"), outside);
        Path viaLink = link.resolve("file");

        Path canonical = CanonicalPaths.canonical(viaLink);

        assertThat(canonical).isEqualTo(outside.resolve("file"));
        assertThat(CanonicalPaths.isInside(viaLink, List.of(sandbox))).isTrue();
        assertThat(CanonicalPaths.isInside(canonical, List.of(sandbox))).isFalse();
    }

    @Test
    void resolves_a_new_file_under_a_symlinked_dir_through_its_nearest_existing_parent() throws IOException {
        Files.createSymbolicLink(sandbox.resolve("out"), outside);
        Path notYet = sandbox.resolve("out/new/deeper.txt");

        assertThat(CanonicalPaths.canonical(notYet)).isEqualTo(outside.resolve("new/deeper.txt"));
        assertThat(CanonicalPaths.linkAndTarget(notYet)).containsExactly(notYet, outside.resolve("new/deeper.txt"));
    }

    @Test
    void follows_a_dangling_link_to_where_a_write_would_create_the_file() throws IOException {
        Path dangling = Files.createSymbolicLink(sandbox.resolve("dangling"), outside.resolve("not-yet"));
        assertThat(CanonicalPaths.canonical(dangling)).isEqualTo(outside.resolve("not-yet"));
    }

    @Test
    void follows_a_relative_link_that_climbs_out_of_its_folder() throws IOException {
        Files.createSymbolicLink(sandbox.resolve("rel"), Path.of("../outside"));
        assertThat(CanonicalPaths.canonical(sandbox.resolve("rel/new.txt"))).isEqualTo(outside.resolve("new.txt"));
    }

    @Test
    void climbs_from_where_a_link_leads_when_a_dangling_target_contains_dot_dot() throws IOException {
        Path deep = Files.createDirectories(outside.resolve("a/b"));
        Files.createSymbolicLink(sandbox.resolve("deep"), deep);
        // sandbox/deep/.. is outside/a, not the sandbox: ".." applies after the link is followed.
        Files.createSymbolicLink(sandbox.resolve("up"), Path.of("deep/../missing"));
        assertThat(CanonicalPaths.canonical(sandbox.resolve("up"))).isEqualTo(outside.resolve("a/missing"));
    }

    @Test
    void ends_a_symlink_loop_without_throwing() throws IOException {
        Files.createSymbolicLink(sandbox.resolve("a"), sandbox.resolve("b"));
        Files.createSymbolicLink(sandbox.resolve("b"), sandbox.resolve("a"));

        Path canonical = CanonicalPaths.canonical(sandbox.resolve("a/x"));

        assertThat(canonical.isAbsolute()).isTrue();
        assertThat(canonical.startsWith(sandbox)).isTrue();
    }

    @Test
    void leaves_a_plain_existing_or_missing_path_as_it_is() throws IOException {
        Path file = Files.writeString(sandbox.resolve("plain.txt"), "x");
        Path missing = sandbox.resolve("none/x.txt");

        assertThat(CanonicalPaths.canonical(file)).isEqualTo(file);
        assertThat(CanonicalPaths.canonical(missing)).isEqualTo(missing);
        assertThat(CanonicalPaths.linkAndTarget(file)).containsExactly(file);
        assertThat(CanonicalPaths.linkAndTarget(missing)).containsExactly(missing);
    }

    @ParameterizedTest(name = "\"{0}\" is traversal: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            ../x          | true
            a/../b        | true
            a/..          | true
            ..            | true
            ..\\\\x       | true
            a\\\\..\\\\b  | true
            /abs/../etc   | true
            ~             | true
            ~/x           | true
            ~root         | true
            ~root/.ssh    | true
            a..b          | false
            ..a           | false
            a/..b         | false
            a/b..         | false
            ...           | false
            ./x           | false
            /abs/x        | false
            x~            | false
            a/~           | false
            ''            | false
            """)
    void flags_dot_dot_segments_and_a_leading_tilde(String raw, boolean expected) {
        assertThat(CanonicalPaths.isTraversal(raw)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} inside {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            /a/b          | /a/b        | true
            /a/b/c        | /a/b        | true
            /a/b/c/d      | /a/b        | true
            /a/bc         | /a/b        | false
            /a/b.txt      | /a/b        | false
            /a            | /a/b        | false
            /x/y          | /a/b /x     | true
            /z            | /a/b /x     | false
            /anything     | /           | true
            """)
    void is_inside_a_root_by_whole_components(String path, String roots, boolean expected) {
        List<Path> rootList = Arrays.stream(roots.split(" ")).map(Path::of).collect(Collectors.toList());
        assertThat(CanonicalPaths.isInside(Path.of(path), rootList)).isEqualTo(expected);
    }
}
