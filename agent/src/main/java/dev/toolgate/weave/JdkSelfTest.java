package dev.toolgate.weave;

import dev.toolgate.bootstrap.JdkOps;
import dev.toolgate.runtime.ThreadContext;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Proves at start-up that every file, process and network hook is in place on this JDK: with
 * the thread in probing mode, each operation must reach its hook, which answers by throwing
 * before anything happens. An operation that gets past its hook stops the start.
 */
final class JdkSelfTest {

    private static final String PROBE = "/nonexistent-toolgate-probe/probe";

    private JdkSelfTest() {
    }

    interface Probe {
        void run() throws Exception;
    }

    static void run() {
        Map<String, Probe> probes = new LinkedHashMap<>();
        File file = new File(PROBE);
        Path path = Path.of(PROBE);
        probes.put("FileInputStream", () -> new FileInputStream(file).close());
        probes.put("FileOutputStream", () -> new FileOutputStream(file).close());
        probes.put("RandomAccessFile", () -> new RandomAccessFile(file, "rw").close());
        probes.put("File.delete", file::delete);
        probes.put("File.mkdir", file::mkdir);
        probes.put("File.createNewFile", file::createNewFile);
        probes.put("File.renameTo", () -> file.renameTo(new File(PROBE + "2")));
        probes.put("File.setWritable", () -> file.setWritable(true));
        probes.put("File.list", file::list);
        probes.put("File.listFiles", file::listFiles);
        probes.put("Files.newByteChannel", () -> Files.newByteChannel(path).close());
        probes.put("FileChannel.open", () -> FileChannel.open(path).close());
        probes.put("Files.newDirectoryStream", () -> Files.newDirectoryStream(path).close());
        probes.put("Files.createDirectory", () -> Files.createDirectory(path));
        probes.put("Files.createSymbolicLink", () -> Files.createSymbolicLink(path, path));
        probes.put("Files.createLink", () -> Files.createLink(path, Path.of(PROBE + "2")));
        probes.put("Files.delete", () -> Files.delete(path));
        probes.put("Files.copy", () -> Files.copy(path, Path.of(PROBE + "2")));
        probes.put("Files.move", () -> Files.move(path, Path.of(PROBE + "2")));
        probes.put("Files.setLastModifiedTime", () -> Files.setLastModifiedTime(path, FileTime.fromMillis(0)));
        probes.put("Files.setPosixFilePermissions",
                () -> Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwx------")));
        probes.put("ProcessBuilder.start", () -> new ProcessBuilder(PROBE).start());
        probes.put("Socket.connect", () -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", 9), 1000);
            }
        });
        probes.put("SocketChannel.connect", () -> {
            try (SocketChannel channel = SocketChannel.open()) {
                channel.connect(new InetSocketAddress("127.0.0.1", 9));
            }
        });
        probes.put("DatagramChannel.connect", () -> {
            try (DatagramChannel channel = DatagramChannel.open()) {
                channel.connect(new InetSocketAddress("127.0.0.1", 9));
            }
        });
        probes.put("DatagramChannel.send", () -> {
            try (DatagramChannel channel = DatagramChannel.open()) {
                channel.send(ByteBuffer.allocate(1), new InetSocketAddress("127.0.0.1", 9));
            }
        });

        ThreadContext context = ThreadContext.current();
        SecureDirectoryStream<Path> secure = openSecureStream(context);
        if (secure != null) {
            Path name = Path.of("nonexistent-toolgate-probe");
            probes.put("SecureDirectoryStream.newDirectoryStream", () -> secure.newDirectoryStream(name).close());
            probes.put("SecureDirectoryStream.newByteChannel", () -> secure.newByteChannel(name, Set.of()).close());
            probes.put("SecureDirectoryStream.deleteFile", () -> secure.deleteFile(name));
            probes.put("SecureDirectoryStream.deleteDirectory", () -> secure.deleteDirectory(name));
            probes.put("SecureDirectoryStream.move", () -> secure.move(name, secure, Path.of(PROBE)));
            probes.put("SecureDirectoryStream setTimes", () -> secure.getFileAttributeView(name,
                    BasicFileAttributeView.class).setTimes(FileTime.fromMillis(0), null, null));
            probes.put("SecureDirectoryStream setPermissions", () -> secure.getFileAttributeView(name,
                    PosixFileAttributeView.class).setPermissions(PosixFilePermissions.fromString("rwx------")));
        }
        try {
            runProbes(probes, context);
        } finally {
            closeQuietly(secure, context);
        }
    }

    private static void runProbes(Map<String, Probe> probes, ThreadContext context) {
        // First for real, ungated: every probe fails harmlessly (no such file, nothing listening), and
        // the classes it needs are initialised outside probing, where a hook's throw would break them.
        context.enterInternal();
        try {
            for (Probe probe : probes.values()) {
                try {
                    probe.run();
                } catch (Exception | LinkageError expected) {
                    // Nothing to do: the probe exists to fail.
                }
            }
        } finally {
            context.exitInternal();
        }
        List<String> unhooked = new ArrayList<>();
        context.setProbing(true);
        try {
            for (Map.Entry<String, Probe> probe : probes.entrySet()) {
                try {
                    probe.getValue().run();
                    unhooked.add(probe.getKey());
                } catch (JdkOps.HookReached reached) {
                    // In place.
                } catch (Exception | LinkageError gotPastTheHook) {
                    unhooked.add(probe.getKey() + " (" + gotPastTheHook + ")");
                }
            }
        } finally {
            context.setProbing(false);
        }
        if (!unhooked.isEmpty()) {
            throw new IllegalStateException("self-test: these operations are not gated on this JDK ("
                    + Runtime.version() + "): " + unhooked);
        }
    }

    /** A secure stream on the temporary directory, where this platform has them; it is only opened. */
    @SuppressWarnings("unchecked")
    private static SecureDirectoryStream<Path> openSecureStream(ThreadContext context) {
        context.enterInternal();
        try {
            DirectoryStream<Path> stream = Files.newDirectoryStream(Path.of(System.getProperty("java.io.tmpdir")));
            if (stream instanceof SecureDirectoryStream<?> secure) {
                return (SecureDirectoryStream<Path>) secure;
            }
            stream.close();
            return null;
        } catch (IOException | RuntimeException noStream) {
            throw new IllegalStateException("self-test: cannot open the temporary directory " + noStream, noStream);
        } finally {
            context.exitInternal();
        }
    }

    private static void closeQuietly(SecureDirectoryStream<Path> stream, ThreadContext context) {
        if (stream == null) {
            return;
        }
        context.enterInternal();
        try {
            stream.close();
        } catch (IOException ignored) {
            // Only a directory descriptor: nothing was written through it.
        } finally {
            context.exitInternal();
        }
    }
}
