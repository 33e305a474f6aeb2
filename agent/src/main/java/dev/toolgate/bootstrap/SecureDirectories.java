package dev.toolgate.bootstrap;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;

/**
 * Where an operation of a {@code SecureDirectoryStream} lands. Such a stream opens, deletes
 * and moves files relative to its open directory ({@code openat}, {@code unlinkat}), past the
 * file-system provider: the path checked is the stream's directory resolved with the relative
 * path, as the stream itself names it.
 */
final class SecureDirectories {

    private static final String STREAM = "sun.nio.fs.UnixSecureDirectoryStream";
    private static volatile MethodHandle directoryOfStream;

    private SecureDirectories() {
    }

    /**
     * At start-up, after {@code sun.nio.fs} was opened to the agent: a JDK whose streams cannot
     * be read this way must not start with them unchecked.
     */
    static void init() throws ReflectiveOperationException {
        Class<?> stream;
        try {
            stream = Class.forName(STREAM, false, null);
        } catch (ClassNotFoundException noSecureStreams) {
            // This platform has no secure directory streams to check.
            return;
        }
        MethodHandles.Lookup streamAccess = MethodHandles.privateLookupIn(stream, MethodHandles.lookup());
        Class<?> plainStream = Class.forName("sun.nio.fs.UnixDirectoryStream", false, null);
        MethodHandle ds = streamAccess.findGetter(stream, "ds", plainStream);
        MethodHandle directory = MethodHandles.privateLookupIn(plainStream, MethodHandles.lookup())
                .findVirtual(plainStream, "directory", MethodType.methodType(Class.forName("sun.nio.fs.UnixPath",
                        false, null)));
        directoryOfStream = MethodHandles.filterReturnValue(ds, directory)
                .asType(MethodType.methodType(Path.class, Object.class));
    }

    /**
     * @param relative the path the operation was given (absolute paths ignore the directory), or null for the directory itself
     * @return null when {@code stream} is not a secure stream of the default file system, or
     *         {@code relative} not one of its paths: the JDK refuses those on its own
     */
    static Path resolve(Object stream, Object relative) {
        MethodHandle directoryOf = directoryOfStream;
        if (directoryOf == null || stream == null || !stream.getClass().getName().equals(STREAM)) {
            return null;
        }
        Path directory;
        try {
            directory = (Path) directoryOf.invokeExact(stream);
        } catch (Throwable unreadable) {
            throw new IllegalStateException("cannot read the directory of a secure directory stream", unreadable);
        }
        if (relative == null) {
            return directory;
        }
        if (!(relative instanceof Path path) || path.getFileSystem() != directory.getFileSystem()) {
            return null;
        }
        return directory.resolve(path);
    }
}
