package dev.toolgate.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalSettingsWriterTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path root;
    Layout layout;
    Path local;

    @BeforeEach
    void setUp() {
        layout = new Layout(root);
        local = layout.file(Source.LOCAL);
    }

    @Test
    void creates_the_folder_and_file_when_missing() throws Exception {
        LocalSettingsWriter.addAllowRule(local, "run_bash(git status)");
        assertThat(MAPPER.readTree(local.toFile()))
                .isEqualTo(MAPPER.readTree("{\"permissions\": {\"allow\": [\"run_bash(git status)\"]}}"));
        assertThat(layout.load().allow()).extracting(r -> r.rule().text(), SourcedRule::source)
                .containsExactly(org.assertj.core.api.Assertions.tuple("run_bash(git status)", Source.LOCAL));
        assertNoTempFiles();
    }

    @Test
    void keeps_every_other_key_and_rule() throws Exception {
        String before = """
                {
                  "shell": {"timeoutSeconds": 30, "safeCommands": ["jq"]},
                  "permissions": {
                    "deny": ["Exec(curl:*)"],
                    "allow": ["read_file"],
                    "defaultMode": "plan"
                  },
                  "audit": {"resources": "all"}
                }""";
        layout.write(Source.LOCAL, before);
        LocalSettingsWriter.addAllowRule(local, "Read(src/**)");
        JsonNode expected = MAPPER.readTree(before);
        ((com.fasterxml.jackson.databind.node.ArrayNode) expected.path("permissions").path("allow")).add("Read(src/**)");
        JsonNode after = MAPPER.readTree(local.toFile());
        assertThat(after).isEqualTo(expected);
        assertThat(fieldNames(after)).containsExactly("shell", "permissions", "audit");
        assertThat(fieldNames(after.get("permissions"))).containsExactly("deny", "allow", "defaultMode");
        assertNoTempFiles();
    }

    @Test
    void adding_a_rule_twice_changes_nothing() throws Exception {
        LocalSettingsWriter.addAllowRule(local, "read_file");
        String once = Files.readString(local);
        LocalSettingsWriter.addAllowRule(local, "read_file");
        LocalSettingsWriter.addAllowRule(local, "  read_file ");
        assertThat(Files.readString(local)).isEqualTo(once);
        assertThat(layout.load().allow()).hasSize(1);
    }

    @Test
    void an_empty_file_is_treated_as_no_settings() throws Exception {
        layout.write(Source.LOCAL, "");
        LocalSettingsWriter.addAllowRule(local, "read_file");
        assertThat(layout.load().allow()).extracting(r -> r.rule().text()).containsExactly("read_file");
    }

    @Test
    void a_malformed_file_is_reported_and_left_as_it_is() throws Exception {
        layout.write(Source.LOCAL, "{\"permissions\": {\"allow\": [\"a\",]}}");
        assertThatThrownBy(() -> LocalSettingsWriter.addAllowRule(local, "b"))
                .isInstanceOf(SettingsException.class)
                .hasMessage("toolgate: " + local + ":1:32: malformed JSON: unexpected character ']' (expected a value)");
        assertThat(Files.readString(local)).isEqualTo("{\"permissions\": {\"allow\": [\"a\",]}}");
        assertNoTempFiles();
    }

    @Test
    void an_allow_that_is_not_a_list_is_reported() {
        layout.write(Source.LOCAL, "{\"permissions\": {\"allow\": \"a\"}}");
        assertThatThrownBy(() -> LocalSettingsWriter.addAllowRule(local, "b"))
                .hasMessage("toolgate: " + local + ": permissions.allow: expected a list of strings, found string"
                        + " (cannot add an allow rule)");
    }

    @Test
    void a_bad_rule_is_not_written() {
        assertThatThrownBy(() -> LocalSettingsWriter.addAllowRule(local, "run_bash(git"))
                .hasMessage("toolgate: cannot save allow rule to " + local + ": rule 'run_bash(git' must end with ')'");
        assertThat(local).doesNotExist();
    }

    @Test
    void concurrent_additions_from_eight_threads_lose_none() throws Exception {
        layout.write(Source.LOCAL, "{\"permissions\": {\"deny\": [\"Exit\"]}}");
        int threads = 8;
        int perThread = 25;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            futures.add(pool.submit(() -> {
                start.await();
                for (int i = 0; i < perThread; i++) {
                    LocalSettingsWriter.addAllowRule(local, "tool_" + thread + "_" + i);
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> future : futures) {
            future.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        Settings s = layout.load();
        assertThat(s.allow()).hasSize(threads * perThread);
        assertThat(s.allow()).extracting(r -> r.rule().text()).doesNotHaveDuplicates()
                .contains("tool_0_0", "tool_7_24");
        assertThat(s.deny()).extracting(r -> r.rule().text()).containsExactly("Exit");
        assertNoTempFiles();
    }

    private void assertNoTempFiles() throws Exception {
        try (Stream<Path> files = Files.list(local.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("settings.local.json");
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
