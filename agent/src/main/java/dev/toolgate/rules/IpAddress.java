package dev.toolgate.rules;

/**
 * A numeric IP address as 128 bits; IPv4 {@code a.b.c.d} is held as {@code ::ffff:a.b.c.d},
 * so an IPv4-mapped IPv6 spelling equals the plain IPv4 one. Parsing is textual only: no DNS.
 */
record IpAddress(long high, long low) {

    private static final long V4_MAPPED = 0xffffL << 32;

    /** The address written in {@code s[from, to)}, or null if that is not a numeric address. */
    static IpAddress parse(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == ':') {
                return parseV6(s, from, to);
            }
        }
        long v4 = parseV4(s, from, to);
        return v4 < 0 ? null : new IpAddress(0, V4_MAPPED | v4);
    }

    /**
     * Dotted decimal with 1 to 4 parts, the last filling the remaining bytes, as
     * {@code InetAddress} accepts it ({@code 10.1} is {@code 10.0.0.1}); -1 if not IPv4.
     */
    static long parseV4(String s, int from, int to) {
        long result = 0;
        int leading = 0;
        int i = from;
        while (true) {
            int start = i;
            long value = 0;
            while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                value = value * 10 + (s.charAt(i) - '0');
                if (value > 0xffffffffL) {
                    return -1;
                }
                i++;
            }
            if (i == start) {
                return -1;
            }
            if (i == to) {
                int lastBytes = 4 - leading;
                return value < 1L << (8 * lastBytes) ? result | value : -1;
            }
            if (value > 255 || leading == 3 || s.charAt(i) != '.') {
                return -1;
            }
            result |= value << (8 * (3 - leading));
            leading++;
            i++;
        }
    }

    private static IpAddress parseV6(String s, int from, int to) {
        int zone = s.indexOf('%', from);
        if (zone >= 0 && zone < to) {
            to = zone; // the zone names an interface, not a different address
        }
        int[] groups = new int[8];
        int count = 0;
        int gap = -1;
        int i = from;
        if (to - from >= 2 && s.startsWith("::", from)) {
            gap = 0;
            i += 2;
        }
        while (i < to) {
            int start = i;
            int value = 0;
            while (i < to && Character.digit(s.charAt(i), 16) >= 0 && i - start < 5) {
                value = value * 16 + Character.digit(s.charAt(i), 16);
                i++;
            }
            if (i < to && s.charAt(i) == '.') {
                long v4 = parseV4(s, start, to);
                if (v4 < 0 || count > 6) {
                    return null;
                }
                groups[count++] = (int) (v4 >>> 16);
                groups[count++] = (int) (v4 & 0xffff);
                i = to;
                break;
            }
            if (i == start || i - start > 4 || count == 8) {
                return null;
            }
            groups[count++] = value;
            if (i == to) {
                break;
            }
            if (s.charAt(i) != ':') {
                return null;
            }
            i++;
            if (i < to && s.charAt(i) == ':') {
                if (gap >= 0) {
                    return null;
                }
                gap = count;
                i++;
            } else if (i == to) {
                return null; // a single trailing ':'
            }
        }
        if (gap < 0 && count != 8 || gap >= 0 && count == 8) {
            return null;
        }
        int[] full = new int[8];
        int tail = gap < 0 ? 0 : count - gap;
        for (int k = 0; k < count - tail; k++) {
            full[k] = groups[k];
        }
        for (int k = 0; k < tail; k++) {
            full[8 - tail + k] = groups[count - tail + k];
        }
        long high = 0;
        long low = 0;
        for (int k = 0; k < 4; k++) {
            high = high << 16 | full[k];
            low = low << 16 | full[k + 4];
        }
        return new IpAddress(high, low);
    }
}
