package dev.toolgate.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.toolgate.settings.JsonTree.Arr;
import dev.toolgate.settings.JsonTree.Bool;
import dev.toolgate.settings.JsonTree.Member;
import dev.toolgate.settings.JsonTree.Node;
import dev.toolgate.settings.JsonTree.Num;
import dev.toolgate.settings.JsonTree.Obj;
import dev.toolgate.settings.JsonTree.Str;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Strict JSON: every value kind with where it starts, and every malformed input with where it goes wrong. */
class JsonReaderTest {

    /**
     * A tree as one line: each value is followed by {@code @line:column}, each key by its own;
     * numbers show whether they are integral, {@code int(1)} or {@code real(1.5)}.
     */
    static String render(Node node) {
        String body;
        if (node instanceof Obj obj) {
            List<String> members = new ArrayList<>();
            for (Member m : obj.members().values()) {
                members.add(m.key() + "@" + m.keyAt() + "=" + render(m.value()));
            }
            body = "{" + String.join(", ", members) + "}";
        } else if (node instanceof Arr arr) {
            List<String> items = new ArrayList<>();
            for (Node item : arr.items()) {
                items.add(render(item));
            }
            body = "[" + String.join(", ", items) + "]";
        } else if (node instanceof Str str) {
            body = "\"" + str.value() + "\"";
        } else if (node instanceof Num num) {
            body = (num.integral() ? "int(" : "real(") + num.text() + ")";
        } else if (node instanceof Bool bool) {
            body = String.valueOf(bool.value());
        } else {
            body = "null";
        }
        return body + "@" + node.at();
    }

    static Stream<Arguments> validDocuments() {
        return Stream.of(
                Arguments.of("{}", "{}@1:1"),
                Arguments.of(" \t\n  {  }  \n", "{}@2:3"),
                Arguments.of("{\"s\": \"x\", \"t\": true, \"f\": false, \"n\": null, \"o\": {}, \"l\": [], \"i\": 7}",
                        "{s@1:2=\"x\"@1:7, t@1:12=true@1:17, f@1:23=false@1:28, n@1:35=null@1:40, o@1:46={}@1:51,"
                                + " l@1:55=[]@1:60, i@1:64=int(7)@1:69}@1:1"),
                Arguments.of("{\"z\": 1, \"a\": 2, \"m\": 3}", "{z@1:2=int(1)@1:7, a@1:10=int(2)@1:15, m@1:18=int(3)@1:23}@1:1"),
                Arguments.of("{\"a\":[1,[2,[]],{\"b\":{\"c\":[null]}}]}",
                        "{a@1:2=[int(1)@1:7, [int(2)@1:10, []@1:12]@1:9, {b@1:17={c@1:22=[null@1:27]@1:26}@1:21}@1:16]@1:6}@1:1"),
                Arguments.of("""
                        {
                          "permissions": {
                            "allow": ["read_file", "run_bash(git status)"],
                            "defaultMode": "default"
                          },
                          "shell": {"timeoutSeconds": 60}
                        }
                        """,
                        "{permissions@2:3={allow@3:5=[\"read_file\"@3:15, \"run_bash(git status)\"@3:28]@3:14,"
                                + " defaultMode@4:5=\"default\"@4:20}@2:18, shell@6:3={timeoutSeconds@6:13=int(60)@6:31}@6:12}@1:1"),
                // A line ends at \n, \r\n or a lone \r.
                Arguments.of("{\r\n\"a\":\r1,\n\r\"b\":\r\n\r\n  2}",
                        "{a@2:1=int(1)@3:1, b@5:1=int(2)@7:3}@1:1"),
                Arguments.of("{\t\"a\":\t1}", "{a@1:3=int(1)@1:8}@1:1"),
                // Columns count UTF-16 chars: the emoji takes two.
                Arguments.of("{\"\uD83D\uDE00\": 1, \"b\": 2}", "{\uD83D\uDE00@1:2=int(1)@1:8, b@1:11=int(2)@1:16}@1:1"),
                // Columns count the escapes as written, not the characters they stand for.
                Arguments.of("{\"a\\n\": \"\\u0041\", \"b\": 1}", "{a\n@1:2=\"A\"@1:9, b@1:19=int(1)@1:24}@1:1"),
                Arguments.of("{\"\": \"\"}", "{@1:2=\"\"@1:6}@1:1"));
    }

