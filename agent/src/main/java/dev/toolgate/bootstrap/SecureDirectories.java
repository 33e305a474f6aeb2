package dev.toolgate.bootstrap;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;

/**
 * Where an operation of a {@code SecureDirectoryStream} lands. Such a stream opens, deletes
 * and moves files relative to its open directory ({@code openat}, {@code unlinkat}), past the
 * file-system provider: the path checked is the stream's directory resolved with the relative
 * path, as the stream itself names it.
 */
final class SecureDirectories {

    private static final String STREAM = "sun.nio.fs.UnixSecureDirectoryStream";
    private static volatile Field streamOfSecureStream;
    private static volatile Method directoryOfStream;

    private SecureDirectories() {
    }

    /**
     * At start-up, after {@code sun.nio.fs} was opened to the agent: a JDK whose streams cannot
     * be read this way must not start with them unchecked. Plain reflection: method handles
     * would spin classes at every start.
     */
    static void init() throws ReflectiveOperationException {
        Class<?> stream;
        try {
            stream = Class.forName(STREAM, false, null);
        } catch (ClassNotFoundException noSecureStreams) {
            // This platform has no secure directory streams to check.
            return;
        }
        Field ds = stream.getDeclaredField("ds");
        ds.setAccessible(true);
        Method directory = ds.getType().getDeclaredMethod("directory");
        directory.setAccessible(true);
        if (!Path.class.isAssignableFrom(directory.getReturnType())) {
            throw new NoSuchMethodException(ds.getType().getName() + ".directory() returns " + directory.getReturnType());
        }
        streamOfSecureStream = ds;
        directoryOfStream = directory;
    }

    /**
     * @param relative the path the operation was given (absolute paths ignore the directory), or null for the directory itself
     * @return null when {@code stream} is not a secure stream of the default file system, or
     *         {@code relative} not one of its paths: the JDK refuses those on its own
     */
    static Path resolve(Object stream, Object relative) {
        Field streamOf = streamOfSecureStream;
        Method directoryOf = directoryOfStream;
        if (streamOf == null || stream == null || !stream.getClass().getName().equals(STREAM)) {
            return null;
        }
        Path directory;
        try {
            directory = (Path) directoryOf.invoke(streamOf.get(stream));
        } catch (ReflectiveOperationException unreadable) {
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
