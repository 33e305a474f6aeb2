package dev.toolgate.weave;

import static dev.toolgate.weave.Injection.JDK_OPS;
import static dev.toolgate.weave.Injection.onEntry;

import dev.toolgate.weave.Injection.Load;
import java.util.List;

/**
 * Outbound network: the socket implementations under Socket, SocketChannel (and so HttpClient
 * and URLConnection), DatagramSocket / DatagramChannel, and asynchronous socket channels.
 */
final class NetworkHooks {

    private static final String CONNECT = "(Ljava/net/SocketAddress;)V";

    static final List<JdkHook> HOOKS = List.of(
            JdkHook.of("sun/nio/ch/NioSocketImpl", "connect", "(Ljava/net/SocketAddress;I)",
                    onEntry(JDK_OPS, "connect", CONNECT, Load.argument(0))),
            // Both connect() and the blocking connect of socket().connect() begin here.
            JdkHook.of("sun/nio/ch/SocketChannelImpl", "beginConnect", "(ZLjava/net/SocketAddress;)",
                    onEntry(JDK_OPS, "connect", CONNECT, Load.argument(1))),
            JdkHook.of("sun/nio/ch/DatagramChannelImpl", "connect", "(Ljava/net/SocketAddress;Z)",
                    onEntry(JDK_OPS, "connect", CONNECT, Load.argument(0))),
            JdkHook.of("sun/nio/ch/DatagramChannelImpl", "send", "(Ljava/nio/ByteBuffer;Ljava/net/SocketAddress;)",
                    onEntry(JDK_OPS, "connect", CONNECT, Load.argument(1))),
            JdkHook.of("sun/nio/ch/UnixAsynchronousSocketChannelImpl", "implConnect", "(Ljava/net/SocketAddress;",
                    onEntry(JDK_OPS, "connect", CONNECT, Load.argument(0))));

    private NetworkHooks() {
    }
}
