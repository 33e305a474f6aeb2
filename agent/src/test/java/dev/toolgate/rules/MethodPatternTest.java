package dev.toolgate.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MethodPatternTest {

    @ParameterizedTest(name = "{0} matches {1}#{2}({3}): {4}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            com.acme.Foo#bar                      | com.acme.Foo      | bar       | -                           | true
            com.acme.Foo#bar                      | com.acme.Foo      | bar       | java.lang.String,int        | true
            com.acme.Foo#bar                      | com.acme.FooBar   | bar       | -                           | false
            com.acme.Foo#bar                      | com.acme.Foo      | barx      | -                           | false
            com.acme.*#bar                        | com.acme.sub.Foo  | bar       | -                           | true
            com.acme.*Job#run*                    | com.acme.NightJob | runAll    | -                           | true
            com.acme.*Job#run*                    | com.acme.NightJob | stop      | -                           | false
            com.acme.Outer$Inner#m                | com.acme.Outer$Inner | m      | -                           | true
            com.acme.Foo#bar()                    | com.acme.Foo      | bar       | -                           | true
            com.acme.Foo#bar()                    | com.acme.Foo      | bar       | int                         | false
            com.acme.Foo#bar(java.lang.String,int)| com.acme.Foo      | bar       | java.lang.String,int        | true
            com.acme.Foo#bar(java.lang.String, int)| com.acme.Foo     | bar       | java.lang.String,int        | true
            com.acme.Foo#bar(java.lang.String,int)| com.acme.Foo      | bar       | java.lang.String            | false
            com.acme.Foo#bar(java.lang.String,int)| com.acme.Foo      | bar       | java.lang.String,long       | false
            com.acme.Foo#bar(String)              | com.acme.Foo      | bar       | java.lang.String            | true
            com.acme.Foo#bar(String[])            | com.acme.Foo      | bar       | java.lang.String[]          | true
            com.acme.Foo#bar(String...)           | com.acme.Foo      | bar       | java.lang.String[]          | true
            com.acme.Foo#bar(String)              | com.acme.Foo      | bar       | java.lang.String[]          | false
            com.acme.Foo#bar(com.acme.Outer.Inner)| com.acme.Foo      | bar       | com.acme.Outer$Inner        | true
            com.acme.Foo#bar(*)                   | com.acme.Foo      | bar       | java.util.List              | true
            com.acme.Foo#bar(*)                   | com.acme.Foo      | bar       | -                           | false
            """)
    void matches(String pattern, String className, String method, String parameters, boolean expected) {
        List<String> types = parameters == null ? List.of() : Arrays.asList(parameters.split(","));
        assertThat(MethodPattern.parse(pattern).matches(className, method, types)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', commentCharacter = ';', textBlock = """
            export                      | expected class#method
            #bar                        | expected class#method
            a.B#c#d                     | expected class#method
            a.B#                        | '' is not a method name
            a..B#c                      | 'a..B' is not a class name
            a.B c#d                     | 'a.B c' is not a class name
            a.B#c(int                   | the parameter list must end the method, with ')'
            a.B#c(int)x                 | the parameter list must end the method, with ')'
            a.B#c(int,)                 | '' is not a parameter type
            a.B#c(in t)                 | 'in t' is not a parameter type
            """)
    void rejects(String pattern, String message) {
        assertThatThrownBy(() -> MethodPattern.parse(pattern)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @ParameterizedTest(name = "{0} names {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            com.acme.Foo#bar        | com/acme/Foo         | true
            com.acme.Foo#bar        | com/acme/Foo$1       | false
            com.acme.*Job#run       | com/acme/x/NightJob  | true
            com.acme.*Job#run       | com/acmeJob          | false
            com.acme.Outer$Inner#m  | com/acme/Outer$Inner | true
            """)
    void matches_internal_class_names_without_converting_them(String pattern, String internalName, boolean expected) {
        assertThat(MethodPattern.parse(pattern).matchesInternalName(internalName)).isEqualTo(expected);
    }
}
