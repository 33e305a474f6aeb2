package dev.toolgate.weave;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.toolgate.bootstrap.JdkOps;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import net.bytebuddy.asm.Advice;

/**
 * Outbound network: the socket implementations under Socket, SocketChannel (and so HttpClient
 * and URLConnection), DatagramSocket / DatagramChannel, and asynchronous socket channels.
 */
final class NetworkWeaving {

    private NetworkWeaving() {
    }

    static List<JdkTarget> targets() {
        return List.of(
                JdkTarget.of("sun.nio.ch.NioSocketImpl",
                        named("connect").and(takesArguments(SocketAddress.class, int.class)), ConnectFirstArgument.class),
                JdkTarget.of("sun.nio.ch.SocketChannelImpl",
                        named("connect").and(takesArguments(SocketAddress.class)), ConnectFirstArgument.class),
                JdkTarget.of("sun.nio.ch.DatagramChannelImpl",
                        named("connect").and(takesArguments(SocketAddress.class, boolean.class)), ConnectFirstArgument.class),
                JdkTarget.of("sun.nio.ch.DatagramChannelImpl",
                        named("send").and(takesArguments(ByteBuffer.class, SocketAddress.class)), ConnectSecondArgument.class),
                JdkTarget.of("sun.nio.ch.UnixAsynchronousSocketChannelImpl",
                        named("implConnect").and(takesArgument(0, SocketAddress.class)), ConnectFirstArgument.class));
    }

    static final class ConnectFirstArgument {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) SocketAddress address) {
            JdkOps.connect(address);
        }
    }

    static final class ConnectSecondArgument {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(1) SocketAddress address) {
            JdkOps.connect(address);
        }
    }
}
