package dev.toolgate.shell;

import java.util.List;

/**
 * What a shell invocation like {@code bash -lc SCRIPT} or {@code sh script.sh} will run:
 * the {@code -c} script, a script file, or (neither) whatever arrives on standard input.
 */
record ShellArguments(String script, boolean runsFile) {

    static ShellArguments of(List<String> words) {
        boolean commandFlag = false;
        boolean readsStdin = false;
        int k = 1;
        while (k < words.size()) {
            String a = words.get(k);
            if (a.equals("--") || a.equals("-")) {
                k++;
                break;
            }
            if (a.equals("-o") || a.equals("+o") || a.equals("-O") || a.equals("+O")
                    || a.equals("--rcfile") || a.equals("--init-file")) {
                k += 2;
                continue;
            }
            if (a.startsWith("--")) {
                k++;
                continue;
            }
            if ((a.startsWith("-") || a.startsWith("+")) && a.length() > 1) {
                commandFlag |= a.indexOf('c', 1) > 0;
                readsStdin |= a.indexOf('s', 1) > 0;
                k++;
                continue;
            }
            break;
        }
        if (commandFlag) {
            return new ShellArguments(k < words.size() ? words.get(k) : null, false);
        }
        return new ShellArguments(null, !readsStdin && k < words.size());
    }
}
