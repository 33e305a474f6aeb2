package dev.toolgate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The JSON Lines audit log (SPEC §11): complete under load, durable when killed, where it is told. */
class AuditIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> DECISION_FIELDS = List.of("ts", "event", "session", "agent", "seq", "kind",
            "tool", "subject", "behavior", "asked", "reason", "rule", "source");
    private static final List<String> RESULT_FIELDS = List.of("ts", "event", "session", "agent", "seq", "tool",
            "status", "elapsed_ms", "output_preview");
    private static final String SETTINGS = """
            {"permissions": {"allow": ["audit_ping", "lookup"], "deny": ["audit_denied", "plain"]}}
            """;

    @TempDir
    Path root;


    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void sixteen_threads_of_calls_leave_exactly_one_whole_record_per_decision_and_result(Path jdk) throws Exception {
        int threads = 16;
        int callsPerThread = 10_000;
        int denials = 15;
        ChildJvm.Result result = ChildJvm.in(jdk, root).projectSettings(SETTINGS).timeoutSeconds(120)
                .run("dev.toolgate.fixtures.AuditStress", String.valueOf(threads), String.valueOf(callsPerThread),
                        String.valueOf(denials));

        long allowed = (long) threads * callsPerThread + denials;
        long calls = allowed + denials;
        assertThat(result.stdout()).as(result.toString())
                .contains("ALLOWED " + allowed + "\n", "DENIED " + denials + "\n", "FAILED 0\n", "DONE");
        assertThat(result.bodyRan("audit_denied")).isFalse();

        long decisions = 0;
        long denied = 0;
        long results = 0;
        long stops = 0;
        Set<Long> decisionSeqs = new HashSet<>();
        Set<Long> resultSeqs = new HashSet<>();
        JsonNode stop = null;
        try (BufferedReader lines = Files.newBufferedReader(result.auditFile())) {
            String line;
            int number = 0;
            while ((line = lines.readLine()) != null) {
                number++;
                JsonNode record = JSON.readTree(line);
                if (record == null || !record.isObject()) {
                    throw new AssertionError("line " + number + " is not a JSON object: " + line);
                }
                switch (record.path("event").asText()) {
                    case "decision" -> {
                        decisions++;
                        check(record, DECISION_FIELDS, number, line);
                        String behavior = record.path("behavior").asText();
                        String expectedTool = behavior.equals("deny") ? "audit_denied" : "audit_ping";
                        denied += behavior.equals("deny") ? 1 : 0;
                        if (!behavior.matches("allow|deny") || !record.path("tool").asText().equals(expectedTool)
                                || record.path("asked").asBoolean(true) || !record.path("seq").isIntegralNumber()) {
                            throw new AssertionError("line " + number + ": unexpected decision: " + line);
                        }
                        if (!decisionSeqs.add(record.path("seq").asLong())) {
                            throw new AssertionError("line " + number + ": seq used twice: " + line);
                        }
                    }
                    case "result" -> {
                        results++;
                        check(record, RESULT_FIELDS, number, line);
                        if (!record.path("status").asText().equals("OK")
                                || !record.path("output_preview").asText().startsWith("pong ")) {
                            throw new AssertionError("line " + number + ": unexpected result: " + line);
                        }
                        resultSeqs.add(record.path("seq").asLong());
                    }
                    case "session_stop" -> {
                        stops++;
                        stop = record;
                    }
                    default -> throw new AssertionError("line " + number + ": unknown event: " + line);
                }
            }
        }
        assertThat(decisions).isEqualTo(calls);
        assertThat(denied).isEqualTo(denials);
        assertThat(results).isEqualTo(allowed);
        assertThat(stops).isEqualTo(1);
        assertThat(resultSeqs).hasSize((int) allowed);
        assertThat(decisionSeqs.containsAll(resultSeqs)).as("every result has the seq of a decision").isTrue();
        assertThat(stop.path("calls").asLong()).isEqualTo(calls);
        assertThat(stop.path("denials").asLong()).isEqualTo(denials);
    }

    private static void check(JsonNode record, List<String> fields, int number, String line) {
        for (String field : fields) {
            if (!record.has(field)) {
                throw new AssertionError("line " + number + " has no '" + field + "': " + line);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void records_of_a_returned_call_survive_the_jvm_being_killed(Path jdk) throws Exception {
        ChildJvm dirs = ChildJvm.in(jdk, root).projectSettings(SETTINGS);
        ChildJvm.Result result;
        try (LiveJvm jvm = LiveJvm.of(jdk, dirs).start("dev.toolgate.fixtures.AuditUntilKilled")) {
            jvm.awaitOutput("RETURNED pong 2", 1, Duration.ofSeconds(30));
            result = jvm.kill();
        }

        assertThat(result.stdout()).as(result.toString()).contains("DENIED audit_denied").doesNotContain("NOT ");
        assertThat(Files.readAllLines(result.auditFile())).allSatisfy(line -> assertThat(JSON.readTree(line).isObject()).isTrue());
        assertThat(result.audit("decision"))
                .extracting(r -> r.get("tool"), r -> r.get("behavior"))
                .containsExactly(tuple("audit_denied", "deny"), tuple("audit_ping", "allow"));
        assertThat(result.audit("result"))
                .extracting(r -> r.get("tool"), r -> r.get("status"), r -> r.get("output_preview"))
                .containsExactly(tuple("audit_ping", "OK", "pong 2"));
        assertThat(result.audit("session_stop")).as("killed: no shutdown hook ran").isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void audit_off_writes_no_file_and_the_gate_still_works(Path jdk) throws Exception {
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings(SETTINGS).agentOptions("audit=off");

        ChildJvm.Result result = jvm.calls("lookup=a", "plain");

        assertThat(result.call(0)).as(result.toString()).isEqualTo("ALLOWED value of a");
        assertThat(result.call(1)).startsWith("DENIED ").contains("deny rule plain");
        assertThat(result.auditFile()).doesNotExist();
        try (Stream<Path> files = Files.walk(root)) {
            assertThat(files.map(Path::toString)).noneMatch(name -> name.endsWith(".jsonl"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.toolgate.it.ChildJvm#jdks")
    void audit_path_writes_the_log_there(Path jdk) throws Exception {
        Path custom = root.resolve("logs/custom-audit.jsonl");
        ChildJvm jvm = ChildJvm.in(jdk, root).projectSettings(SETTINGS).agentOptions("audit=" + custom);

        ChildJvm.Result result = jvm.calls("lookup=a", "plain");
        ChildJvm.Result there = new ChildJvm.Result(result.exitCode(), result.stdout(), result.stderr(), custom);

        assertThat(result.call(0)).as(result.toString()).isEqualTo("ALLOWED value of a");
        assertThat(result.auditFile()).as("the default file").doesNotExist();
        assertThat(there.audit("decision")).extracting(r -> r.get("tool"), r -> r.get("behavior"))
                .containsExactly(tuple("lookup", "allow"), tuple("plain", "deny"));
        assertThat(there.audit("result")).extracting(r -> r.get("tool"), r -> r.get("status"))
                .containsExactly(tuple("lookup", "OK"));
        assertThat(there.audit("session_stop")).hasSize(1);
    }
}
