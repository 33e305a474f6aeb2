package dev.toolgate.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** A loopback server the connect benchmark talks to: accepts and closes, on a daemon thread. */
final class LoopbackServer implements AutoCloseable {

    private final ServerSocket socket;

    private LoopbackServer(ServerSocket socket) {
        this.socket = socket;
    }

    static LoopbackServer start() throws IOException {
        ServerSocket socket = new ServerSocket(0, 1024, InetAddress.getLoopbackAddress());
        LoopbackServer server = new LoopbackServer(socket);
        Thread acceptor = new Thread(server::acceptAll, "bench-loopback-server");
        acceptor.setDaemon(true);
        acceptor.start();
        return server;
    }

    InetSocketAddress address() {
        return new InetSocketAddress(socket.getInetAddress(), socket.getLocalPort());
    }

    private void acceptAll() {
        while (!socket.isClosed()) {
            // A plain close: the client resets (SO_LINGER 0), so neither end keeps a TIME_WAIT.
            try (Socket accepted = socket.accept()) {
                accepted.getLocalPort();
            } catch (IOException closedOrReset) {
                // Closed at tear-down, or a client reset first: either way, next.
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
