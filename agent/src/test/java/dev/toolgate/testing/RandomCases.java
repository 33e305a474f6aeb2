package dev.toolgate.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.opentest4j.AssertionFailedError;

/**
 * Seeded random inputs for property tests written as plain JUnit tests.
 *
 * <p>Every property starts from the same seed: {@value #DEFAULT_SEED} unless the system property
 * {@value #SEED_PROPERTY} names another ({@code mvn test -Dtoolgate.test.seed=42}). A property
 * draws its cases up front with {@link #cases}, and a test runs its check through
 * {@link Case#check}, so a failure reports the seed, the case number and the input, and the
 * same seed draws the same cases again.
 */
public final class RandomCases {

    public static final String SEED_PROPERTY = "toolgate.test.seed";
    public static final long DEFAULT_SEED = 20_251_130L;

    /** Tries before {@link #suchThat} gives up on a filter that almost never passes. */
    private static final int FILTER_TRIES = 10_000;

    private final long seed;
    private final SplittableRandom random;

    private RandomCases(long seed) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
    }

    /** A generator starting from {@link #seed()}. */
    public static RandomCases seeded() {
        return new RandomCases(seed());
    }

    /** The seed {@value #SEED_PROPERTY} names (decimal, or hex with 0x), else {@value #DEFAULT_SEED}. */
    public static long seed() {
        String text = System.getProperty(SEED_PROPERTY);
        if (text == null || text.isBlank()) {
            return DEFAULT_SEED;
        }
        try {
            return Long.decode(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(SEED_PROPERTY + " must be a whole number, not '" + text + "'", e);
        }
    }

    /** {@code count} inputs drawn one after another, numbered from 1, for a {@code @MethodSource}. */
    public <T> Stream<Case<T>> cases(int count, Function<RandomCases, T> input) {
        List<Case<T>> cases = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            cases.add(new Case<>(seed, i, input.apply(this)));
        }
        return cases.stream();
    }

    // ---- drawing values

    /** Uniform in {@code min..max}, both included. */
    public int between(int min, int max) {
        if (min > max) {
            throw new IllegalArgumentException(min + " > " + max);
        }
        return random.nextInt(min, max + 1);
    }

    public boolean bool() {
        return random.nextBoolean();
    }

    @SafeVarargs
    public final <T> T pick(T... values) {
        return pick(List.of(values));
    }

    public <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** The value of one of the generators, each as likely as the others. */
    @SafeVarargs
    public final <T> T oneOf(Function<RandomCases, ? extends T>... generators) {
        return generators[random.nextInt(generators.length)].apply(this);
    }

    /** A value of {@code generator} that passes {@code filter}, drawing again until one does. */
    public <T> T suchThat(Function<RandomCases, T> generator, Predicate<? super T> filter) {
        for (int i = 0; i < FILTER_TRIES; i++) {
            T value = generator.apply(this);
            if (filter.test(value)) {
                return value;
            }
        }
        throw new IllegalStateException("no value passed the filter in " + FILTER_TRIES + " tries (seed " + seed + ")");
    }

    /**
     * A size in {@code min..max}. The bounds themselves come up often (a fifth of the time), short
     * sizes next, so that edge cases are tried in every run; the rest are uniform over the range.
     */
    public int size(int min, int max) {
        int roll = random.nextInt(10);
        if (roll == 0) {
            return min;
        }
        if (roll == 1) {
            return max;
        }
        if (roll < 6) {
            return between(min, Math.min(max, min + 8));
        }
        return between(min, max);
    }

    public <T> List<T> list(int minSize, int maxSize, Function<RandomCases, ? extends T> element) {
        int size = size(minSize, maxSize);
        List<T> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            list.add(element.apply(this));
        }
        return List.copyOf(list);
    }

    /**
     * A string of {@code minLength..maxLength} characters. Each character is drawn by first picking
     * one of the alphabets, each as likely as the others, then a character of it: so a small
     * alphabet such as {@code "-"} next to {@code a..z} still shows up in a third or half of the
     * characters.
     */
    public String string(int minLength, int maxLength, String... alphabets) {
        if (alphabets.length == 0 || List.of(alphabets).stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("every alphabet needs a character");
        }
        int length = size(minLength, maxLength);
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            String alphabet = alphabets[random.nextInt(alphabets.length)];
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }

    /** A string of up to {@code maxLength} of any characters {@link #anyChar()} draws. */
    public String anyString(int maxLength) {
        int length = size(0, maxLength);
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            s.append(anyChar());
        }
        return s.toString();
    }

    /**
     * Any UTF-16 unit but surrogates, noncharacters and private-use characters. A quarter of the
     * time an ASCII character (controls included), which the full range would almost never draw.
     */
    public char anyChar() {
        if (random.nextInt(4) == 0) {
            return (char) random.nextInt(0x80);
        }
        while (true) {
            char c = (char) random.nextInt(0x10000);
            boolean surrogate = Character.isSurrogate(c);
            boolean noncharacter = c >= 0xFDD0 && c <= 0xFDEF || c == 0xFFFE || c == 0xFFFF;
            boolean privateUse = c >= 0xE000 && c <= 0xF8FF;
            if (!surrogate && !noncharacter && !privateUse) {
                return c;
            }
        }
    }

    /** The characters {@code from..to} as an alphabet for {@link #string}. */
    public static String range(char from, char to) {
        StringBuilder s = new StringBuilder(to - from + 1);
        for (char c = from; c <= to; c++) {
            s.append(c);
        }
        return s.toString();
    }

    // ---- describing inputs

    /** {@code name=value, ...} with strings quoted, for a test's input record. */
    public static String describe(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values come in pairs");
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (i > 0) {
                s.append(", ");
            }
            s.append(namesAndValues[i]).append('=').append(show(namesAndValues[i + 1]));
        }
        return s.toString();
    }

    /** Strings as Java literals, lists element by element, anything else by {@code toString()}. */
    public static String show(Object value) {
        if (value instanceof CharSequence text) {
            return quote(text.toString());
        }
        if (value instanceof List<?> list) {
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < list.size(); i++) {
                s.append(i > 0 ? ", " : "").append(show(list.get(i)));
            }
            return s.append(']').toString();
        }
        return String.valueOf(value);
    }

    /** A Java string literal: printable ASCII as is, everything else escaped, so any input can be pasted back. */
    public static String quote(String text) {
        StringBuilder s = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                default -> {
                    if (c >= 0x20 && c < 0x7F) {
                        s.append(c);
                    } else {
                        s.append(String.format("\\u%04x", (int) c));
                    }
                }
            }
        }
        return s.append('"').toString();
    }

    /** One generated input of a property, with the seed and number that draw it again. */
    public record Case<T>(long seed, int number, T input) {

        public interface Check<T> {
            void run(T input) throws Throwable;
        }

        /** Runs the check on the input; any failure or exception is reported with the seed and input. */
        public void check(Check<? super T> check) {
            try {
                check.run(input);
            } catch (AssertionFailedError e) {
                // Keeps expected and actual, for the IDE's diff view.
                throw e.isExpectedDefined() && e.isActualDefined()
                        ? new AssertionFailedError(context(e), e.getExpected(), e.getActual(), e)
                        : new AssertionFailedError(context(e), e);
            } catch (Throwable e) {
                if (e instanceof VirtualMachineError fatal && !(e instanceof StackOverflowError)) {
                    throw fatal;
                }
                throw new AssertionFailedError(context(e), e);
            }
        }

        private String context(Throwable e) {
            String message = e instanceof AssertionError ? Objects.toString(e.getMessage(), "") : e.toString();
            return this + " (rerun: -D" + SEED_PROPERTY + "=" + seed + ")\n" + message;
        }

        @Override
        public String toString() {
            return "seed " + seed + ", case " + number + ": " + show(input);
        }
    }
}
