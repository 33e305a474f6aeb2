package dev.toolgate.rules;

/**
 * A {@code Connect(host:port)} pattern. The port is a number or {@code *}. The host is
 * {@code *} (any host), {@code *.domain} (its subdomains at any depth, not the domain
 * itself), a name, or a numeric address ({@code [..]} around IPv6). Names are compared
 * ASCII-case-insensitively and without a trailing dot; addresses by value, so
 * {@code [::ffff:10.0.0.1]} is {@code 10.0.0.1}. Nothing is looked up in DNS.
 */
public final class HostPattern {

    private static final int ANY_PORT = -1;

    private enum Kind { ANY_HOST, NAME, SUBDOMAINS, ADDRESS }

    private final String text;
    private final Kind kind;
    /** Lower-case name, or for {@link Kind#SUBDOMAINS} the suffix with its leading dot. */
    private final String name;
    private final IpAddress address;
    private final int port;

    private HostPattern(String text, Kind kind, String name, IpAddress address, int port) {
        this.text = text;
        this.kind = kind;
        this.name = name;
        this.address = address;
        this.port = port;
    }

    public static HostPattern parse(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw new IllegalArgumentException("empty Connect pattern; write host:port, e.g. api.example.com:443");
        }
        int colon = pattern.lastIndexOf(':');
        if (colon < 0 || pattern.startsWith("[") && colon < pattern.indexOf(']')) {
            throw new IllegalArgumentException("Connect pattern '" + pattern
                    + "' has no port; write host:port or host:* for any port");
        }
        int port = parsePort(pattern.substring(colon + 1), pattern);
        String host = pattern.substring(0, colon);
        if (host.startsWith("[") || host.endsWith("]")) {
            IpAddress address = host.length() > 2 && host.startsWith("[") && host.endsWith("]")
                    ? IpAddress.parse(host, 1, host.length() - 1) : null;
            if (address == null) {
                throw new IllegalArgumentException("Connect pattern '" + pattern
                        + "': '" + host + "' is not an IPv6 address in brackets, like [::1]");
            }
            return new HostPattern(pattern, Kind.ADDRESS, null, address, port);
        }
        String lower = asciiLowerCase(withoutTrailingDot(host, 0, host.length()));
        checkHost(lower, pattern);
        if (lower.equals("*")) {
            return new HostPattern(pattern, Kind.ANY_HOST, null, null, port);
        }
        if (lower.startsWith("*.")) {
            return new HostPattern(pattern, Kind.SUBDOMAINS, lower.substring(1), null, port);
        }
        IpAddress address = IpAddress.parse(lower, 0, lower.length());
        if (address != null) {
            return new HostPattern(pattern, Kind.ADDRESS, null, address, port);
        }
        return new HostPattern(pattern, Kind.NAME, lower, null, port);
    }

    /** @param host a name or numeric address, IPv6 with or without brackets */
    public boolean matches(String host, int port) {
        if (this.port != ANY_PORT && this.port != port || host == null) {
            return false;
        }
        int from = 0;
        int to = host.length();
        if (to >= 2 && host.charAt(0) == '[' && host.charAt(to - 1) == ']') {
            from++;
            to--;
        } else if (to > 0 && host.charAt(to - 1) == '.') {
            to--;
        }
        if (from == to) {
            return false;
        }
        return switch (kind) {
            case ANY_HOST -> true;
            case NAME -> to - from == name.length() && regionEqualsAsciiIgnoreCase(host, from, name);
            // Strictly longer than ".domain": the apex itself is not a subdomain.
            case SUBDOMAINS -> to - from > name.length() && regionEqualsAsciiIgnoreCase(host, to - name.length(), name);
            case ADDRESS -> address.equals(IpAddress.parse(host, from, to));
        };
    }

    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }

    private static int parsePort(String port, String pattern) {
        if (port.equals("*")) {
            return ANY_PORT;
        }
        boolean digits = !port.isEmpty() && port.length() <= 5 && port.chars().allMatch(c -> c >= '0' && c <= '9');
        if (!digits || Integer.parseInt(port) > 65535) {
            throw new IllegalArgumentException("Connect pattern '" + pattern + "': port '" + port
                    + "' must be a number from 0 to 65535, or * for any port");
        }
        return Integer.parseInt(port);
    }

    private static void checkHost(String host, String pattern) {
        if (host.isEmpty()) {
            throw new IllegalArgumentException("Connect pattern '" + pattern + "' has no host; write * for any host");
        }
        if (host.indexOf(':') >= 0) {
            throw new IllegalArgumentException("Connect pattern '" + pattern
                    + "': put an IPv6 address in brackets, like [::1]:443");
        }
        int star = host.indexOf('*');
        boolean starPlacedWell = star < 0 || host.equals("*")
                || star == 0 && host.startsWith("*.") && host.length() > 2 && host.indexOf('*', 1) < 0;
        if (!starPlacedWell) {
            throw new IllegalArgumentException("Connect pattern '" + pattern
                    + "': '*' may only be the whole host or start it as '*.', like *.example.com");
        }
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (Character.isWhitespace(c) || c == '/' || c == '@' || c == '[' || c == ']') {
                throw new IllegalArgumentException("Connect pattern '" + pattern
                        + "': '" + c + "' cannot appear in a host name");
            }
        }
    }

    private static String withoutTrailingDot(String host, int from, int to) {
        return to > from && host.charAt(to - 1) == '.' ? host.substring(from, to - 1) : host.substring(from, to);
    }

    /**
     * ASCII only: full Unicode folding would let a dotless {@code ı} pass for {@code i}, and
     * host names reach DNS in ASCII (punycode) anyway.
     */
    private static String asciiLowerCase(String s) {
        char[] chars = s.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            chars[i] = lower(chars[i]);
        }
        return new String(chars);
    }

    private static boolean regionEqualsAsciiIgnoreCase(String host, int from, String lowerName) {
        for (int i = 0; i < lowerName.length(); i++) {
            if (lower(host.charAt(from + i)) != lowerName.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }
}
