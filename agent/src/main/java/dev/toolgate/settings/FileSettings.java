package dev.toolgate.settings;

import dev.toolgate.settings.Settings.Enforce;
import dev.toolgate.settings.Settings.HookMatcher;
import dev.toolgate.settings.Settings.ToolDeclaration;
import java.nio.file.Path;
import java.util.List;

/**
 * What one settings file says, validated but not yet merged. A scalar is null when the
 * file does not set it; a list is empty. Paths are absolute, resolved against {@code baseDir}.
 */
record FileSettings(Path file, Source source, Path baseDir, Permissions permissions, Sandbox sandbox,
                    Shell shell, Tools tools, Hooks hooks, Audit audit) {

    record Permissions(Located<Mode> defaultMode, List<SourcedRule> allow, List<SourcedRule> ask,
                       List<SourcedRule> deny, List<Path> additionalDirectories) {
        static final Permissions NONE = new Permissions(null, List.of(), List.of(), List.of(), List.of());
    }

    record Sandbox(List<Path> roots, List<String> protectedPaths, Located<Enforce> enforce) {
        static final Sandbox NONE = new Sandbox(List.of(), List.of(), null);
    }

    record Shell(Located<Integer> timeoutSeconds, Located<Integer> maxTimeoutSeconds,
                 Located<Integer> maxOutputChars, Located<Boolean> blockNetwork,
                 List<String> safeCommands, List<String> dangerousCommands) {
        static final Shell NONE = new Shell(null, null, null, null, List.of(), List.of());
    }

    record Tools(Located<Integer> timeoutSeconds, Located<Integer> maxIdenticalCalls,
                 Located<Integer> maxOutputChars, List<ToolDeclaration> declare) {
        static final Tools NONE = new Tools(null, null, null, List.of());
    }

    record Hooks(List<HookMatcher> preToolUse, List<HookMatcher> postToolUse) {
        static final Hooks NONE = new Hooks(List.of(), List.of());
    }

    record Audit(Located<Path> path, Located<Boolean> allResources) {
        static final Audit NONE = new Audit(null, null);
    }
}
