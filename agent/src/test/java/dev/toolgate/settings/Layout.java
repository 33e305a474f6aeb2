package dev.toolgate.settings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A project, a home folder, a policy file and a cli config file under one temporary folder. */
final class Layout {

    final Path project;
    final Path home;
    final Path policy;
    final Path cli;

    Layout(Path root) {
        try {
            this.project = Files.createDirectories(root.resolve("project")).toRealPath();
            this.home = Files.createDirectories(root.resolve("home")).toRealPath();
            this.policy = root.toRealPath().resolve("etc/toolgate/policy.json");
            this.cli = root.toRealPath().resolve("conf/cli.json");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path file(Source source) {
        return switch (source) {
            case POLICY -> policy;
            case CLI -> cli;
            case LOCAL -> project.resolve(".toolgate/settings.local.json");
            case PROJECT -> project.resolve(".toolgate/settings.json");
            case USER -> home.resolve(".toolgate/settings.json");
            case SESSION -> throw new IllegalArgumentException("no file for the session source");
        };
    }

    Path write(Source source, String json) {
        Path file = file(source);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    void remove(Source source) {
        try {
            Files.deleteIfExists(file(source));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loads with the cli config file given when it exists. */
    Settings load() {
        return load(null);
    }

    Settings load(Mode modeArgument) {
        Path config = Files.exists(cli) ? cli : null;
        return SettingsLoader.load(new AgentArguments(config, modeArgument, null, null), project, home, policy);
    }
}
