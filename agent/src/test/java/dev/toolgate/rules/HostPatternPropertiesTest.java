package dev.toolgate.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toolgate.testing.RandomCases;
import dev.toolgate.testing.RandomCases.Case;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class HostPatternPropertiesTest {

    record ApexCase(String domain, String label, boolean upperCase, boolean trailingDot) {
        @Override
        public String toString() {
            return RandomCases.describe(
                    "domain", domain, "label", label, "upperCase", upperCase, "trailingDot", trailingDot);
        }
    }

    static Stream<Case<ApexCase>> apexCases() {
        return RandomCases.seeded().cases(300, r -> new ApexCase(domain(r), label(r), r.bool(), r.bool()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("apexCases")
    void subdomain_pattern_never_matches_its_apex(Case<ApexCase> c) {
        c.check(in -> {
            HostPattern pattern = HostPattern.parse("*." + in.domain() + ":*");
            String apex = (in.upperCase() ? in.domain().toUpperCase() : in.domain()) + (in.trailingDot() ? "." : "");

            assertThat(pattern.matches(apex, 443)).isFalse();
            assertThat(pattern.matches(in.label() + "." + apex, 443)).isTrue();
            assertThat(pattern.matches(in.label() + apex, 443)).isFalse();
        });
    }

    /** One to ten characters, each as likely a letter as a digit as a hyphen. */
    private static String label(RandomCases r) {
        return r.string(1, 10, RandomCases.range('a', 'z'), RandomCases.range('0', '9'), "-");
    }

    /** One to four labels joined by dots. */
    private static String domain(RandomCases r) {
        return String.join(".", r.list(1, 4, HostPatternPropertiesTest::label));
    }
}
