package dev.toolgate.settings;

import java.util.List;
import java.util.Map;

/** A parsed JSON document that remembers where every value and key was written. */
final class JsonTree {

    private JsonTree() {
    }

    /** 1-based line and column. */
    record Location(int line, int column) {
        @Override
        public String toString() {
            return line + ":" + column;
        }
    }

    sealed interface Node permits Obj, Arr, Str, Num, Bool, Null {
        Location at();

        /** "an object", "a list", … for messages. */
        String kind();
    }

    record Member(String key, Location keyAt, Node value) {
    }

    /** @param members in file order, keys unique */
    record Obj(Map<String, Member> members, Location at) implements Node {
        @Override
        public String kind() {
            return "an object";
        }
    }

    record Arr(List<Node> items, Location at) implements Node {
        @Override
        public String kind() {
            return "a list";
        }
    }

    record Str(String value, Location at) implements Node {
        @Override
        public String kind() {
            return "a string";
        }
    }

    /** @param text the number as written; {@code integral} when it has no fraction or exponent */
    record Num(String text, boolean integral, Location at) implements Node {
        @Override
        public String kind() {
            return "a number";
        }
    }

    record Bool(boolean value, Location at) implements Node {
        @Override
        public String kind() {
            return "a boolean";
        }
    }

    record Null(Location at) implements Node {
        @Override
        public String kind() {
            return "null";
        }
    }
}
