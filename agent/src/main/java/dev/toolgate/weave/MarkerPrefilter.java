package dev.toolgate.weave;

import dev.toolgate.runtime.ThreadContext;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Passes a class on to the tool weaver only if its name is one that settings name, or its class
 * file mentions one of the markers (an annotation's descriptor) somewhere in its constant pool.
 * Most classes never mention a tool annotation, and a byte scan is far cheaper than parsing
 * every class loaded.
 */
final class MarkerPrefilter implements ClassFileTransformer {

    private final Supplier<ClassFileTransformer> delegateFactory;
    private volatile ClassFileTransformer delegate;
    private final byte[][] markers;
    private final Predicate<String> namedClass;

    /**
     * @param delegateFactory built on the first class that needs it: an application without tools never pays for it
     * @param namedClass      tests a class's internal name ({@code com/acme/Foo}), or null when no class is named
     */
    MarkerPrefilter(Supplier<ClassFileTransformer> delegateFactory, List<String> markers,
                    Predicate<String> namedClass) {
        this.delegateFactory = delegateFactory;
        this.namedClass = namedClass;
        this.markers = new byte[markers.size()][];
        for (int i = 0; i < markers.size(); i++) {
            this.markers[i] = markers.get(i).getBytes(StandardCharsets.UTF_8);
        }
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classfileBuffer)
            throws IllegalClassFormatException {
        // Tool classes are application classes; the JDK and the agent itself live in the boot loader.
        if (loader == null || !(namedClass != null && namedClass.test(className) || mentionsMarker(classfileBuffer))) {
            return null;
        }
        // Weaving is the gate's own work, never gated itself. A failure here would leave the class
        // unwoven (the JVM ignores a transformer's exception): any failure at all stops the JVM.
        ThreadContext context = ThreadContext.current();
        context.enterInternal();
        try {
            return delegate().transform(loader, className, classBeingRedefined, protectionDomain, classfileBuffer);
        } catch (RuntimeException | Error e) {
            FailClosedListener.onError(className == null ? null : className.replace('/', '.'), e);
            throw e;
        } finally {
            context.exitInternal();
        }
    }

    private ClassFileTransformer delegate() {
        ClassFileTransformer current = delegate;
        if (current == null) {
            synchronized (this) {
                current = delegate;
                if (current == null) {
                    current = delegateFactory.get();
                    delegate = current;
                }
            }
        }
        return current;
    }

    boolean mentionsMarker(byte[] bytes) {
        for (byte[] marker : markers) {
            if (indexOf(bytes, marker) >= 0) {
                return true;
            }
        }
        return false;
    }

    static int indexOf(byte[] haystack, byte[] needle) {
        byte first = needle[0];
        int last = haystack.length - needle.length;
        outer:
        for (int i = 0; i <= last; i++) {
            if (haystack[i] != first) {
                continue;
            }
            for (int j = 1; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
