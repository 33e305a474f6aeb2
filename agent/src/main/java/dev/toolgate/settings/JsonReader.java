package dev.toolgate.settings;

import dev.toolgate.settings.JsonTree.Arr;
import dev.toolgate.settings.JsonTree.Bool;
import dev.toolgate.settings.JsonTree.Location;
import dev.toolgate.settings.JsonTree.Member;
import dev.toolgate.settings.JsonTree.Node;
import dev.toolgate.settings.JsonTree.Null;
import dev.toolgate.settings.JsonTree.Num;
import dev.toolgate.settings.JsonTree.Obj;
import dev.toolgate.settings.JsonTree.Str;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads strict JSON (RFC 8259) into a {@link JsonTree} with locations. Duplicate keys,
 * trailing content and an empty document are errors; malformed JSON is reported at the
 * character where it goes wrong. Hand-written because a JSON library costs tens of
 * milliseconds at start-up for a few small files.
 */
final class JsonReader {

    /** Jackson's default limit; deeper documents would only exhaust the stack. */
    private static final int MAX_DEPTH = 1000;

    private static final String ESCAPES = "\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX";

    private final String file;
    private final String text;
    private int pos;
    private int line = 1;
    private int lineStart;
    private int depth;

    private JsonReader(String file, String text) {
        this.file = file;
        this.text = text;
    }

    /** Parses {@code text}; {@code file} is the name used in messages. */
    static Obj readObject(String file, String text) {
        JsonReader reader = new JsonReader(file, text);
        reader.skipWhitespace();
        if (reader.atEnd()) {
            throw SettingsException.at(file, new Location(1, 1),
                    "the file is empty (expected a JSON object such as {})");
        }
        Node root = reader.value("");
        if (!(root instanceof Obj obj)) {
            throw SettingsException.at(file, root.at(),
                    "expected a JSON object at the top level, found " + root.kind());
        }
        reader.skipWhitespace();
        if (!reader.atEnd()) {
            throw SettingsException.at(file, reader.here(),
                    "unexpected content after the JSON object (expected the end of the file)");
        }
        return obj;
    }

    private Node value(String path) {
        Location at = here();
        char c = atEnd() ? 0 : text.charAt(pos);
        return switch (c) {
            case '{' -> object(at, path);
            case '[' -> array(at, path);
            case '"' -> new Str(string(), at);
            case 't' -> {
                word("true");
                yield new Bool(true, at);
            }
            case 'f' -> {
                word("false");
                yield new Bool(false, at);
            }
            case 'n' -> {
                word("null");
                yield new Null(at);
            }
            default -> {
                if (c == '-' || isDigit(c)) {
                    yield number(at);
                }
                throw unexpected("a value");
            }
        };
    }

    private Obj object(Location at, String path) {
        enter();
        Map<String, Member> members = new LinkedHashMap<>();
        skipWhitespace();
        if (next('}')) {
            depth--;
            return new Obj(members, at);
        }
        do {
            skipWhitespace();
            Location keyAt = here();
            if (atEnd() || text.charAt(pos) != '"') {
                throw unexpected("a string key in double quotes");
            }
            String key = string();
            String dotted = path.isEmpty() ? key : path + "." + key;
            Member earlier = members.get(key);
            if (earlier != null) {
                throw SettingsException.at(file, keyAt,
                        "duplicate key '" + dotted + "' (first written at " + earlier.keyAt() + "; keep only one)");
            }
            skipWhitespace();
            if (!next(':')) {
                throw unexpected("':' after the key");
            }
            skipWhitespace();
            members.put(key, new Member(key, keyAt, value(dotted)));
            skipWhitespace();
        } while (next(','));
        if (!next('}')) {
            throw unexpected("'}' or ','");
        }
        depth--;
        return new Obj(members, at);
    }

    private Arr array(Location at, String path) {
        enter();
        ArrayList<Node> items = new ArrayList<>();
        skipWhitespace();
        if (next(']')) {
            depth--;
            return new Arr(items, at);
        }
        do {
            skipWhitespace();
            items.add(value(path + "[" + items.size() + "]"));
            skipWhitespace();
        } while (next(','));
        if (!next(']')) {
            throw unexpected("']' or ','");
        }
        depth--;
        return new Arr(items, at);
    }

