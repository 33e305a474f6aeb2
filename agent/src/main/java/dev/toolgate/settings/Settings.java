package dev.toolgate.settings;

import java.nio.file.Path;
import java.util.List;

/**
 * The merged, validated settings of all sources. Immutable; run-time grants live in the
 * session, not here.
 *
 * @param mode          the starting mode
 * @param modeLocked    true when the policy source sets the mode: it cannot be changed at run time
 * @param projectDir    {@code <project>}, canonical
 * @param settingsFiles the files that were read, highest precedence first (for messages)
 * @param localSettings {@code <project>/.toolgate/settings.local.json}, where "always" answers go
 */
public record Settings(
        Mode mode,
        boolean modeLocked,
        Path projectDir,
        List<SourcedRule> allow,
        List<SourcedRule> ask,
        List<SourcedRule> deny,
        List<Path> additionalDirectories,
        Sandbox sandbox,
        Shell shell,
        Tools tools,
        Hooks hooks,
        Audit audit,
        String askResolver,
        List<Path> settingsFiles,
        Path localSettings) {

    public enum Enforce { TOOLS, JVM }

    /** @param roots absolute, normalised; {@code protectedPaths} as written (bare names match at any depth) */
    public record Sandbox(List<Path> roots, List<String> protectedPaths, Enforce enforce) {
    }

    public record Shell(int timeoutSeconds, int maxTimeoutSeconds, int maxOutputChars, boolean blockNetwork,
                        List<String> safeCommands, List<String> dangerousCommands) {
    }

    public record ToolDeclaration(String method, String name, String interrupt, Boolean readOnly,
                                  Boolean concurrencySafe, Boolean destructive, Boolean requiresUserInteraction,
                                  Boolean abortsSiblings, Boolean subagent, Long timeoutMillis, String origin) {
    }

    public record Tools(int timeoutSeconds, int maxIdenticalCalls, int maxOutputChars,
                        List<ToolDeclaration> declare) {
    }

    public record HookCommand(String type, String command, int timeoutSeconds, Path workingDir) {
    }

    public record HookMatcher(String matcher, List<HookCommand> hooks) {
    }

    public record Hooks(List<HookMatcher> preToolUse, List<HookMatcher> postToolUse) {
    }

    /** @param path null when the audit log is off */
    public record Audit(Path path, boolean allResources) {
    }
}
