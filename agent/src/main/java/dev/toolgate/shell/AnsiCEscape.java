package dev.toolgate.shell;

/** Decodes one backslash escape of bash's {@code $'...'} quoting. */
final class AnsiCEscape {

    record Decoded(String text, int end) {
    }

    private AnsiCEscape() {
    }

    /** {@code at} is the index just after the backslash; {@code end} is the index after the escape. */
    static Decoded decode(String s, int at) {
        char c = s.charAt(at);
        return switch (c) {
            case 'n' -> new Decoded("\n", at + 1);
            case 't' -> new Decoded("\t", at + 1);
            case 'r' -> new Decoded("\r", at + 1);
            case 'a' -> new Decoded("\u0007", at + 1);
            case 'b' -> new Decoded("\b", at + 1);
            case 'e', 'E' -> new Decoded("\u001b", at + 1);
            case 'f' -> new Decoded("\f", at + 1);
            case 'v' -> new Decoded("\u000b", at + 1);
            case '\\', '\'', '"', '?' -> new Decoded(String.valueOf(c), at + 1);
            case 'x' -> number(s, at + 1, 2, 16, at);
            case 'u' -> number(s, at + 1, 4, 16, at);
            case 'U' -> number(s, at + 1, 8, 16, at);
            case 'c' -> at + 1 < s.length()
                    ? new Decoded(String.valueOf((char) (s.charAt(at + 1) & 0x1f)), at + 2)
                    : new Decoded("\\c", at + 1);
            default -> Character.digit(c, 8) >= 0
                    ? number(s, at, 3, 8, at)
                    : new Decoded("\\" + c, at + 1);
        };
    }

    private static Decoded number(String s, int from, int maxDigits, int radix, int escapeAt) {
        int end = from;
        while (end < s.length() && end - from < maxDigits && Character.digit(s.charAt(end), radix) >= 0) {
            end++;
        }
        if (end == from) {
            return new Decoded("\\" + s.charAt(escapeAt), escapeAt + 1);
        }
        long code = Long.parseLong(s.substring(from, end), radix);
        String text = code <= Character.MAX_CODE_POINT ? new String(Character.toChars((int) code)) : "";
        return new Decoded(text, end);
    }
}
