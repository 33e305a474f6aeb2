package dev.toolgate.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads every settings source (SPEC §4), validates it and merges them into {@link Settings}. */
public final class SettingsLoader {

    static final Path DEFAULT_POLICY = Path.of("/etc/toolgate/policy.json");

    private SettingsLoader() {
    }

    /**
     * Loads with the places the JVM's system properties name: {@code toolgate.project} (else
     * {@code user.dir}), {@code user.home}, {@code toolgate.policy} (else
     * {@code /etc/toolgate/policy.json}). A policy file named by the property must exist.
     */
    public static Settings load(AgentArguments args) {
        Path projectDir = Path.of(System.getProperty("toolgate.project", System.getProperty("user.dir")));
        Path homeDir = Path.of(System.getProperty("user.home"));
        String policyProperty = System.getProperty("toolgate.policy");
        Path policy = policyProperty == null ? DEFAULT_POLICY : Path.of(policyProperty);
        if (policyProperty != null && !Files.exists(policy)) {
            throw new SettingsException("toolgate: policy file " + policy.toAbsolutePath()
                    + " (system property toolgate.policy) does not exist");
        }
        return load(args, projectDir, homeDir, policy);
    }

    /** Loads with every place given; a missing file is an absent source, except the {@code config} argument. */
    public static Settings load(AgentArguments args, Path projectDir, Path homeDir, Path policyFile) {
        AgentArguments arguments = args == null ? AgentArguments.NONE : args;
        Path project = canonical(projectDir);
        Path home = homeDir.toAbsolutePath().normalize();
        Sources sources = new Sources(home);
        sources.readIfPresent(policyFile, Source.POLICY);
        if (arguments.config() != null) {
            Path config = arguments.config().toAbsolutePath().normalize();
            if (!Files.exists(config)) {
                throw new SettingsException("toolgate: agent argument 'config=" + arguments.config()
                        + "': settings file " + config + " does not exist");
            }
            sources.readIfPresent(config, Source.CLI);
        }
        Path dotToolgate = project.resolve(".toolgate");
        sources.readIfPresent(dotToolgate.resolve("settings.local.json"), Source.LOCAL);
        sources.readIfPresent(dotToolgate.resolve("settings.json"), Source.PROJECT);
        sources.readIfPresent(home.resolve(".toolgate").resolve("settings.json"), Source.USER);
        return SettingsMerge.merge(sources.files, arguments, project);
    }

    private static Path canonical(Path dir) {
        Path absolute = dir.toAbsolutePath().normalize();
        try {
            return Files.exists(absolute) ? absolute.toRealPath() : absolute;
        } catch (IOException e) {
            throw new SettingsException("toolgate: project folder " + absolute + ": " + e, e);
        }
    }

    /** The files read so far, highest first; a file reached twice (home = project) counts once. */
    private static final class Sources {
        final List<FileSettings> files = new ArrayList<>();
        final Set<Path> seen = new HashSet<>();
        final Path home;

        Sources(Path home) {
            this.home = home;
        }

        void readIfPresent(Path file, Source source) {
            Path absolute = file.toAbsolutePath().normalize();
            if (!Files.exists(absolute)) {
                return;
            }
            if (Files.isDirectory(absolute)) {
                throw new SettingsException("toolgate: " + absolute + ": is a folder (expected a " + source
                        + " settings file)");
            }
            if (seen.add(canonical(absolute))) {
                files.add(SettingsFileReader.read(absolute, source, home));
            }
        }
    }
}
