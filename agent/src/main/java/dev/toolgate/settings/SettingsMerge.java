package dev.toolgate.settings;

import dev.toolgate.settings.Settings.Enforce;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Function;

/**
 * Merges the files of all sources, highest precedence first (SPEC §4): a scalar comes from
 * the highest source that sets it, lists are concatenated highest first.
 */
final class SettingsMerge {

    static final int SHELL_TIMEOUT_SECONDS = 60;
    static final int SHELL_MAX_TIMEOUT_SECONDS = 120;
    static final int SHELL_MAX_OUTPUT_CHARS = 4000;
    static final int TOOLS_TIMEOUT_SECONDS = 120;
    static final int TOOLS_MAX_IDENTICAL_CALLS = 3;

    private final List<FileSettings> files;

    private SettingsMerge(List<FileSettings> files) {
        this.files = files;
    }

    static Settings merge(List<FileSettings> files, AgentArguments args, Path projectDir) {
        return new SettingsMerge(files).merge(args, projectDir);
    }

    private Settings merge(AgentArguments args, Path projectDir) {
        Located<Mode> policyMode = files.stream().filter(f -> f.source() == Source.POLICY)
                .map(f -> f.permissions().defaultMode()).filter(m -> m != null).findFirst().orElse(null);
        Mode mode = policyMode != null ? policyMode.value()
                : args.mode() != null ? args.mode()
                : value(first(f -> f.permissions().defaultMode()), Mode.DEFAULT);

        List<Path> roots = all(f -> f.sandbox().roots());
        Settings.Sandbox sandbox = new Settings.Sandbox(roots.isEmpty() ? List.of(projectDir) : roots,
                all(f -> f.sandbox().protectedPaths()), value(first(f -> f.sandbox().enforce()), Enforce.TOOLS));

        Timeouts timeouts = shellTimeouts(first(f -> f.shell().timeoutSeconds()),
                first(f -> f.shell().maxTimeoutSeconds()));
        Settings.Shell shell = new Settings.Shell(timeouts.timeout(), timeouts.max(),
                value(first(f -> f.shell().maxOutputChars()), SHELL_MAX_OUTPUT_CHARS),
                value(first(f -> f.shell().blockNetwork()), true),
                all(f -> f.shell().safeCommands()), all(f -> f.shell().dangerousCommands()));

        Settings.Tools tools = new Settings.Tools(
                value(first(f -> f.tools().timeoutSeconds()), TOOLS_TIMEOUT_SECONDS),
                value(first(f -> f.tools().maxIdenticalCalls()), TOOLS_MAX_IDENTICAL_CALLS),
                value(first(f -> f.tools().maxOutputChars()), 0),
                all(f -> f.tools().declare()));

        Settings.Hooks hooks = new Settings.Hooks(all(f -> f.hooks().preToolUse()), all(f -> f.hooks().postToolUse()));

        return new Settings(mode, policyMode != null, projectDir,
                all(f -> f.permissions().allow()), all(f -> f.permissions().ask()), all(f -> f.permissions().deny()),
                all(f -> f.permissions().additionalDirectories()), sandbox, shell, tools, hooks,
                audit(args, projectDir), args.ask(),
                files.stream().map(FileSettings::file).toList(),
                projectDir.resolve(".toolgate").resolve("settings.local.json"));
    }

    private Settings.Audit audit(AgentArguments args, Path projectDir) {
        boolean allResources = value(first(f -> f.audit().allResources()), false);
        Path path;
        if ("off".equals(args.audit())) {
            path = null;
        } else if (args.audit() != null) {
            path = projectDir.resolve(args.audit()).normalize();
        } else {
            path = value(first(f -> f.audit().path()), projectDir.resolve(".toolgate").resolve("audit.jsonl"));
        }
        return new Settings.Audit(path, allResources);
    }

    private record Timeouts(int timeout, int max) {
    }

    /**
     * Shell timeoutSeconds and maxTimeoutSeconds. Set together (in any sources) they must agree;
     * when only one is set, the other's default gives way to it.
     */
    private Timeouts shellTimeouts(Located<Integer> timeout, Located<Integer> max) {
        if (timeout != null && max != null) {
            if (max.value() < timeout.value()) {
                if (rank(timeout) > rank(max)) {
                    throw SettingsException.at(timeout.file(), timeout.at(), "shell.timeoutSeconds: " + timeout.value()
                            + " is more than shell.maxTimeoutSeconds (" + max.value() + ", set at " + max.origin()
                            + "); lower it to at most " + max.value());
                }
                throw SettingsException.at(max.file(), max.at(), "shell.maxTimeoutSeconds: " + max.value()
                        + " is less than shell.timeoutSeconds (" + timeout.value() + ", set at " + timeout.origin()
                        + "); raise it to at least " + timeout.value());
            }
            return new Timeouts(timeout.value(), max.value());
        }
        if (timeout != null) {
            return new Timeouts(timeout.value(), Math.max(SHELL_MAX_TIMEOUT_SECONDS, timeout.value()));
        }
        if (max != null) {
            return new Timeouts(Math.min(SHELL_TIMEOUT_SECONDS, max.value()), max.value());
        }
        return new Timeouts(SHELL_TIMEOUT_SECONDS, SHELL_MAX_TIMEOUT_SECONDS);
    }

    /** The position of the value's file among the sources, 0 being the highest. */
    private int rank(Located<?> value) {
        for (int i = 0; i < files.size(); i++) {
            if (files.get(i).file().toString().equals(value.file())) {
                return i;
            }
        }
        return files.size();
    }

    private <T> Located<T> first(Function<FileSettings, Located<T>> getter) {
        for (FileSettings file : files) {
            Located<T> value = getter.apply(file);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    private static <T> T value(Located<T> located, T fallback) {
        return located == null ? fallback : located.value();
    }

    /** Concatenated highest first, each element once. */
    private <T> List<T> all(Function<FileSettings, List<T>> getter) {
        LinkedHashSet<T> all = new LinkedHashSet<>();
        for (FileSettings file : files) {
            all.addAll(getter.apply(file));
        }
        return List.copyOf(new ArrayList<>(all));
    }
}
