package dev.toolgate.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HostPatternTest {

    @ParameterizedTest(name = "{0} matches {1}:{2}: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            api.x.com:443     | api.x.com            | 443   | true
            api.x.com:443     | api.x.com            | 80    | false
            api.x.com:443     | API.X.COM            | 443   | true
            api.x.com:443     | api.x.com.           | 443   | true
            API.x.com.:443    | api.x.com            | 443   | true
            api.x.com:443     | x.com                | 443   | false
            api.x.com:443     | a.api.x.com          | 443   | false
            api.x.com:443     | api.x.com.evil.org   | 443   | false
            api.x.com:443     | apı.x.com            | 443   | false
            api.x.com:443     | ''                   | 443   | false
            *.x.com:*         | a.x.com              | 1     | true
            *.x.com:*         | a.b.x.com            | 65535 | true
            *.x.com:*         | A.X.Com              | 443   | true
            *.x.com:*         | a.x.com.             | 443   | true
            *.x.com:*         | x.com                | 443   | false
            *.x.com:*         | X.COM.               | 443   | false
            *.x.com:*         | evilx.com            | 443   | false
            *.x.com:*         | x.com.evil.org       | 443   | false
            *.x.com:443       | a.x.com              | 444   | false
            *:443             | anything.org         | 443   | true
            *:443             | 10.0.0.1             | 443   | true
            *:443             | [::1]                | 443   | true
            *:443             | anything.org         | 80    | false
            *:*               | h                    | 0     | true
            localhost:*       | localhost            | 1234  | true
            localhost:*       | LOCALHOST.           | 1     | true
            localhost:*       | 127.0.0.1            | 1     | false
            10.0.0.1:8080     | 10.0.0.1             | 8080  | true
            10.0.0.1:8080     | 10.0.0.1.            | 8080  | true
            10.0.0.1:8080     | 10.0.0.2             | 8080  | false
            10.0.0.1:8080     | 10.0.0.1             | 8081  | false
            10.0.0.1:8080     | 10.0.0.10            | 8080  | false
            10.0.0.1:8080     | [::ffff:10.0.0.1]    | 8080  | true
            10.0.0.1:8080     | ::ffff:a00:1         | 8080  | true
            10.0.0.1:8080     | 167772161            | 8080  | true
            10.0.0.1:8080     | 10.1                 | 8080  | true
            10.0.0.1:8080     | ten.example          | 8080  | false
            [::1]:80          | ::1                  | 80    | true
            [::1]:80          | [::1]                | 80    | true
            [::1]:80          | 0:0:0:0:0:0:0:1      | 80    | true
            [::1]:80          | ::2                  | 80    | false
            [::1]:80          | ::1                  | 81    | false
            [::1]:80          | localhost            | 80    | false
            [2001:db8::1]:443 | 2001:DB8:0:0:0:0:0:1 | 443   | true
            [2001:db8::1]:443 | 2001:db8::1:0        | 443   | false
            [fe80::1]:22      | fe80::1%eth0         | 22    | true
            [::ffff:10.0.0.1]:1 | 10.0.0.1           | 1     | true
            """)
    void matches_host_and_port(String pattern, String host, int port, boolean expected) {
        assertThat(HostPattern.parse(pattern).matches(host, port)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "rejects \"{0}\"")
    @ValueSource(strings = {
        "", "  ", "api.x.com", "api.x.com:", "api.x.com:http", "api.x.com:65536", "api.x.com:-1",
        ":443", "::1:80", "[::1]", "[::1]80", "[nothere]:80", "[]:80", "::1]:80", "a.*.com:80", "*x.com:80",
        "**.x.com:80", "*.:80x", "a b:80", "user@host:22", "host/path:80"
    })
    void rejects_patterns_without_a_valid_host_and_port(String pattern) {
        assertThatThrownBy(() -> HostPattern.parse(pattern)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tells_how_to_write_a_port_when_it_is_missing() {
        assertThatThrownBy(() -> HostPattern.parse("api.x.com"))
                .hasMessageContaining("api.x.com")
                .hasMessageContaining("host:port");
    }

    @Test
    void never_matches_a_missing_host() {
        assertThat(HostPattern.parse("*:*").matches(null, 80)).isFalse();
    }

    @Test
    void keeps_its_text() {
        assertThat(HostPattern.parse("*.x.com:*").text()).isEqualTo("*.x.com:*");
    }
}
