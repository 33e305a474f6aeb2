package dev.toolgate.shell;

import java.util.List;
import java.util.Set;

/** Skips the getopt-style options of a wrapper program to find where its command starts. */
final class Options {

    private Options() {
    }

    /**
     * Returns the index of the first word after the options that start at {@code from}.
     * {@code valueShort} lists the short options that take a value (attached or as the
     * next word); {@code valueLong} the long ones that take the next word when written without {@code =}.
     */
    static int skip(List<String> words, int from, String valueShort, Set<String> valueLong) {
        int j = from;
        while (j < words.size()) {
            String a = words.get(j);
            if (a.equals("--")) {
                return j + 1;
            }
            if (!a.startsWith("-") || a.length() == 1) {
                return j;
            }
            j = skipOne(words, j, valueShort, valueLong);
        }
        return j;
    }

    /** Skips the one option word at {@code at} (a long option or a cluster of short ones) and its value. */
    static int skipOne(List<String> words, int at, String valueShort, Set<String> valueLong) {
        String a = words.get(at);
        if (a.startsWith("--")) {
            return Math.min(words.size(), at + (!a.contains("=") && valueLong.contains(a) ? 2 : 1));
        }
        for (int k = 1; k < a.length(); k++) {
            if (valueShort.indexOf(a.charAt(k)) >= 0) {
                return Math.min(words.size(), at + (k == a.length() - 1 ? 2 : 1));
            }
        }
        return at + 1;
    }

    /** {@code NAME=value} (also {@code NAME+=value}, {@code NAME[i]=value}) as a shell assignment. */
    static boolean isAssignment(String word) {
        return word.matches("[A-Za-z_][A-Za-z0-9_]*(\\[[^]]*])?\\+?=.*");
    }

    static int skipAssignments(List<String> words, int from) {
        int j = from;
        while (j < words.size() && isAssignment(words.get(j))) {
            j++;
        }
        return j;
    }
}
