package dev.toolgate.gate;

import dev.toolgate.rules.PathPattern;
import dev.toolgate.settings.Settings;
import dev.toolgate.settings.SourcedRule;
import dev.toolgate.shell.ShellPolicy;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The settings compiled for the gate: rule indexes, sandbox roots, protected paths, shell lists. */
public record GatePolicy(
        RuleIndex deny,
        RuleIndex ask,
        RuleIndex allow,
        List<Path> roots,
        List<Path> alwaysReadable,
        List<Path> alwaysWritable,
        List<Path> javaHome,
        List<PathPattern> protectedPaths,
        ShellPolicy shell,
        Path projectDir,
        Path homeDir) {

    /** Written to by nothing but the user: a write here could switch the gate off or run code later. */
    static final List<String> BUILT_IN_PROTECTED = List.of(
            ".git", ".toolgate", ".bashrc", ".bash_profile", ".zshrc", ".profile", ".ssh", ".gitconfig");

    public static GatePolicy compile(Settings settings) {
        Path project = settings.projectDir();
        Path home = Path.of(System.getProperty("user.home")).toAbsolutePath().normalize();
        List<Path> roots = new ArrayList<>();
        roots.add(project);
        roots.addAll(settings.sandbox().roots());
        roots.addAll(settings.additionalDirectories());
        roots.add(Path.of(System.getProperty("java.io.tmpdir")));
        List<PathPattern> protectedPaths = new ArrayList<>();
        Set<String> protectedNames = new LinkedHashSet<>(BUILT_IN_PROTECTED);
        protectedNames.addAll(settings.sandbox().protectedPaths());
        for (String name : protectedNames) {
            protectedPaths.add(PathPattern.compile(name, project, project, home));
        }
        return new GatePolicy(
                index(settings.deny(), project, home),
                index(settings.ask(), project, home),
                index(settings.allow(), project, home),
                canonicalAll(roots),
                canonicalAll(readableByDefault()),
                canonicalAll(SYSTEM_WRITABLE),
                List.of(Path.of(System.getProperty("java.home")).toAbsolutePath().normalize()),
                List.copyOf(protectedPaths),
                new ShellPolicy(Set.copyOf(settings.shell().safeCommands()),
                        Set.copyOf(settings.shell().dangerousCommands()), settings.shell().blockNetwork()),
                project,
                home);
    }

    private static RuleIndex index(List<SourcedRule> rules, Path project, Path home) {
        List<CompiledRule> compiled = new ArrayList<>(rules.size());
        for (SourcedRule rule : rules) {
            compiled.add(CompiledRule.compile(rule, project, home));
        }
        return new RuleIndex(compiled);
    }

    /**
     * What the JDK itself reads on a tool's behalf (randomness, name resolution, time zones,
     * container limits, its own process): denying it would break tools, not protect anything.
     */
    static final List<Path> SYSTEM_READABLE = List.of(
            Path.of("/dev/null"), Path.of("/dev/zero"), Path.of("/dev/random"), Path.of("/dev/urandom"),
            Path.of("/proc/self"), Path.of("/proc/" + ProcessHandle.current().pid()), Path.of("/sys/fs/cgroup"),
            Path.of("/etc/hosts"), Path.of("/etc/resolv.conf"), Path.of("/etc/nsswitch.conf"), Path.of("/etc/host.conf"),
            Path.of("/etc/gai.conf"), Path.of("/etc/localtime"), Path.of("/etc/timezone"),
            Path.of("/usr/share/zoneinfo"), Path.of("/etc/mime.types"));

    static final List<Path> SYSTEM_WRITABLE = List.of(Path.of("/dev/null"));

    /** The JDK, the class path and the system files above: reading them reveals nothing worth hiding. */
    private static List<Path> readableByDefault() {
        List<Path> readable = new ArrayList<>(SYSTEM_READABLE);
        readable.add(Path.of(System.getProperty("java.home")));
        String classPath = System.getProperty("java.class.path", "");
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                readable.add(Path.of(entry));
            }
        }
        return readable;
    }

    private static List<Path> canonicalAll(List<Path> paths) {
        Set<Path> canonical = new LinkedHashSet<>();
        for (Path path : paths) {
            Path absolute = path.toAbsolutePath().normalize();
            canonical.add(absolute);
            if (Files.exists(absolute)) {
                canonical.add(dev.toolgate.sandbox.CanonicalPaths.canonical(absolute));
            }
        }
        return List.copyOf(canonical);
    }

    public boolean isProtected(PathSubject path) {
        for (PathPattern pattern : protectedPaths) {
            if (pattern.matches(path.link()) || pattern.matches(path.target())) {
                return true;
            }
        }
        return false;
    }
}
