package dev.toolgate.weave;

import static dev.toolgate.weave.Injection.JDK_OPS;
import static dev.toolgate.weave.Injection.onEntry;

import dev.toolgate.weave.Injection.Load;
import java.util.List;

/**
 * Files: the java.io streams and File mutations, and the NIO file-system provider that
 * {@code Files}, {@code FileChannel} and everything built on them go through.
 */
final class FileHooks {

    private static final String FILE = "(Ljava/io/File;)V";
    private static final String PATH = "(Ljava/lang/Object;)V";
    private static final Injection READ_FIRST_FILE = onEntry(JDK_OPS, "readFile", FILE, Load.argument(0));
    private static final Injection WRITE_FIRST_FILE = onEntry(JDK_OPS, "writeFile", FILE, Load.argument(0));
    private static final Injection WRITE_THIS_FILE = onEntry(JDK_OPS, "writeFile", FILE, Load.self());
    private static final Injection READ_THIS_FILE = onEntry(JDK_OPS, "readFile", FILE, Load.self());
    private static final Injection OPEN_PATH = onEntry(JDK_OPS, "openPath", "(Ljava/lang/Object;Ljava/util/Set;)V",
            Load.argument(0), Load.argument(1));
    private static final Injection READ_FIRST_PATH = onEntry(JDK_OPS, "readPath", PATH, Load.argument(0));
    private static final Injection WRITE_FIRST_PATH = onEntry(JDK_OPS, "writePath", PATH, Load.argument(0));
    private static final Injection WRITE_SECOND_PATH = onEntry(JDK_OPS, "writePath", PATH, Load.argument(1));
    private static final Injection WRITE_VIEW_FILE = onEntry(JDK_OPS, "writePath", PATH,
            Load.fieldOfThis("sun/nio/fs/UnixFileAttributeViews$Basic", "file", "Lsun/nio/fs/UnixPath;"));
    private static final String PROVIDER = "sun/nio/fs/UnixFileSystemProvider";
    private static final String SECURE_STREAM = "sun/nio/fs/UnixSecureDirectoryStream";
    private static final String SECURE_BASIC_VIEW = SECURE_STREAM + "$BasicFileAttributeViewImpl";
    private static final String SECURE_POSIX_VIEW = SECURE_STREAM + "$PosixFileAttributeViewImpl";
    private static final String TWO_OBJECTS = "(Ljava/lang/Object;Ljava/lang/Object;)V";
    private static final Injection SECURE_WRITE_FIRST = onEntry(JDK_OPS, "secureDirectoryWrite", TWO_OBJECTS,
            Load.self(), Load.argument(0));
    /** An attribute view of a secure stream: its entry ({@code file}, null for the directory itself) and its stream. */
    private static Injection secureViewWrite(String view) {
        return onEntry(JDK_OPS, "secureDirectoryWrite", TWO_OBJECTS,
                Load.fieldOfThis(view, "this$0", "L" + SECURE_STREAM + ";"),
                Load.fieldOfThis(view, "file", "Lsun/nio/fs/UnixPath;"));
    }

    /** Before a delete, move or link: the gate forgets which file each path led to. */
    private static final Injection NAMES_CHANGING = onEntry(JDK_OPS, "namesChanging", "()V");

