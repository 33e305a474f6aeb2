package dev.toolgate.shell;

import java.util.BitSet;

/**
 * One lexical unit of a shell line. For a word, {@code text} is already unquoted and
 * {@code quoted} marks the characters that came from inside quotes or after a backslash,
 * because reserved words, globs and brace expansion only count when unquoted.
 */
record Token(Type type, String text, BitSet quoted) {

    enum Type { WORD, OPERATOR, REDIRECT }

    static Token operator(String text) {
        return new Token(Type.OPERATOR, text, new BitSet());
    }

    static Token redirect(String text) {
        return new Token(Type.REDIRECT, text, new BitSet());
    }

    boolean isWord() {
        return type == Type.WORD;
    }

    boolean isOperator(String op) {
        return type == Type.OPERATOR && text.equals(op);
    }

    /** A word with no quoted character, the only kind that can be a reserved word. */
    boolean isBareWord(String word) {
        return type == Type.WORD && quoted.isEmpty() && text.equals(word);
    }
}
