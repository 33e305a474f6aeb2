package dev.toolgate.settings;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolgate.settings.JsonTree.Arr;
import dev.toolgate.settings.JsonTree.Bool;
import dev.toolgate.settings.JsonTree.Location;
import dev.toolgate.settings.JsonTree.Member;
import dev.toolgate.settings.JsonTree.Node;
import dev.toolgate.settings.JsonTree.Null;
import dev.toolgate.settings.JsonTree.Num;
import dev.toolgate.settings.JsonTree.Obj;
import dev.toolgate.settings.JsonTree.Str;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads strict JSON into a {@link JsonTree} with locations. Duplicate keys, trailing
 * content and an empty document are errors; malformed JSON is reported where Jackson
 * found it.
 */
final class JsonReader {

    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private final String file;
    private final JsonParser parser;

    private JsonReader(String file, JsonParser parser) {
        this.file = file;
        this.parser = parser;
    }

    /** Parses {@code text}; {@code file} is the name used in messages. */
    static Obj readObject(String file, String text) {
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonReader reader = new JsonReader(file, parser);
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw SettingsException.at(file, new Location(1, 1),
                        "the file is empty (expected a JSON object such as {})");
            }
            Node root = reader.value(first, "");
            if (!(root instanceof Obj obj)) {
                throw SettingsException.at(file, root.at(),
                        "expected a JSON object at the top level, found " + root.kind());
            }
            if (parser.nextToken() != null) {
                throw SettingsException.at(file, reader.here(),
                        "unexpected content after the JSON object (expected the end of the file)");
            }
            return obj;
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            Location at = loc == null ? new Location(1, 1)
                    : new Location(Math.max(1, loc.getLineNr()), Math.max(1, loc.getColumnNr()));
            throw SettingsException.at(file, at, "malformed JSON: " + withoutSource(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new SettingsException("toolgate: " + file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** Jackson names locations {@code [Source: …; line: 2, column: 12]}; we write {@code 2:12}. */
    private static String withoutSource(String message) {
        // Compiled here, on the error path only: a first regular expression costs milliseconds at start-up.
        return Pattern.compile("\\[Source: [^;\\]]*; line: (\\d+), column: (\\d+)\\]").matcher(message)
                .replaceAll("$1:$2");
    }

    private Location here() {
        JsonLocation loc = parser.currentTokenLocation();
        return new Location(loc.getLineNr(), loc.getColumnNr());
    }

    private Node value(JsonToken token, String path) throws IOException {
        Location at = here();
        return switch (token) {
            case START_OBJECT -> object(at, path);
            case START_ARRAY -> array(at, path);
            case VALUE_STRING -> new Str(parser.getText(), at);
            case VALUE_NUMBER_INT -> new Num(parser.getText(), true, at);
            case VALUE_NUMBER_FLOAT -> new Num(parser.getText(), false, at);
            case VALUE_TRUE -> new Bool(true, at);
            case VALUE_FALSE -> new Bool(false, at);
            case VALUE_NULL -> new Null(at);
            default -> throw SettingsException.at(file, at, "unexpected JSON token " + token);
        };
    }

    private Obj object(Location at, String path) throws IOException {
        Map<String, Member> members = new LinkedHashMap<>();
        JsonToken token;
        while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            Location keyAt = here();
            String dotted = path.isEmpty() ? key : path + "." + key;
            Member earlier = members.get(key);
            if (earlier != null) {
                throw SettingsException.at(file, keyAt,
                        "duplicate key '" + dotted + "' (first written at " + earlier.keyAt() + "; keep only one)");
            }
            members.put(key, new Member(key, keyAt, value(parser.nextToken(), dotted)));
        }
        if (token != JsonToken.END_OBJECT) {
            throw SettingsException.at(file, here(), "unexpected JSON token " + token);
        }
        return new Obj(members, at);
    }

    private Arr array(Location at, String path) throws IOException {
        ArrayList<Node> items = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token == null) {
                throw SettingsException.at(file, here(), "unexpected end of the file inside a list");
            }
            items.add(value(token, path + "[" + items.size() + "]"));
        }
        return new Arr(items, at);
    }
}
