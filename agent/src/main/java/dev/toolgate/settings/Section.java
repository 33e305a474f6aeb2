package dev.toolgate.settings;

import dev.toolgate.settings.JsonTree.Arr;
import dev.toolgate.settings.JsonTree.Bool;
import dev.toolgate.settings.JsonTree.Location;
import dev.toolgate.settings.JsonTree.Member;
import dev.toolgate.settings.JsonTree.Node;
import dev.toolgate.settings.JsonTree.Num;
import dev.toolgate.settings.JsonTree.Obj;
import dev.toolgate.settings.JsonTree.Str;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One JSON object of a settings file, with typed, validating accessors. Every problem
 * becomes a {@link SettingsException} naming the file, line, column and dotted key.
 *
 * @param path the dotted key of this object ({@code ""} at the top level)
 */
record Section(String file, String path, Obj obj) {

    /** Fails on the first key that is not one of {@code allowed}. */
    void only(String... allowed) {
        for (Member member : obj.members().values()) {
            if (!List.of(allowed).contains(member.key())) {
                throw error(member.keyAt(), "unknown key '" + key(member.key())
                        + "' (expected one of: " + String.join(", ", allowed) + ")");
            }
        }
    }

    /** The dotted name of {@code name} inside this section. */
    String key(String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    SettingsException error(Location at, String problem) {
        return SettingsException.at(file, at, problem);
    }

    Optional<Section> object(String name) {
        return node(name).map(node -> asSection(key(name), node));
    }

    Optional<Located<String>> string(String name) {
        return node(name).map(node -> asString(key(name), node));
    }

    /** A string that must not be blank. */
    Optional<Located<String>> text(String name) {
        return string(name).map(value -> {
            if (value.value().isBlank()) {
                throw error(value.at(), key(name) + ": expected a non-empty string");
            }
            return value;
        });
    }

    Optional<Located<Boolean>> bool(String name) {
        return node(name).map(node -> {
            if (node instanceof Bool bool) {
                return new Located<>(bool.value(), file, node.at());
            }
            throw wrongType(key(name), "true or false", node);
        });
    }

    /** A whole number from {@code min} to {@code max}. */
    Optional<Located<Long>> number(String name, long min, long max) {
        return node(name).map(node -> {
            if (!(node instanceof Num num)) {
                throw wrongType(key(name), "a whole number", node);
            }
            if (!num.integral()) {
                throw error(node.at(), key(name) + ": expected a whole number, found " + num.text());
            }
            long value;
            try {
                value = Long.parseLong(num.text());
            } catch (NumberFormatException e) {
                value = num.text().startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
            if (value < min || value > max) {
                String bound = value < min ? "at least " + min : "at most " + max;
                throw error(node.at(), key(name) + ": expected a whole number " + bound + ", found " + num.text());
            }
            return new Located<>(value, file, node.at());
        });
    }

    Optional<Located<Integer>> integer(String name, int min) {
        return number(name, min, Integer.MAX_VALUE)
                .map(n -> new Located<>(n.value().intValue(), n.file(), n.at()));
    }

    /** A list of strings, each non-blank. */
    Optional<List<Located<String>>> strings(String name) {
        return node(name).map(node -> {
            String key = key(name);
            if (!(node instanceof Arr arr)) {
                throw wrongType(key, "a list of strings", node);
            }
            List<Located<String>> values = new ArrayList<>();
            for (int i = 0; i < arr.items().size(); i++) {
                Located<String> value = asString(key + "[" + i + "]", arr.items().get(i));
                if (value.value().isBlank()) {
                    throw error(value.at(), key + "[" + i + "]: expected a non-empty string");
                }
                values.add(value);
            }
            return values;
        });
    }

    /** A list of objects, as sections named {@code key[i]}. */
    Optional<List<Section>> objects(String name) {
        return node(name).map(node -> {
            String key = key(name);
            if (!(node instanceof Arr arr)) {
                throw wrongType(key, "a list of objects", node);
            }
            List<Section> sections = new ArrayList<>();
            for (int i = 0; i < arr.items().size(); i++) {
                sections.add(asSection(key + "[" + i + "]", arr.items().get(i)));
            }
            return sections;
        });
    }

    /** Fails when {@code name} is absent. */
    SettingsException missing(String name, String expected) {
        return error(obj.at(), path + ": missing '" + name + "' (expected " + expected + ")");
    }

    private Optional<Node> node(String name) {
        return Optional.ofNullable(obj.members().get(name)).map(Member::value);
    }

    private Section asSection(String key, Node node) {
        if (node instanceof Obj child) {
            return new Section(file, key, child);
        }
        throw wrongType(key, "an object", node);
    }

    private Located<String> asString(String key, Node node) {
        if (node instanceof Str str) {
            return new Located<>(str.value(), file, node.at());
        }
        throw wrongType(key, "a string", node);
    }

    private SettingsException wrongType(String key, String expected, Node found) {
        return error(found.at(), key + ": expected " + expected + ", found " + found.kind());
    }
}
