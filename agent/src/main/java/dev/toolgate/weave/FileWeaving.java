package dev.toolgate.weave;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.toolgate.bootstrap.JdkOps;
import java.io.File;
import java.util.List;
import java.util.Set;
import net.bytebuddy.asm.Advice;

/**
 * Files: the java.io streams and File mutations, and the NIO file-system provider that
 * {@code Files}, {@code FileChannel} and everything built on them go through.
 */
final class FileWeaving {

    private FileWeaving() {
    }

    static List<JdkTarget> targets() {
        return List.of(
                // FileInputStream(String) and FileReader delegate to FileInputStream(File).
                JdkTarget.of("java.io.FileInputStream", isConstructor().and(takesArguments(File.class)), ReadFileArgument.class),
                JdkTarget.of("java.io.FileOutputStream", isConstructor().and(takesArguments(File.class, boolean.class)),
                        WriteFileArgument.class),
                JdkTarget.of("java.io.RandomAccessFile",
                        isConstructor().and(takesArgument(0, File.class)).and(takesArgument(1, String.class)),
                        RandomAccessArguments.class),
                JdkTarget.of("java.io.File", namedOneOf("delete", "deleteOnExit", "mkdir", "createNewFile",
                        "setLastModified", "setReadOnly").or(namedOneOf("setReadable", "setWritable", "setExecutable")
                        .and(takesArguments(boolean.class, boolean.class))), WriteThisFile.class),
                JdkTarget.of("java.io.File", named("renameTo"), RenameFile.class),
                // JDK 24+ lists through normalizedList(), bypassing list().
                JdkTarget.of("java.io.File", namedOneOf("list", "normalizedList").and(takesArguments(0)), ReadThisFile.class),
                JdkTarget.of("sun.nio.fs.UnixFileSystemProvider",
                        namedOneOf("newByteChannel", "newFileChannel", "newAsynchronousFileChannel"), OpenPath.class),
                JdkTarget.of("sun.nio.fs.UnixFileSystemProvider", named("newDirectoryStream"), ReadFirstPath.class),
                JdkTarget.of("sun.nio.fs.UnixFileSystemProvider",
                        namedOneOf("createDirectory", "createSymbolicLink", "implDelete"), WriteFirstPath.class),
                JdkTarget.of("sun.nio.fs.UnixFileSystemProvider", named("copy"), CopyPaths.class),
                // A hard link to a file is a way to write it: both ends are writes.
                JdkTarget.of("sun.nio.fs.UnixFileSystemProvider", namedOneOf("move", "createLink"), WriteBothPaths.class),
                JdkTarget.of("sun.nio.fs.UnixFileAttributeViews$Basic", named("setTimes"), WriteViewFile.class),
                JdkTarget.of("sun.nio.fs.UnixFileAttributeViews$Posix", namedOneOf("setMode", "setOwners"),
                        WriteViewFile.class));
    }

    static final class ReadFileArgument {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) File file) {
            JdkOps.readFile(file);
        }
    }

    static final class WriteFileArgument {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) File file) {
            JdkOps.writeFile(file);
        }
    }

    static final class RandomAccessArguments {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) File file, @Advice.Argument(1) String mode) {
            JdkOps.randomAccess(file, mode);
        }
    }

    static final class WriteThisFile {
        @Advice.OnMethodEnter
        static void enter(@Advice.This File self) {
            JdkOps.writeFile(self);
        }
    }

    static final class ReadThisFile {
        @Advice.OnMethodEnter
        static void enter(@Advice.This File self) {
            JdkOps.readFile(self);
        }
    }

    static final class RenameFile {
        @Advice.OnMethodEnter
        static void enter(@Advice.This File self, @Advice.Argument(0) File destination) {
            JdkOps.writeFile(self);
            JdkOps.writeFile(destination);
        }
    }

    static final class OpenPath {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) Object path, @Advice.Argument(1) Set<?> options) {
            JdkOps.openPath(path, (Set) options);
        }
    }

    static final class ReadFirstPath {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) Object path) {
            JdkOps.readPath(path);
        }
    }

    static final class WriteFirstPath {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) Object path) {
            JdkOps.writePath(path);
        }
    }

    static final class CopyPaths {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) Object source, @Advice.Argument(1) Object target) {
            JdkOps.readPath(source);
            JdkOps.writePath(target);
        }
    }

    static final class WriteBothPaths {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) Object first, @Advice.Argument(1) Object second) {
            JdkOps.writePath(first);
            JdkOps.writePath(second);
        }
    }

    static final class WriteViewFile {
        @Advice.OnMethodEnter
        static void enter(@Advice.FieldValue("file") Object file) {
            JdkOps.writePath(file);
        }
    }
}
