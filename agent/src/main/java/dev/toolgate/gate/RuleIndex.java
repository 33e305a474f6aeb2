package dev.toolgate.gate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Rules of one behaviour, indexed by name so that a call looks at the rules for its own
 * tool (and the few glob-named ones) rather than at every rule; rules on a resource kind are
 * further indexed by the path prefix their pattern implies, so that a file operation looks at
 * the rules that could match its path, however many there are.
 */
public final class RuleIndex {

    public static final RuleIndex EMPTY = new RuleIndex(List.of());

    private final Map<String, List<CompiledRule>> byLiteralName = new HashMap<>();
    private final List<CompiledRule> byGlobName = new ArrayList<>();
    private final Map<String, KindRules> byKind = new HashMap<>();
    private final List<CompiledRule> all;

    /** One resource kind's rules: path rules by prefix, the rest (and bare names) scanned. */
    private static final class KindRules {
        final List<CompiledRule> scanned = new ArrayList<>();
        final Map<String, List<CompiledRule>> byPathPrefix = new HashMap<>();
        /** The lengths of those prefixes: a path's prefix of any other length is not looked up, nor made. */
        final BitSet prefixLengths = new BitSet();

        void add(CompiledRule rule) {
            List<String> prefixes = rule.pathPrefixes();
            if (prefixes == null || prefixes.isEmpty()) {
                scanned.add(rule);
                return;
            }
            for (String prefix : prefixes) {
                prefixLengths.set(prefix.length());
                List<CompiledRule> rules = byPathPrefix.computeIfAbsent(prefix, k -> new ArrayList<>());
                if (!rules.contains(rule)) {
                    rules.add(rule);
                }
            }
        }
    }

    public RuleIndex(List<CompiledRule> rules) {
        this.all = List.copyOf(rules);
        for (CompiledRule rule : rules) {
            if (rule.name().isLiteral() && dev.toolgate.rules.Rule.RESOURCE_KINDS.contains(rule.name().text())) {
                byKind.computeIfAbsent(rule.name().text(), k -> new KindRules()).add(rule);
            }
            if (rule.name().isLiteral()) {
                byLiteralName.computeIfAbsent(rule.name().text(), k -> new ArrayList<>()).add(rule);
            } else {
                byGlobName.add(rule);
            }
        }
    }

    /** The first rule named by {@code name} (literally or by glob) that passes {@code test}, in source order. */
    public CompiledRule first(String name, Predicate<CompiledRule> test) {
        List<CompiledRule> literal = byLiteralName.get(name);
        if (literal != null) {
            for (CompiledRule rule : literal) {
                if (test.test(rule)) {
                    return rule;
                }
            }
        }
        for (CompiledRule rule : byGlobName) {
            if (rule.matchesName(name) && test.test(rule)) {
                return rule;
            }
        }
        return null;
    }

    /**
     * The first rule literally named {@code kind} that passes {@code test}: a glob name such as
     * {@code *} names tools, never a resource kind. Of the path rules, only those whose prefix
     * starts one of {@code paths} are looked at.
     */
    public CompiledRule firstOfKind(String kind, List<Path> paths, Predicate<CompiledRule> test) {
        KindRules rules = byKind.get(kind);
        if (rules == null) {
            return null;
        }
        for (CompiledRule rule : rules.scanned) {
            if (test.test(rule)) {
                return rule;
            }
        }
        if (rules.byPathPrefix.isEmpty()) {
            return null;
        }
        for (Path path : paths) {
            String text = path.toString();
            for (int slash = text.indexOf('/'); slash >= 0; slash = text.indexOf('/', slash + 1)) {
                if (!rules.prefixLengths.get(slash + 1)) {
                    continue;
                }
                CompiledRule rule = firstIn(rules.byPathPrefix.get(text.substring(0, slash + 1)), test);
                if (rule != null) {
                    return rule;
                }
            }
            // A pattern naming the path itself (its prefix ends where the path does).
            if (rules.prefixLengths.get(text.length() + 1)) {
                CompiledRule rule = firstIn(rules.byPathPrefix.get(text + "/"), test);
                if (rule != null) {
                    return rule;
                }
            }
        }
        return null;
    }

    public boolean hasKind(String kind) {
        return byKind.containsKey(kind);
    }

    private static CompiledRule firstIn(List<CompiledRule> rules, Predicate<CompiledRule> test) {
        if (rules != null) {
            for (CompiledRule rule : rules) {
                if (test.test(rule)) {
                    return rule;
                }
            }
        }
        return null;
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }

    public List<CompiledRule> all() {
        return all;
    }

    public RuleIndex plus(CompiledRule rule) {
        List<CompiledRule> rules = new ArrayList<>(all);
        rules.add(rule);
        return new RuleIndex(rules);
    }
}