    @ParameterizedTest
    @MethodSource("validDocuments")
    void reads_a_valid_document_with_the_location_of_every_key_and_value(String json, String tree) {
        assertThat(render(JsonReader.readObject("s.json", json))).isEqualTo(tree);
    }

    static Stream<Arguments> numbers() {
        return Stream.of(
                Arguments.of("0", true), Arguments.of("-0", true), Arguments.of("7", true),
                Arguments.of("-120", true), Arguments.of("123456789012345678901234567890", true),
                Arguments.of("0.5", false), Arguments.of("-0.0", false), Arguments.of("10.25", false),
                Arguments.of("1e5", false), Arguments.of("1E5", false), Arguments.of("1e+5", false),
                Arguments.of("1E-05", false), Arguments.of("0e0", false), Arguments.of("-2.5e10", false));
    }

    @ParameterizedTest
    @MethodSource("numbers")
    void keeps_a_number_as_written_and_whether_it_is_integral(String number, boolean integral) {
        Obj obj = JsonReader.readObject("s.json", "{\"n\": " + number + "}");
        assertThat(obj.members().get("n").value()).isEqualTo(new Num(number, integral, new JsonTree.Location(1, 7)));
    }

    @Test
    void decodes_every_escape() {
        Obj obj = JsonReader.readObject("s.json",
                "{\"s\": \"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9\\u00C9 \\u20ac \\u0000\"}");
        assertThat(((Str) obj.members().get("s").value()).value())
                .isEqualTo("q\" b\\ s/ \b\f\n\r\t \u00e9\u00c9 \u20ac \u0000");
    }

    @Test
    void decodes_a_surrogate_pair_to_one_character() {
        Obj obj = JsonReader.readObject("s.json",
                "{\"pair\": \"a\\uD83D\\uDE00b\", \"max\": \"\\udbff\\udfff\", \"\\uD83D\\uDE00\": 1}");
        String pair = ((Str) obj.members().get("pair").value()).value();
        assertThat(pair).isEqualTo("a\uD83D\uDE00b");
        assertThat(pair.codePoints().toArray()).containsExactly('a', 0x1F600, 'b');
        assertThat(((Str) obj.members().get("max").value()).value().codePoints().toArray()).containsExactly(0x10FFFF);
        assertThat(obj.members()).containsKey("\uD83D\uDE00");
    }

    @Test
    void keeps_unescaped_characters_beyond_ascii_and_delete_as_written() {
        Obj obj = JsonReader.readObject("s.json", "{\"k\u00e9\": \"\u00e9\u20ac\uD83D\uDE00\u007F/\"}");
        assertThat(((Str) obj.members().get("k\u00e9").value()).value()).isEqualTo("\u00e9\u20ac\uD83D\uDE00\u007F/");
    }

