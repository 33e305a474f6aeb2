package dev.toolgate.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.lang.reflect.Type;

/**
 * Values between Java and a hook's JSON: arguments and results shown to hooks, and the
 * arguments and results hooks hand back, converted to the method's declared types.
 */
final class Conversions {

    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);

    private Conversions() {
    }

    /** As JSON: numbers, strings, lists, maps, records and beans as themselves; anything else as its text. */
    static JsonNode toJson(Object value) {
        if (value == null) {
            return NullNode.getInstance();
        }
        try {
            return MAPPER.valueToTree(value);
        } catch (RuntimeException notABean) {
            return TextNode.valueOf(text(value));
        }
    }

    static String text(Object value) {
        try {
            return String.valueOf(value);
        } catch (RuntimeException e) {
            return value.getClass().getName();
        }
    }

    /**
     * @param value a JSON node from a command hook, or any object from a Java hook
     * @throws IllegalArgumentException with what is wrong, when the value does not fit the type
     */
    static Object convert(Object value, Type type) {
        JavaType target = MAPPER.constructType(type);
        Class<?> raw = target.getRawClass();
        if (value == null || value instanceof JsonNode node && node.isNull()) {
            if (raw.isPrimitive()) {
                throw new IllegalArgumentException("null is not a " + raw.getName());
            }
            return null;
        }
        if (!(value instanceof JsonNode) && wrapper(raw).isInstance(value)) {
            return value;
        }
        JsonNode node = value instanceof JsonNode n ? n : toJson(value);
        try {
            return MAPPER.treeToValue(node, target);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
            throw new IllegalArgumentException(shorten(node.toString()) + " is not a " + target.toCanonical()
                    + " (" + firstLine(message) + ")");
        }
    }

    static String shorten(String text) {
        return text.length() <= 100 ? text : text.substring(0, 100) + "…";
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "no detail";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    private static Class<?> wrapper(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        if (type == int.class) {
            return Integer.class;
        }
        if (type == long.class) {
            return Long.class;
        }
        if (type == boolean.class) {
            return Boolean.class;
        }
        if (type == double.class) {
            return Double.class;
        }
        if (type == float.class) {
            return Float.class;
        }
        if (type == short.class) {
            return Short.class;
        }
        if (type == byte.class) {
            return Byte.class;
        }
        if (type == char.class) {
            return Character.class;
        }
        return Void.class;
    }
}
