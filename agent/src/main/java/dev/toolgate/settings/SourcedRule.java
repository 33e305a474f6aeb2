package dev.toolgate.settings;

import dev.toolgate.rules.Rule;
import java.nio.file.Path;

/**
 * A rule with where it came from. {@code baseDir} is the folder that holds the settings
 * file's {@code .toolgate} folder (or the file's own folder), against which {@code /x}
 * path patterns are anchored; {@code origin} is {@code file:line:column} for messages.
 */
public record SourcedRule(Rule rule, Source source, Path baseDir, String origin) {
}
