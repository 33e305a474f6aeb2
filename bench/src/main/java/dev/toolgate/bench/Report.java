package dev.toolgate.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.io.Reader;

/**
 * Turns what bench/run.sh collected (JMH CSV files, start-up times, memory counters) into
 * bench/RESULTS.md: absolute numbers, ratios to no agent and to the SecurityManager, and the
 * issue's targets with the margin by which each is met or missed.
 * Usage: {@code Report RUN_DIR RESULTS_MD}.
 */
public final class Report {

    static final List<String> CONFIGS = List.of("none", "tg0", "tg0-audit", "tg100", "tg100-audit", "tg1000",
            "tg1000-audit", "sm");
    static final Map<String, String> CONFIG_NAMES = Map.of("none", "no agent", "tg0", "Toolgate 0 rules",
            "tg0-audit", "Toolgate 0 rules, audit", "tg100", "Toolgate 100 rules", "tg100-audit",
            "Toolgate 100 rules, audit", "tg1000", "Toolgate 1,000 rules", "tg1000-audit",
            "Toolgate 1,000 rules, audit", "sm", "SecurityManager");
    static final List<String> BENCHMARKS = List.of("bareCall", "toolCall", "streamRead", "streamReadInTool",
            "readAllBytes", "readAllBytesInTool", "write", "writeInTool", "exists", "existsInTool", "process",
            "connect");
    static final Map<String, String> WORKLOADS = Map.ofEntries(
            Map.entry("bareCall", "the trivial method, no annotation"),
            Map.entry("toolCall", "the same method as an allowed `@AgentTool`"),
            Map.entry("streamRead", "`FileInputStream` open + 1 KiB read + close"),
            Map.entry("streamReadInTool", "the same, inside an allowed tool"),
            Map.entry("readAllBytes", "`Files.readAllBytes`, 1 KiB"),
            Map.entry("readAllBytesInTool", "the same, inside an allowed tool"),
            Map.entry("write", "`Files.write`, 1 KiB, overwriting"),
            Map.entry("writeInTool", "the same, inside an allowed tool"),
            Map.entry("exists", "`Files.exists`"),
            Map.entry("existsInTool", "the same, inside an allowed tool"),
            Map.entry("process", "`ProcessBuilder(\"true\").start().waitFor()`"),
            Map.entry("connect", "socket connect to a loopback server + close"));

    private record Score(double ns, double error) {
    }

    private final Map<String, Map<String, Score>> jmh = new LinkedHashMap<>();
    private final Map<String, List<Long>> startup = new LinkedHashMap<>();
    private final Map<String, Map<String, Long>> memory = new LinkedHashMap<>();
    private final Properties meta = new Properties();
    private final StringBuilder out = new StringBuilder();

    public static void main(String[] args) throws IOException {
        Path run = Path.of(args[0]);
        Report report = new Report();
        report.read(run);
        Files.writeString(Path.of(args[1]), report.render(Path.of(args[1]).toAbsolutePath().getParent()));
    }

    private void read(Path run) throws IOException {
        try (Reader reader = Files.newBufferedReader(run.resolve("meta.properties"))) {
            meta.load(reader);
        }
        for (String config : CONFIGS) {
            Path csv = run.resolve("jmh-" + config + ".csv");
            Map<String, Score> scores = new LinkedHashMap<>();
            if (Files.exists(csv)) {
                for (String line : Files.readAllLines(csv)) {
                    String[] cells = line.split(",");
                    if (cells.length < 7 || !cells[0].contains("GateBench.")) {
                        continue;
                    }
                    String name = cells[0].replace("\"", "");
                    name = name.substring(name.lastIndexOf('.') + 1);
                    scores.put(name, new Score(Double.parseDouble(cells[4]), parse(cells[5])));
                }
            }
            jmh.put(config, scores);
        }
        for (String line : Files.readAllLines(run.resolve("startup.tsv"))) {
            String[] cells = line.split("\t");
            startup.computeIfAbsent(cells[0] + "\t" + cells[1], k -> new ArrayList<>()).add(Long.parseLong(cells[2]));
        }
        for (String line : Files.readAllLines(run.resolve("memory.tsv"))) {
            String[] cells = line.split("\t");
            Map<String, Long> values = new LinkedHashMap<>();
            for (String pair : cells[2].trim().split(" ")) {
                String[] kv = pair.split("=");
                if (!kv[0].equals("tool_result")) {
                    values.put(kv[0], Long.parseLong(kv[1]));
                }
            }
            memory.put(cells[0] + "\t" + cells[1], values);
        }
    }

