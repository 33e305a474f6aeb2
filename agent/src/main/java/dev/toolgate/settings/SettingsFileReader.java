package dev.toolgate.settings;

import dev.toolgate.rules.Rule;
import dev.toolgate.settings.Settings.Enforce;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads and validates one settings file (SPEC §4) into {@link FileSettings}. */
final class SettingsFileReader {

    private final Path file;
    private final Source source;
    private final Path baseDir;
    private final Path homeDir;

    private SettingsFileReader(Path file, Source source, Path homeDir) {
        this.file = file;
        this.source = source;
        this.baseDir = baseDir(file);
        this.homeDir = homeDir;
    }

    /** The folder that holds the file's {@code .toolgate} folder, else the file's own folder. */
    static Path baseDir(Path file) {
        Path parent = file.toAbsolutePath().normalize().getParent();
        Path name = parent.getFileName();
        if (name != null && name.toString().equals(".toolgate") && parent.getParent() != null) {
            return parent.getParent();
        }
        return parent;
    }

    static FileSettings read(Path file, Source source, Path homeDir) {
        return new SettingsFileReader(file, source, homeDir).read();
    }

    /** The file's text, without a byte order mark. */
    static String readText(Path file) {
        try {
            String text = Files.readString(file);
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            throw new SettingsException("toolgate: " + file + ": not valid UTF-8 (save the file as UTF-8)", e);
        } catch (IOException e) {
            throw new SettingsException("toolgate: " + file + ": cannot read: " + e, e);
        }
    }

    private FileSettings read() {
        Section top = new Section(file.toString(), "", JsonReader.readObject(file.toString(), readText(file)));
        top.only("permissions", "sandbox", "shell", "tools", "hooks", "audit");
        return new FileSettings(file, source, baseDir,
                top.object("permissions").map(this::permissions).orElse(FileSettings.Permissions.NONE),
                top.object("sandbox").map(this::sandbox).orElse(FileSettings.Sandbox.NONE),
                top.object("shell").map(this::shell).orElse(FileSettings.Shell.NONE),
                top.object("tools").map(t -> new ToolsAndHooksReader(t, baseDir).tools()).orElse(FileSettings.Tools.NONE),
                top.object("hooks").map(h -> new ToolsAndHooksReader(h, baseDir).hooks()).orElse(FileSettings.Hooks.NONE),
                top.object("audit").map(this::audit).orElse(FileSettings.Audit.NONE));
    }

    private FileSettings.Permissions permissions(Section s) {
        s.only("defaultMode", "allow", "ask", "deny", "additionalDirectories");
        Located<Mode> mode = s.string("defaultMode").map(v -> {
            try {
                return new Located<>(Mode.fromLabel(v.value()), v.file(), v.at());
            } catch (IllegalArgumentException e) {
                throw s.error(v.at(), s.key("defaultMode") + ": " + e.getMessage());
            }
        }).orElse(null);
        return new FileSettings.Permissions(mode, rules(s, "allow"), rules(s, "ask"), rules(s, "deny"),
                paths(s, "additionalDirectories"));
    }

    private List<SourcedRule> rules(Section s, String name) {
        List<SourcedRule> rules = new ArrayList<>();
        List<Located<String>> texts = s.strings(name).orElse(List.of());
        for (int i = 0; i < texts.size(); i++) {
            Located<String> text = texts.get(i);
            try {
                rules.add(new SourcedRule(Rule.parse(text.value()), source, baseDir, text.origin()));
            } catch (IllegalArgumentException e) {
                throw s.error(text.at(), s.key(name) + "[" + i + "]: " + e.getMessage());
            }
        }
        return List.copyOf(rules);
    }

    private FileSettings.Sandbox sandbox(Section s) {
        s.only("roots", "protectedPaths", "enforce");
        Located<Enforce> enforce = s.string("enforce")
                .map(v -> new Located<>(choice(s, "enforce", v, Map.of("tools", Enforce.TOOLS, "jvm", Enforce.JVM),
                        "tools or jvm"), v.file(), v.at()))
                .orElse(null);
        List<String> protectedPaths = s.strings("protectedPaths").orElse(List.of()).stream()
                .map(Located::value).toList();
        return new FileSettings.Sandbox(paths(s, "roots"), protectedPaths, enforce);
    }

    private FileSettings.Shell shell(Section s) {
        s.only("timeoutSeconds", "maxTimeoutSeconds", "maxOutputChars", "blockNetwork",
                "safeCommands", "dangerousCommands");
        return new FileSettings.Shell(
                s.integer("timeoutSeconds", 1).orElse(null),
                s.integer("maxTimeoutSeconds", 1).orElse(null),
                s.integer("maxOutputChars", 0).orElse(null),
                s.bool("blockNetwork").orElse(null),
                s.strings("safeCommands").orElse(List.of()).stream().map(Located::value).toList(),
                s.strings("dangerousCommands").orElse(List.of()).stream().map(Located::value).toList());
    }

    private FileSettings.Audit audit(Section s) {
        s.only("path", "resources");
        Located<Path> path = s.text("path")
                .map(v -> new Located<>(resolve(s, "path", v), v.file(), v.at())).orElse(null);
        Located<Boolean> all = s.string("resources")
                .map(v -> new Located<>(choice(s, "resources", v, Map.of("denied", false, "all", true),
                        "denied or all"), v.file(), v.at()))
                .orElse(null);
        return new FileSettings.Audit(path, all);
    }

    private List<Path> paths(Section s, String name) {
        List<Path> paths = new ArrayList<>();
        List<Located<String>> texts = s.strings(name).orElse(List.of());
        for (int i = 0; i < texts.size(); i++) {
            paths.add(resolve(s, name + "[" + i + "]", texts.get(i)));
        }
        return List.copyOf(paths);
    }

    /** Absolute and normalised: {@code ~} and {@code ~/x} under the home folder, anything else against baseDir. */
    private Path resolve(Section s, String name, Located<String> text) {
        String value = text.value();
        try {
            Path path = value.equals("~") ? homeDir
                    : value.startsWith("~/") ? homeDir.resolve(value.substring(2))
                    : baseDir.resolve(value);
            return path.toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw s.error(text.at(), s.key(name) + ": invalid path '" + value + "' (" + e.getReason() + ")");
        }
    }

    static <T> T choice(Section s, String name, Located<String> text, Map<String, T> choices, String expected) {
        T value = choices.get(text.value());
        if (value == null) {
            throw s.error(text.at(), s.key(name) + ": unknown value '" + text.value() + "' (expected " + expected + ")");
        }
        return value;
    }
}