    static final List<JdkHook> HOOKS = List.of(
            // FileInputStream(String) and FileReader delegate to FileInputStream(File).
            JdkHook.of("java/io/FileInputStream", "<init>", "(Ljava/io/File;)", READ_FIRST_FILE),
            JdkHook.of("java/io/FileOutputStream", "<init>", "(Ljava/io/File;Z)", WRITE_FIRST_FILE),
            // The public (File, String) constructor and the private (File, String, boolean) one.
            JdkHook.of("java/io/RandomAccessFile", "<init>", "(Ljava/io/File;Ljava/lang/String;",
                    onEntry(JDK_OPS, "randomAccess", "(Ljava/io/File;Ljava/lang/String;)V", Load.argument(0),
                            Load.argument(1))),
            JdkHook.of("java/io/File", "delete", "()", WRITE_THIS_FILE),
            JdkHook.of("java/io/File", "deleteOnExit", "()", WRITE_THIS_FILE),
            JdkHook.of("java/io/File", "mkdir", "()", WRITE_THIS_FILE),
            JdkHook.of("java/io/File", "createNewFile", "()", WRITE_THIS_FILE),
            JdkHook.of("java/io/File", "setLastModified", "(J)", WRITE_THIS_FILE),
            JdkHook.of("java/io/File", "setReadOnly", "()", WRITE_THIS_FILE),
            JdkHook.of("java/io/File", "setReadable", "(ZZ)", WRITE_THIS_FILE),
            JdkHook.of("java/io/File", "setWritable", "(ZZ)", WRITE_THIS_FILE),
            JdkHook.of("java/io/File", "setExecutable", "(ZZ)", WRITE_THIS_FILE),
            JdkHook.of("java/io/File", "renameTo", "(Ljava/io/File;)", WRITE_THIS_FILE),
            JdkHook.of("java/io/File", "renameTo", "(Ljava/io/File;)", WRITE_FIRST_FILE),
            JdkHook.of("java/io/File", "list", "()", READ_THIS_FILE),
            // JDK 24+ lists through normalizedList(), bypassing list(); earlier JDKs have no such method.
            JdkHook.ifPresent("java/io/File", "normalizedList", "()", READ_THIS_FILE),
            JdkHook.of(PROVIDER, "newByteChannel", "", OPEN_PATH),
            JdkHook.of(PROVIDER, "newFileChannel", "", OPEN_PATH),
            JdkHook.of(PROVIDER, "newAsynchronousFileChannel", "", OPEN_PATH),
            JdkHook.of(PROVIDER, "newDirectoryStream", "", READ_FIRST_PATH),
            JdkHook.of(PROVIDER, "createDirectory", "", WRITE_FIRST_PATH),
            JdkHook.of(PROVIDER, "createSymbolicLink", "", WRITE_FIRST_PATH),
            JdkHook.of(PROVIDER, "implDelete", "", WRITE_FIRST_PATH),
            JdkHook.of(PROVIDER, "copy", "", READ_FIRST_PATH),
            JdkHook.of(PROVIDER, "copy", "", WRITE_SECOND_PATH),
            JdkHook.of(PROVIDER, "move", "", WRITE_FIRST_PATH),
            JdkHook.of(PROVIDER, "move", "", WRITE_SECOND_PATH),
            // A hard link to a file is a way to write it: both ends are writes.
            JdkHook.of(PROVIDER, "createLink", "", WRITE_FIRST_PATH),
            JdkHook.of(PROVIDER, "createLink", "", WRITE_SECOND_PATH),
            JdkHook.of("sun/nio/fs/UnixFileAttributeViews$Basic", "setTimes", "", WRITE_VIEW_FILE),
            JdkHook.of("sun/nio/fs/UnixFileAttributeViews$Posix", "setMode", "", WRITE_VIEW_FILE),
            JdkHook.of("sun/nio/fs/UnixFileAttributeViews$Posix", "setOwners", "", WRITE_VIEW_FILE),
            // Secure directory streams work on the directory's descriptor, past the provider.
            JdkHook.of(SECURE_STREAM, "newDirectoryStream", "(Ljava/nio/file/Path;",
                    onEntry(JDK_OPS, "secureDirectoryRead", TWO_OBJECTS, Load.self(), Load.argument(0))),
            JdkHook.of(SECURE_STREAM, "newByteChannel", "(Ljava/nio/file/Path;",
                    onEntry(JDK_OPS, "secureDirectoryOpen", "(Ljava/lang/Object;Ljava/lang/Object;Ljava/util/Set;)V",
                            Load.self(), Load.argument(0), Load.argument(1))),
            JdkHook.of(SECURE_STREAM, "deleteFile", "(Ljava/nio/file/Path;", SECURE_WRITE_FIRST),
            JdkHook.of(SECURE_STREAM, "deleteDirectory", "(Ljava/nio/file/Path;", SECURE_WRITE_FIRST),
            JdkHook.of(SECURE_STREAM, "move", "(Ljava/nio/file/Path;", SECURE_WRITE_FIRST),
            JdkHook.of(SECURE_STREAM, "move", "(Ljava/nio/file/Path;",
                    onEntry(JDK_OPS, "secureDirectoryWrite", TWO_OBJECTS, Load.argument(1), Load.argument(2))),
            JdkHook.of(SECURE_BASIC_VIEW, "setTimes", "", secureViewWrite(SECURE_BASIC_VIEW)),
            JdkHook.of(SECURE_POSIX_VIEW, "setPermissions", "", secureViewWrite(SECURE_POSIX_VIEW)),
            JdkHook.of(SECURE_POSIX_VIEW, "setOwners", "", secureViewWrite(SECURE_POSIX_VIEW)),
            JdkHook.of("java/io/File", "delete", "()", NAMES_CHANGING),
            JdkHook.of("java/io/File", "renameTo", "(Ljava/io/File;)", NAMES_CHANGING),
            JdkHook.of(PROVIDER, "implDelete", "", NAMES_CHANGING),
            JdkHook.of(PROVIDER, "move", "", NAMES_CHANGING),
            JdkHook.of(PROVIDER, "copy", "", NAMES_CHANGING),
            JdkHook.of(PROVIDER, "createSymbolicLink", "", NAMES_CHANGING),
            JdkHook.of(PROVIDER, "createLink", "", NAMES_CHANGING),
            JdkHook.of(SECURE_STREAM, "deleteFile", "(Ljava/nio/file/Path;", NAMES_CHANGING),
            JdkHook.of(SECURE_STREAM, "deleteDirectory", "(Ljava/nio/file/Path;", NAMES_CHANGING),
            JdkHook.of(SECURE_STREAM, "move", "(Ljava/nio/file/Path;", NAMES_CHANGING));

    private FileHooks() {
    }
}
