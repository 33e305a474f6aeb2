package dev.toolgate.audit;

import java.util.Map;

/**
 * A small JSON object writer for records on the hot path: no reflection, one StringBuilder.
 * Values are strings, numbers, booleans, null, or maps and iterables of those.
 */
public final class JsonWriter {

    private final StringBuilder out = new StringBuilder(256);
    private boolean first = true;

    public JsonWriter() {
        out.append('{');
    }

    public JsonWriter field(String name, Object value) {
        if (!first) {
            out.append(',');
        }
        first = false;
        string(out, name);
        out.append(':');
        value(out, value);
        return this;
    }

    public String end() {
        return out.append('}').toString();
    }

    private static void value(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
            out.append(value);
        } else if (value instanceof Number number) {
            double d = number.doubleValue();
            if (Double.isFinite(d)) {
                out.append(number);
            } else {
                string(out, number.toString());
            }
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean firstEntry = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!firstEntry) {
                    out.append(',');
                }
                firstEntry = false;
                string(out, String.valueOf(entry.getKey()));
                out.append(':');
                value(out, entry.getValue());
            }
            out.append('}');
        } else if (value instanceof Iterable<?> items) {
            out.append('[');
            boolean firstItem = true;
            for (Object item : items) {
                if (!firstItem) {
                    out.append(',');
                }
                firstItem = false;
                value(out, item);
            }
            out.append(']');
        } else {
            string(out, value.toString());
        }
    }

    static void string(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029 || Character.isSurrogate(c) && !validSurrogate(text, i)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** A lone surrogate would make the line invalid UTF-8; escape it instead. */
    private static boolean validSurrogate(String text, int i) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }
}
