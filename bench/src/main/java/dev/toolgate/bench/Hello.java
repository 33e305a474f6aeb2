package dev.toolgate.bench;

/** The hello-world JVM whose start-up bench/run.sh times. */
public final class Hello {

    private Hello() {
    }

    public static void main(String[] args) {
        System.out.println("hello");
    }
}
