package dev.toolgate.bench;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The operations measured, each once; the same code runs outside any tool and inside one. */
final class Workloads {

    static final int KIB = 1024;

    private Workloads() {
    }

    static long trivial(long x) {
        return x * 31 + 7;
    }

    static int streamRead(File file, byte[] buffer) throws IOException {
        try (FileInputStream in = new FileInputStream(file)) {
            return in.read(buffer);
        }
    }

    static byte[] readAllBytes(Path path) throws IOException {
        return Files.readAllBytes(path);
    }

    /** Overwrites in place: truncating would make ext4 flush at close and measure the disk instead. */
    static Path write(Path path, byte[] data) throws IOException {
        return Files.write(path, data, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    }

    static boolean exists(Path path) {
        return Files.exists(path);
    }

    static int startProcess() throws IOException, InterruptedException {
        return new ProcessBuilder("true").start().waitFor();
    }

    /**
     * Connect and reset: SO_LINGER 0 leaves no TIME_WAIT behind, so ports never run out. At tens of
     * thousands of connects a second the loopback stack now and then resets a connect; that one is
     * tried once more (a gate's denial is a SecurityException, never retried).
     */
    static boolean connect(InetSocketAddress address) throws IOException {
        try {
            return connectOnce(address);
        } catch (java.net.SocketException reset) {
            return connectOnce(address);
        }
    }

    private static boolean connectOnce(InetSocketAddress address) throws IOException {
        try (Socket socket = new Socket()) {
            socket.setSoLinger(true, 0);
            socket.connect(address);
            return socket.isConnected();
        }
    }
}
