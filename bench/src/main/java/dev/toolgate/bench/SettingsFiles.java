package dev.toolgate.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the Toolgate settings files bench/run.sh attaches with: {@code rules-N.json} holds N
 * rules of a realistic mix (tool names, paths, commands, hosts; allow, deny, ask) that never
 * match what the benchmark does, then the allow rules for the benchmark's own tools, last.
 * Usage: {@code SettingsFiles DIR N...}.
 */
public final class SettingsFiles {

    private SettingsFiles() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        for (int i = 1; i < args.length; i++) {
            int count = Integer.parseInt(args[i]);
            Files.writeString(dir.resolve("rules-" + count + ".json"), settings(count));
        }
    }

    static String settings(int count) {
        List<String> allow = new ArrayList<>();
        List<String> deny = new ArrayList<>();
        List<String> ask = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            switch (i % 16) {
                case 0 -> allow.add("mcp__server" + i + "__search");
                case 1 -> allow.add("tool_" + i);
                case 2 -> allow.add("run_bash(mvn -pl module" + i + " test:*)");
                case 3 -> allow.add("run_bash(git log --oneline -n " + i + ")");
                case 4 -> allow.add("Read(src/module" + i + "/**)");
                case 5 -> allow.add("Write(build/out" + i + "/**/*.class)");
                case 6 -> allow.add("read_file_" + i + "(docs/part" + i + "/**)");
                case 7 -> allow.add("Exec(make target" + i + ":*)");
                case 8 -> allow.add("Connect(api" + i + ".example.com:443)");
                case 9 -> allow.add("mcp__server" + i + "__*");
                case 10 -> deny.add("Read(//etc/secret" + i + "/**)");
                case 11 -> deny.add("Write(//var/lib/app" + i + "/**)");
                case 12 -> deny.add("Exec(upload" + i + ":*)");
                case 13 -> deny.add("Connect(*.blocked" + i + ".example.org:*)");
                case 14 -> ask.add("file_write_" + i + "(**/*.secret" + i + ")");
                default -> ask.add("run_bash(git push origin branch" + i + ":*)");
            }
        }
        allow.addAll(List.of(Tools.NAMES));
        return "{\n  \"permissions\": {\n"
                + "    \"defaultMode\": \"default\",\n"
                + "    \"allow\": " + json(allow) + ",\n"
                + "    \"deny\": " + json(deny) + ",\n"
                + "    \"ask\": " + json(ask) + "\n"
                // A benchmark repeats the same call by design; an agent loop doing so would be stopped.
                + "  },\n  \"tools\": { \"maxIdenticalCalls\": 2147483647 }\n}\n";
    }

    private static String json(List<String> values) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            out.append(i == 0 ? "\n      \"" : ",\n      \"").append(values.get(i).replace("\"", "\\\"")).append('"');
        }
        return out.append(values.isEmpty() ? "]" : "\n    ]").toString();
    }
}
