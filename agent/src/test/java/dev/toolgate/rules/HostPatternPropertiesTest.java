package dev.toolgate.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class HostPatternPropertiesTest {

    @Property(tries = 300)
    void subdomain_pattern_never_matches_its_apex(
            @ForAll("domains") String domain,
            @ForAll("labels") String label,
            @ForAll boolean upperCase,
            @ForAll boolean trailingDot) {
        HostPattern pattern = HostPattern.parse("*." + domain + ":*");
        String apex = (upperCase ? domain.toUpperCase() : domain) + (trailingDot ? "." : "");

        assertThat(pattern.matches(apex, 443)).isFalse();
        assertThat(pattern.matches(label + "." + apex, 443)).isTrue();
        assertThat(pattern.matches(label + apex, 443)).isFalse();
    }

    @Provide
    Arbitrary<String> labels() {
        return Arbitraries.strings().withCharRange('a', 'z').numeric().withChars('-').ofMinLength(1).ofMaxLength(10);
    }

    @Provide
    Arbitrary<String> domains() {
        return labels().list().ofMinSize(1).ofMaxSize(4).map(List::copyOf).map(parts -> String.join(".", parts));
    }
}