    /** Steps over an opening bracket, one level deeper. */
    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw malformed("more than " + MAX_DEPTH + " nested objects and lists");
        }
        pos++;
    }

    /** From the opening quote to past the closing one; the value with its escapes decoded. */
    private String string() {
        int start = ++pos;
        StringBuilder decoded = null;
        while (true) {
            if (atEnd()) {
                throw unexpected("'\"' to close the string");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                String value = decoded == null ? text.substring(start, pos)
                        : decoded.append(text, start, pos).toString();
                pos++;
                return value;
            } else if (c == '\\') {
                if (decoded == null) {
                    decoded = new StringBuilder(pos - start + 16);
                }
                decoded.append(text, start, pos);
                escape(decoded);
                start = pos;
            } else if (c < 0x20) {
                throw malformed("unescaped control character " + describe(c) + " in a string (write it as "
                        + escapeFor(c) + ")");
            } else {
                pos++;
            }
        }
    }

    /** From the backslash to past the escape; a surrogate pair must come whole, as two escapes. */
    private void escape(StringBuilder out) {
        int backslash = pos++;
        char c = atEnd() ? 0 : text.charAt(pos);
        char decoded = switch (c) {
            case '"', '\\', '/' -> c;
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> 0;
            default -> throw unexpected("an escape: " + ESCAPES);
        };
        pos++;
        if (c != 'u') {
            out.append(decoded);
            return;
        }
        char high = hexDigits();
        if (Character.isLowSurrogate(high)) {
            throw malformed(backslash, "lone low surrogate " + text.substring(backslash, pos)
                    + " (expected a high surrogate \\uD800 to \\uDBFF before it)");
        }
        if (!Character.isHighSurrogate(high)) {
            out.append(high);
            return;
        }
        String first = text.substring(backslash, pos);
        int second = pos;
        if (!text.startsWith("\\u", pos)) {
            throw unexpected("a low surrogate \\uDC00 to \\uDFFF after " + first);
        }
        pos += 2;
        char low = hexDigits();
        if (!Character.isLowSurrogate(low)) {
            throw malformed(second, text.substring(second, pos) + " after " + first
                    + " is not a low surrogate (expected \\uDC00 to \\uDFFF)");
        }
        out.append(high).append(low);
    }

    /** Four hex digits, as in a unicode escape. */
    private char hexDigits() {
        int code = 0;
        for (int i = 0; i < 4; i++) {
            int digit = atEnd() ? -1 : hexDigit(text.charAt(pos));
            if (digit < 0) {
                throw unexpected("four hex digits after \\u");
            }
            code = code << 4 | digit;
            pos++;
        }
        return (char) code;
    }

    private Num number(Location at) {
        int start = pos;
        next('-');
        if (next('0')) {
            if (!atEnd() && isDigit(text.charAt(pos))) {
                throw malformed(found() + " (leading zeros are not allowed in numbers)");
            }
        } else {
            digits("a digit");
        }
        boolean integral = true;
        if (next('.')) {
            integral = false;
            digits("a digit after '.'");
        }
        if (next('e') || next('E')) {
            integral = false;
            if (!next('+')) {
                next('-');
            }
            digits("a digit in the exponent");
        }
        return new Num(text.substring(start, pos), integral, at);
    }

    private void digits(String expected) {
        if (atEnd() || !isDigit(text.charAt(pos))) {
            throw unexpected(expected);
        }
        do {
            pos++;
        } while (!atEnd() && isDigit(text.charAt(pos)));
    }

    private void word(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (atEnd() || text.charAt(pos) != word.charAt(i)) {
                throw unexpected("'" + word + "'");
            }
            pos++;
        }
    }

    /** JSON's four whitespace characters; a line ends at {@code \n}, {@code \r\n} or a lone {@code \r}. */
    private void skipWhitespace() {
        while (!atEnd()) {
            char c = text.charAt(pos);
            if (c == ' ' || c == '\t') {
                pos++;
            } else if (c == '\n' || c == '\r') {
                pos++;
                if (c == '\r' && !atEnd() && text.charAt(pos) == '\n') {
                    pos++;
                }
                line++;
                lineStart = pos;
            } else {
                return;
            }
        }
    }

    /** Steps over {@code c} if it comes next. */
    private boolean next(char c) {
        if (!atEnd() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private boolean atEnd() {
        return pos >= text.length();
    }

    private Location here() {
        return location(pos);
    }

    /** Columns count UTF-16 chars, as Jackson's did: a character beyond U+FFFF takes two. */
    private Location location(int at) {
        return new Location(line, at - lineStart + 1);
    }

    private SettingsException unexpected(String expected) {
        return malformed(found() + " (expected " + expected + ")");
    }

    private String found() {
        return atEnd() ? "unexpected end of the file" : "unexpected character " + describe(text.codePointAt(pos));
    }

    private SettingsException malformed(String problem) {
        return malformed(pos, problem);
    }

    /** At {@code at} on the current line. */
    private SettingsException malformed(int at, String problem) {
        return SettingsException.at(file, location(at), "malformed JSON: " + problem);
    }

    /** {@code 'x'} for a visible character, {@code U+0009} for one that would not show in a message. */
    private static String describe(int c) {
        int type = Character.getType(c);
        boolean invisible = Character.isISOControl(c) || Character.isWhitespace(c) || Character.isSpaceChar(c)
                || type == Character.FORMAT || type == Character.SURROGATE || type == Character.UNASSIGNED
                || type == Character.PRIVATE_USE;
        if (!invisible) {
            return "'" + new String(Character.toChars(c)) + "'";
        }
        String hex = Integer.toHexString(c).toUpperCase(Locale.ROOT);
        return "U+" + "0000".substring(Math.min(4, hex.length())) + hex;
    }

    private static String escapeFor(char c) {
        return switch (c) {
            case '\b' -> "\\b";
            case '\f' -> "\\f";
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> "\\u" + describe(c).substring(2);
        };
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