    private static double parse(String cell) {
        try {
            return Double.parseDouble(cell);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private String render(Path resultsDir) throws IOException {
        line("# Toolgate benchmarks");
        line("");
        line("Written by `" + meta.getProperty("command") + "` on " + meta.getProperty("date") + " in "
                + meta.getProperty("seconds") + " s. Do not edit: run the command again.");
        if ("1".equals(meta.getProperty("quick"))) {
            line("");
            line("**Smoke run (`--quick`): tiny iteration counts, the harness is checked, the numbers mean nothing.**");
        }
        line("");
        line("| | |");
        line("|---|---|");
        line("| machine | " + meta.getProperty("nproc") + " cores (`nproc`), " + meta.getProperty("cpu") + " |");
        line("| JMH (JDK 17) | " + meta.getProperty("jdk17") + " |");
        if (meta.getProperty("jdk25") != null) {
            line("| JDK 25 (start-up, memory) | " + meta.getProperty("jdk25") + " |");
        }
        line("| JMH options | `" + meta.getProperty("jmh") + "`, average time; with `-f 1`, one JVM per benchmark and configuration |");
        line("| start-up runs | " + meta.getProperty("startup_runs") + " of each |");
        line("");
        targets();
        absolute();
        ratios("Ratio to no agent", "none");
        ratios("Ratio to the SecurityManager", "sm");
        addedCost();
        startupTable();
        memoryTable();
        configurations();
        Path notes = resultsDir.resolve("notes.md");
        if (Files.exists(notes)) {
            line(Files.readString(notes).stripTrailing());
        }
        return out.toString();
    }

    // ---- targets -------------------------------------------------------------------------------

    private void targets() {
        line("## Targets of issue 7");
        line("");
        line("| target | measured | verdict |");
        line("|---|---|---|");
        for (String config : List.of("tg1000", "tg1000-audit")) {
            double added = ns(config, "toolCall") - ns(config, "bareCall");
            line("| allowed `@AgentTool` call, " + CONFIG_NAMES.get(config) + ": under 1 µs over the bare call | "
                    + time(added) + " over | " + verdict(added, 1000, "ns") + " |");
        }
        for (String op : List.of("streamRead", "readAllBytes", "write", "exists")) {
            for (String config : List.of("tg0", "tg100", "tg1000")) {
                double percent = (ns(config, op) / ns("none", op) - 1) * 100;
                line("| `" + op + "` outside any tool, " + CONFIG_NAMES.get(config) + ": under 3% over no agent | "
                        + String.format(Locale.ROOT, "%+.1f%%", percent) + " | " + verdict(percent, 3, "%") + " |");
            }
        }
        for (String op : List.of("streamReadInTool", "readAllBytesInTool", "writeInTool", "existsInTool")) {
            double sm = ns("sm", op) - ns("none", op);
            for (String config : List.of("tg0", "tg1000")) {
                double tg = ns(config, op) - ns("none", op);
                String verdict = sm <= 0 ? "n/a: the SecurityManager added nothing measurable"
                        : verdict(tg / sm, 1.0 / 3, "of the SecurityManager's added cost");
                line("| `" + op + "`, " + CONFIG_NAMES.get(config) + ": added cost at most 1/3 of the SecurityManager's"
                        + " (" + time(sm) + ") | " + time(tg) + " added" + (sm > 0 ? String.format(Locale.ROOT,
                        ", %.2f× the SecurityManager's", tg / sm) : "") + " | " + verdict + " |");
            }
        }
        for (String app : List.of("hello", "sample")) {
            double added = median("17\t" + app + "+toolgate") - median("17\t" + app);
            line("| start-up added by the agent, JDK 17, " + app + ": under 300 ms | "
                    + String.format(Locale.ROOT, "%.0f ms", added) + " | " + verdict(added, 300, "ms") + " |");
        }
        for (String app : List.of("hello", "sample")) {
            double added = median("17\t" + app + "+toolgate+cds") - median("17\t" + app);
            line("| start-up added with a class-data-sharing archive for the agent, JDK 17, " + app + ": under 100 ms | "
                    + String.format(Locale.ROOT, "%.0f ms", added) + " | " + verdict(added, 100, "ms") + " |");
        }
        Map<String, Long> with = memory.get("17\ttoolgate");
        Map<String, Long> without = memory.get("17\tnone");
        if (with != null && without != null) {
            double added = (with.get("heap_used") + with.get("metaspace_used") - without.get("heap_used")
                    - without.get("metaspace_used")) / 1048576.0;
            line("| memory, JDK 17: heap and metaspace under 16 MB together | "
                    + String.format(Locale.ROOT, "%.1f MiB", added) + " | " + verdict(added, 16, "MiB") + " |");
        }
        line("");
        line("A verdict on a difference smaller than the JMH error of its two scores (see the absolute table) is noise.");
        line("");
    }

    private static String verdict(double value, double limit, String unit) {
        if (Double.isNaN(value)) {
            return "not measured";
        }
        if (value < limit || (value <= limit && unit.startsWith("of"))) {
            return "met";
        }
        if (unit.startsWith("of")) {
            return String.format(Locale.ROOT, "missed: %.2f× the limit", value / limit);
        }
        return String.format(Locale.ROOT, "missed by %s", unit.equals("ns") ? time(value - limit)
                : String.format(Locale.ROOT, "%.1f %s", value - limit, unit));
    }

    // ---- JMH tables -----------------------------------------------------------------------------

    private void absolute() {
        line("## Per operation (JDK 17), time per operation ± 99.9% error");
        line("");
        header();
        for (String benchmark : BENCHMARKS) {
            StringBuilder row = new StringBuilder("| `" + benchmark + "` " + WORKLOADS.get(benchmark) + " |");
            for (String config : CONFIGS) {
                Score score = jmh.get(config).get(benchmark);
                row.append(' ').append(score == null ? "–" : time(score.ns())
                        + (Double.isNaN(score.error()) ? "" : " ± " + time(score.error()))).append(" |");
            }
            line(row.toString());
        }
        line("");
        line("– : not run in that configuration (the audit-on runs take the benchmarks that make tool calls).");
        line("");
    }

    private void ratios(String title, String base) {
        line("## " + title);
        line("");
        header();
        for (String benchmark : BENCHMARKS) {
            StringBuilder row = new StringBuilder("| `" + benchmark + "` |");
            for (String config : CONFIGS) {
                double ratio = ns(config, benchmark) / ns(base, benchmark);
                row.append(' ').append(Double.isNaN(ratio) ? "–" : String.format(Locale.ROOT, "%.2f", ratio)).append(" |");
            }
            line(row.toString());
        }
        line("");
    }

    private void addedCost() {
        line("## Added cost over no agent (configuration − no agent)");
        line("");
        header();
        for (String benchmark : BENCHMARKS) {
            StringBuilder row = new StringBuilder("| `" + benchmark + "` |");
            for (String config : CONFIGS) {
                double added = ns(config, benchmark) - ns("none", benchmark);
                row.append(' ').append(Double.isNaN(added) ? "–" : (added >= 0 ? "+" : "−") + time(Math.abs(added)))
                        .append(" |");
            }
            line(row.toString());
        }
        line("");
    }

    private void header() {
        StringBuilder head = new StringBuilder("| workload |");
        StringBuilder rule = new StringBuilder("|---|");
        for (String config : CONFIGS) {
            head.append(' ').append(CONFIG_NAMES.get(config)).append(" |");
            rule.append("---:|");
        }
        line(head.toString());
        line(rule.toString());
    }

    private double ns(String config, String benchmark) {
        Score score = jmh.getOrDefault(config, Map.of()).get(benchmark);
        return score == null ? Double.NaN : score.ns();
    }

    static String time(double ns) {
        if (Double.isNaN(ns)) {
            return "–";
        }
        double abs = Math.abs(ns);
        if (abs < 1_000) {
            return String.format(Locale.ROOT, "%.3g ns", ns);
        }
        if (abs < 1_000_000) {
            return String.format(Locale.ROOT, "%.3g µs", ns / 1_000);
        }
        return String.format(Locale.ROOT, "%.3g ms", ns / 1_000_000);
    }

    // ---- start-up and memory --------------------------------------------------------------------

    private void startupTable() {
        line("## Start-up, wall time of the whole JVM run (ms)");
        line("");
        line("`hello`: a class that prints one line. `sample`: `java -jar sample-app/target/toolgate-sample-app.jar"
                + " --script bench/sample-readonly.txt` from the repository root: three read-only tool calls, the same"
                + " with and without the agent. The agent runs with the audit log on. `+cds`: with a class-data sharing"
                + " archive of the agent and the application (`-XX:SharedArchiveFile`, the agent on"
                + " `-Xbootclasspath/a`), made by the script as the README shows.");
        line("");
        line("| JDK | run | median | min | max | added (median) |");
        line("|---|---|---:|---:|---:|---:|");
        for (Map.Entry<String, List<Long>> entry : startup.entrySet()) {
            String[] key = entry.getKey().split("\t");
            List<Long> times = new ArrayList<>(entry.getValue());
            Collections.sort(times);
            String base = key[0] + "\t" + key[1].replaceAll("\\+.*", "");
            String added = key[1].contains("+") ? String.format(Locale.ROOT, "%+.0f", median(entry.getKey()) - median(base)) : "";
            line("| " + key[0] + " | " + key[1] + " | " + String.format(Locale.ROOT, "%.0f", median(entry.getKey())) + " | "
                    + times.get(0) + " | " + times.get(times.size() - 1) + " | " + added + " |");
        }
        line("");
    }

    private double median(String key) {
        List<Long> times = startup.get(key);
        if (times == null || times.isEmpty()) {
            return Double.NaN;
        }
        List<Long> sorted = new ArrayList<>(times);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
    }

    private void memoryTable() {
        line("## Memory after start and one allowed tool call, after `System.gc()` (MiB)");
        line("");
        line("From the JVM's own counters (`MemoryMXBean` heap used, the `Metaspace` and `Compressed Class Space`"
                + " pools), printed by `dev.toolgate.bench.MemoryProbe`; Toolgate with 0 rules, audit off.");
        line("");
        line("| JDK | run | heap used | metaspace | of which class space | classes loaded | heap + metaspace |");
        line("|---|---|---:|---:|---:|---:|---:|");
        for (Map.Entry<String, Map<String, Long>> entry : memory.entrySet()) {
            String[] key = entry.getKey().split("\t");
            Map<String, Long> v = entry.getValue();
            line("| " + key[0] + " | " + key[1] + " | " + mib(v.get("heap_used")) + " | " + mib(v.get("metaspace_used"))
                    + " | " + mib(v.get("class_space_used")) + " | " + v.get("loaded_classes") + " | "
                    + mib(v.get("heap_used") + v.get("metaspace_used")) + " |");
            Map<String, Long> base = memory.get(key[0] + "\tnone");
            if (key[1].equals("toolgate") && base != null) {
                line("| " + key[0] + " | **added by the agent** | " + mib(v.get("heap_used") - base.get("heap_used")) + " | "
                        + mib(v.get("metaspace_used") - base.get("metaspace_used")) + " | "
                        + mib(v.get("class_space_used") - base.get("class_space_used")) + " | "
                        + (v.get("loaded_classes") - base.get("loaded_classes")) + " | **"
                        + mib(v.get("heap_used") + v.get("metaspace_used") - base.get("heap_used") - base.get("metaspace_used"))
                        + "** |");
            }
        }
        line("");
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / 1048576.0);
    }

    private void configurations() {
        line("## Configurations");
        line("");
        line("- **no agent**: `java -jar bench/target/benchmarks.jar`, nothing attached.");
        line("- **Toolgate N rules**: `-javaagent:agent/target/toolgate-agent.jar=config=rules-N.json,audit=off,ask=deny`"
                + " with `-Dtoolgate.project` (the benchmark's folder), `-Dtoolgate.policy` (an empty `{}`) and"
                + " `-Duser.home` (no user settings), so nothing from the machine leaks in. `rules-N.json`"
                + " (written by `dev.toolgate.bench.SettingsFiles`) holds N rules in a realistic mix that never"
                + " matches what the benchmark does: tool names and globs, `Read`/`Write` paths, `run_bash`/`Exec`"
                + " commands, `Connect` hosts; 10 in 16 allow, 4 deny (`Read`, `Write`, `Exec`, `Connect`), 2 ask;"
                + " then the allow rules for the benchmark's five tools, last. \"0 rules\" has only those five.");
        line("- **audit**: the same with `audit=FILE` (records for tool calls; resources only when denied).");
        line("- **SecurityManager** (JDK 17): `-Djava.security.manager -Djava.security.policy==bench/security.policy`,"
                + " granting the workloads' files, execute, loopback sockets, and what a JMH fork needs.");
        line("- Every configuration checks itself at set-up (`-Dbench.expect`): under Toolgate the first tool call"
                + " must come back allowed from the gate; a denial anywhere fails the run (`-foe true`).");
        line("");
    }

    private void line(String text) {
        out.append(text).append('\n');
    }
}
