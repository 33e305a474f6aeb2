package dev.toolgate.gate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Rules of one behaviour, indexed by name so that a call looks at the rules for its own
 * tool (and the few glob-named ones) rather than at every rule.
 */
public final class RuleIndex {

    public static final RuleIndex EMPTY = new RuleIndex(List.of());

    private final Map<String, List<CompiledRule>> byLiteralName = new HashMap<>();
    private final List<CompiledRule> byGlobName = new ArrayList<>();
    private final List<CompiledRule> all;

    public RuleIndex(List<CompiledRule> rules) {
        this.all = List.copyOf(rules);
        for (CompiledRule rule : rules) {
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