    @Test
    void decodes_escapes_in_keys_before_comparing_them() {
        assertThat(JsonReader.readObject("s.json", "{\"a\\u0062\": 1}").members()).containsOnlyKeys("ab");
        assertThatThrownBy(() -> JsonReader.readObject("s.json", "{\"a\": 1, \"\\u0061\": 2}"))
                .isInstanceOf(SettingsException.class)
                .hasMessage("toolgate: s.json:1:10: duplicate key 'a' (first written at 1:2; keep only one)");
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                // Structure
                Arguments.of("{\"a\": [1,]}", "1:10", "unexpected character ']' (expected a value)"),
                Arguments.of("{\"a\": 1,}", "1:9", "unexpected character '}' (expected a string key in double quotes)"),
                Arguments.of("{'a': 1}", "1:2", "unexpected character ''' (expected a string key in double quotes)"),
                Arguments.of("{a: 1}", "1:2", "unexpected character 'a' (expected a string key in double quotes)"),
                Arguments.of("{,}", "1:2", "unexpected character ',' (expected a string key in double quotes)"),
                Arguments.of("{\"a\" 1}", "1:6", "unexpected character '1' (expected ':' after the key)"),
                Arguments.of("{\"a\"= 1}", "1:5", "unexpected character '=' (expected ':' after the key)"),
                Arguments.of("{\"a\": 1 \"b\": 2}", "1:9", "unexpected character '\"' (expected '}' or ',')"),
                Arguments.of("{\"a\": 1]", "1:8", "unexpected character ']' (expected '}' or ',')"),
                Arguments.of("{\"a\": [1 2]}", "1:10", "unexpected character '2' (expected ']' or ',')"),
                Arguments.of("{\"a\": [1}", "1:9", "unexpected character '}' (expected ']' or ',')"),
                Arguments.of("{\"a\": [,1]}", "1:8", "unexpected character ',' (expected a value)"),
                Arguments.of("{\"a\": }", "1:7", "unexpected character '}' (expected a value)"),
                Arguments.of("{\"a\": 1 x}", "1:9", "unexpected character 'x' (expected '}' or ',')"),
                // End of the file
                Arguments.of("{", "1:2", "unexpected end of the file (expected a string key in double quotes)"),
                Arguments.of("{\"a\"", "1:5", "unexpected end of the file (expected ':' after the key)"),
                Arguments.of("{\"a\":", "1:6", "unexpected end of the file (expected a value)"),
                Arguments.of("{\"a\": [", "1:8", "unexpected end of the file (expected a value)"),
                Arguments.of("{\"a\": [1", "1:9", "unexpected end of the file (expected ']' or ',')"),
                Arguments.of("{\"a\": 1\n", "2:1", "unexpected end of the file (expected '}' or ',')"),
                Arguments.of("{\"a\": 1,\r\n  ", "2:3", "unexpected end of the file (expected a string key in double quotes)"),
                Arguments.of("{\"a\": \"x", "1:9", "unexpected end of the file (expected '\"' to close the string)"),
                Arguments.of("{\"a", "1:4", "unexpected end of the file (expected '\"' to close the string)"),
                // Not JSON: comments, single quotes, bare words
                Arguments.of("{// note\n}", "1:2", "unexpected character '/' (expected a string key in double quotes)"),
                Arguments.of("{\"a\": /* note */ 1}", "1:7", "unexpected character '/' (expected a value)"),
                Arguments.of("{\"a\": 'x'}", "1:7", "unexpected character ''' (expected a value)"),
                Arguments.of("{\"a\": x}", "1:7", "unexpected character 'x' (expected a value)"),
                Arguments.of("{\"a\": True}", "1:7", "unexpected character 'T' (expected a value)"),
                Arguments.of("{\"a\": tru}", "1:10", "unexpected character '}' (expected 'true')"),
                Arguments.of("{\"a\": fals}", "1:11", "unexpected character '}' (expected 'false')"),
                Arguments.of("{\"a\": nul", "1:10", "unexpected end of the file (expected 'null')"),
                Arguments.of("{\"a\": nULL}", "1:8", "unexpected character 'U' (expected 'null')"),
                Arguments.of("{\"a\": truex}", "1:11", "unexpected character 'x' (expected '}' or ',')"),
                // Numbers
                Arguments.of("{\"a\": 01}", "1:8", "unexpected character '1' (leading zeros are not allowed in numbers)"),
                Arguments.of("{\"a\": -01}", "1:9", "unexpected character '1' (leading zeros are not allowed in numbers)"),
                Arguments.of("{\"a\": 00.5}", "1:8", "unexpected character '0' (leading zeros are not allowed in numbers)"),
                Arguments.of("{\"a\": +1}", "1:7", "unexpected character '+' (expected a value)"),
                Arguments.of("{\"a\": .5}", "1:7", "unexpected character '.' (expected a value)"),
                Arguments.of("{\"a\": -}", "1:8", "unexpected character '}' (expected a digit)"),
                Arguments.of("{\"a\": -", "1:8", "unexpected end of the file (expected a digit)"),
                Arguments.of("{\"a\": 1.}", "1:9", "unexpected character '}' (expected a digit after '.')"),
                Arguments.of("{\"a\": 1.e5}", "1:9", "unexpected character 'e' (expected a digit after '.')"),
                Arguments.of("{\"a\": 1e}", "1:9", "unexpected character '}' (expected a digit in the exponent)"),
                Arguments.of("{\"a\": 1e+}", "1:10", "unexpected character '}' (expected a digit in the exponent)"),
                Arguments.of("{\"a\": 1e5.0}", "1:10", "unexpected character '.' (expected '}' or ',')"),
                Arguments.of("{\"a\": 0x1F}", "1:8", "unexpected character 'x' (expected '}' or ',')"),
                Arguments.of("{\"a\": NaN}", "1:7", "unexpected character 'N' (expected a value)"),
                Arguments.of("{\"a\": Infinity}", "1:7", "unexpected character 'I' (expected a value)"),
                Arguments.of("{\"a\": -Infinity}", "1:8", "unexpected character 'I' (expected a digit)"),
                Arguments.of("{\"a\": \uFF11}", "1:7", "unexpected character '\uFF11' (expected a value)"),
                // Strings
                Arguments.of("{\"a\": \"x\ty\"}", "1:9", "unescaped control character U+0009 in a string (write it as \\t)"),
                Arguments.of("{\"a\": \"x\ny\"}", "1:9", "unescaped control character U+000A in a string (write it as \\n)"),
                Arguments.of("{\"a\": \"x\ry\"}", "1:9", "unescaped control character U+000D in a string (write it as \\r)"),
                Arguments.of("{\"a\": \"\u0000\"}", "1:8", "unescaped control character U+0000 in a string (write it as \\u0000)"),
                Arguments.of("{\"a\u001F\": 1}", "1:4", "unescaped control character U+001F in a string (write it as \\u001F)"),
                Arguments.of("{\"a\": \"\\x\"}",
                        "1:9", "unexpected character 'x' (expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)"),
                Arguments.of("{\"a\": \"\\'\"}",
                        "1:9", "unexpected character ''' (expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)"),
                Arguments.of("{\"a\": \"\\U0041\"}",
                        "1:9", "unexpected character 'U' (expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)"),
                Arguments.of("{\"a\": \"\\",
                        "1:9", "unexpected end of the file (expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)"),
                Arguments.of("{\"a\": \"\\u12g4\"}", "1:12", "unexpected character 'g' (expected four hex digits after \\u)"),
                Arguments.of("{\"a\": \"\\u12\"}", "1:12", "unexpected character '\"' (expected four hex digits after \\u)"),
                Arguments.of("{\"a\": \"\\u\uFF11234\"}", "1:10", "unexpected character '\uFF11' (expected four hex digits after \\u)"),
                Arguments.of("{\"a\": \"\\u00", "1:12", "unexpected end of the file (expected four hex digits after \\u)"),
                Arguments.of("{\"a\": \"\\uD83D\"}",
                        "1:14", "unexpected character '\"' (expected a low surrogate \\uDC00 to \\uDFFF after \\uD83D)"),
                Arguments.of("{\"a\": \"\\uD83Dx\\uDE00\"}",
                        "1:14", "unexpected character 'x' (expected a low surrogate \\uDC00 to \\uDFFF after \\uD83D)"),
                Arguments.of("{\"a\": \"\\uD83D\\n\"}",
                        "1:14", "unexpected character '\\' (expected a low surrogate \\uDC00 to \\uDFFF after \\uD83D)"),
                Arguments.of("{\"a\": \"\\uD83D\\u0041\"}",
                        "1:14", "\\u0041 after \\uD83D is not a low surrogate (expected \\uDC00 to \\uDFFF)"),
                Arguments.of("{\"a\": \"\\uD83D\\uD83D\\uDE00\"}",
                        "1:14", "\\uD83D after \\uD83D is not a low surrogate (expected \\uDC00 to \\uDFFF)"),
                Arguments.of("{\"a\": \"x\\ude00\"}",
                        "1:9", "lone low surrogate \\ude00 (expected a high surrogate \\uD800 to \\uDBFF before it)"),
                Arguments.of("{\"\\uDE00\\uD83D\": 1}",
                        "1:3", "lone low surrogate \\uDE00 (expected a high surrogate \\uD800 to \\uDBFF before it)"),
                Arguments.of("{\"a\": \"\\uD83D", "1:14", "unexpected end of the file (expected a low surrogate \\uDC00 to \\uDFFF after \\uD83D)"),
                Arguments.of("{\"a\": \"\\uD83D\\uDE0", "1:19", "unexpected end of the file (expected four hex digits after \\u)"),
                // Characters that are not JSON whitespace, shown by code where they would not show
                Arguments.of("\uFEFF{}", "1:1", "unexpected character U+FEFF (expected a value)"),
                Arguments.of("{\u00A0}", "1:2", "unexpected character U+00A0 (expected a string key in double quotes)"),
                Arguments.of("{\f}", "1:2", "unexpected character U+000C (expected a string key in double quotes)"),
                Arguments.of("{\u0000}", "1:2", "unexpected character U+0000 (expected a string key in double quotes)"),
                Arguments.of("{\"a\": 1,\u2028\"b\": 2}", "1:9", "unexpected character U+2028 (expected a string key in double quotes)"),
                Arguments.of("\u00e9{}", "1:1", "unexpected character '\u00e9' (expected a value)"),
                Arguments.of("{\uD83D\uDE00: 1}", "1:2", "unexpected character '\uD83D\uDE00' (expected a string key in double quotes)"),
                // Lines and columns
                Arguments.of("{\r\n  \"a\": [\r\n    1,\r\n  ]\r\n}", "4:3", "unexpected character ']' (expected a value)"),
                Arguments.of("{\r  \"a\": [\r    1,\r  ]\r}", "4:3", "unexpected character ']' (expected a value)"),
                Arguments.of("{\n\n\t\"a\": [\r\n\r1,\n\t ]}", "6:3", "unexpected character ']' (expected a value)"),
                Arguments.of("{\"\uD83D\uDE00\": [1,]}", "1:11", "unexpected character ']' (expected a value)"),
                Arguments.of("{\"a\\n\": \"\\u0041\", x}", "1:19", "unexpected character 'x' (expected a string key in double quotes)"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void reports_malformed_json_where_it_goes_wrong(String json, String where, String problem) {
        assertThatThrownBy(() -> JsonReader.readObject("s.json", json))
                .isInstanceOf(SettingsException.class)
                .hasMessage("toolgate: s.json:" + where + ": malformed JSON: " + problem);
    }

    @Test
    void allows_nesting_a_thousand_deep_and_no_deeper() {
        String deepest = "{\"a\":" + "[".repeat(999) + "]".repeat(999) + "}";
        assertThat(JsonReader.readObject("s.json", deepest).members()).containsOnlyKeys("a");
        assertThatThrownBy(() -> JsonReader.readObject("s.json", "{\"a\":" + "[".repeat(1000) + "]".repeat(1000) + "}"))
                .isInstanceOf(SettingsException.class)
                .hasMessage("toolgate: s.json:1:1005: malformed JSON: more than 1000 nested objects and lists");
    }

    static Stream<Arguments> invalidDocuments() {
        return Stream.of(
                Arguments.of("", "1:1: the file is empty (expected a JSON object such as {})"),
                Arguments.of(" \r\n\t\n ", "1:1: the file is empty (expected a JSON object such as {})"),
                Arguments.of("[\"a\"]", "1:1: expected a JSON object at the top level, found a list"),
                Arguments.of("\n  \"a\"", "2:3: expected a JSON object at the top level, found a string"),
                Arguments.of("-1.5", "1:1: expected a JSON object at the top level, found a number"),
                Arguments.of("true", "1:1: expected a JSON object at the top level, found a boolean"),
                Arguments.of("null", "1:1: expected a JSON object at the top level, found null"),
                Arguments.of("[1] {}", "1:1: expected a JSON object at the top level, found a list"),
                Arguments.of("[1,]", "1:4: malformed JSON: unexpected character ']' (expected a value)"),
                Arguments.of("{} {}", "1:4: unexpected content after the JSON object (expected the end of the file)"),
                Arguments.of("{}}", "1:3: unexpected content after the JSON object (expected the end of the file)"),
                Arguments.of("{}\r\n\r\n  x", "3:3: unexpected content after the JSON object (expected the end of the file)"),
                Arguments.of("{\"a\": 1} // note", "1:10: unexpected content after the JSON object (expected the end of the file)"),
                Arguments.of("{}\uFEFF", "1:3: unexpected content after the JSON object (expected the end of the file)"),
                Arguments.of("{\"a\": {\"b\": 1, \"b\": 2}}",
                        "1:16: duplicate key 'a.b' (first written at 1:8; keep only one)"),
                Arguments.of("{\"l\": [{\"x\": 1,\n \"x\": 2}]}",
                        "2:2: duplicate key 'l[0].x' (first written at 1:9; keep only one)"));
    }

    @ParameterizedTest
    @MethodSource("invalidDocuments")
    void reports_a_document_that_is_not_one_object_with_unique_keys(String json, String problem) {
        assertThatThrownBy(() -> JsonReader.readObject("s.json", json))
                .isInstanceOf(SettingsException.class)
                .hasMessage("toolgate: s.json:" + problem);
    }
}
