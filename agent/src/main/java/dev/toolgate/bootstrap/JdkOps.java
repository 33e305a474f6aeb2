package dev.toolgate.bootstrap;

import dev.toolgate.api.PermissionDeniedException;
import dev.toolgate.gate.RequestKind;
import dev.toolgate.runtime.GateRuntime;
import dev.toolgate.runtime.OperationHandler;
import dev.toolgate.runtime.ThreadContext;
import dev.toolgate.runtime.ToolFrame;
import dev.toolgate.sandbox.CanonicalPaths;
import java.io.File;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.InvalidPathException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * What the advice woven into the JDK calls. Each entry point first makes the cheap tests (the
 * gate's own code, not yet installed, nothing to check on this thread), then asks the gate,
 * which throws {@code SecurityException} to deny.
 */
public final class JdkOps {

    private JdkOps() {
    }

    /** Thrown by a hook during the start-up self-test, to prove it is in place. */
    public static final class HookReached extends Error {
        private static final long serialVersionUID = 1L;

        HookReached() {
            super("toolgate hook reached", null, false, false);
        }
    }

    /**
     * The tests every hook makes first: the gate's own work passes; during the self-test the
     * hook only reports that it was reached; a cancelled tool call may do nothing more.
     */
    private static boolean passes(ThreadContext context) {
        if (context.isInternal()) {
            return true;
        }
        if (context.isProbing()) {
            throw new HookReached();
        }
        ToolFrame frame = context.frame();
        String cancelled = frame == null ? null : frame.cancelled();
        if (cancelled != null) {
            throw new CancellationException("tool '" + frame.spec().name() + "' was cancelled: " + cancelled);
        }
        return false;
    }

    /** Halts the JVM from the gate's own code, which no Exit rule may stop. */
    public static void haltFromGate(int status) {
        ThreadContext.current().enterInternal();
        Runtime.getRuntime().halt(status);
    }

    public static void readFile(File file) {
        if (file != null) {
            path(RequestKind.READ, file);
        }
    }

    public static void writeFile(File file) {
        if (file != null) {
            path(RequestKind.WRITE, file);
        }
    }

    public static void randomAccess(File file, String mode) {
        if (file != null) {
            path(mode != null && mode.indexOf('w') >= 0 ? RequestKind.WRITE : RequestKind.READ, file);
        }
    }

    public static void readPath(Object path) {
        if (path instanceof Path p) {
            path(RequestKind.READ, p);
        }
    }

    public static void writePath(Object path) {
        if (path instanceof Path p) {
            path(RequestKind.WRITE, p);
        }
    }

    public static void openPath(Object path, Set<? extends OpenOption> options) {
        if (path instanceof Path p) {
            path(opensForWriting(options) ? RequestKind.WRITE : RequestKind.READ, p);
        }
    }

    /** A {@code SecureDirectoryStream} opening a directory: a read of it. */
    public static void secureDirectoryRead(Object stream, Object relative) {
        path(RequestKind.READ, new SecureEntry(stream, relative));
    }

    /** A {@code SecureDirectoryStream} deleting, moving, or changing the attributes of an entry. */
    public static void secureDirectoryWrite(Object stream, Object relative) {
        path(RequestKind.WRITE, new SecureEntry(stream, relative));
    }

    public static void secureDirectoryOpen(Object stream, Object relative, Set<? extends OpenOption> options) {
        path(opensForWriting(options) ? RequestKind.WRITE : RequestKind.READ, new SecureEntry(stream, relative));
    }

    /** An entry of a secure directory stream, resolved only once there is something to check. */
    private record SecureEntry(Object stream, Object relative) {
    }

    static boolean opensForWriting(Set<? extends OpenOption> options) {
        if (options == null) {
            return false;
        }
        for (OpenOption option : options) {
            if (option == StandardOpenOption.WRITE || option == StandardOpenOption.APPEND
                    || option == StandardOpenOption.CREATE || option == StandardOpenOption.CREATE_NEW
                    || option == StandardOpenOption.TRUNCATE_EXISTING
                    || option == StandardOpenOption.DELETE_ON_CLOSE) {
                return true;
            }
        }
        return false;
    }

    private static void path(RequestKind kind, Object path) {
        ThreadContext context = ThreadContext.current();
        if (passes(context)) {
            return;
        }
        GateRuntime runtime = GateRuntime.getIfInstalled();
        if (runtime == null) {
            return;
        }
        OperationHandler operations = runtime.operations();
        if (!operations.mustCheck(kind, context)) {
            return;
        }
        context.enterInternal();
        try {
            Path absolute;
            try {
                // Computed only now, past the cheap tests: most opens never get this far.
                absolute = absolute(path);
            } catch (InvalidPathException invalid) {
                // Not a path the JDK can open either: it fails on its own.
                return;
            }
            if (absolute != null) {
                operations.checkPath(kind, absolute, context);
            }
        } finally {
            context.exitInternal();
        }
    }

    /** Null when there is no path: the JDK refuses the operation on its own. */
    private static Path absolute(Object path) {
        if (path instanceof Path p) {
            return p.toAbsolutePath();
        }
        if (path instanceof SecureEntry entry) {
            Path resolved = SecureDirectories.resolve(entry.stream(), entry.relative());
            return resolved == null ? null : resolved.toAbsolutePath();
        }
        return Path.of(((File) path).getAbsolutePath());
    }

    /** At start-up: see {@link SecureDirectories#init()}. */
    public static void initSecureDirectories() throws ReflectiveOperationException {
        SecureDirectories.init();
    }

    /** A file is deleted, moved or linked: what a path led to may change. Whoever does it, the gate's own work included. */
    public static void namesChanging() {
        CanonicalPaths.forgetKnownTargets();
    }

    public static void exec(String[] command) {
        // A process can change any path: nothing known about them survives its start.
        CanonicalPaths.forgetKnownTargets();
        ThreadContext context = ThreadContext.current();
        if (passes(context)) {
            return;
        }
        GateRuntime runtime = GateRuntime.getIfInstalled();
        if (runtime == null || command == null || !runtime.operations().mustCheck(RequestKind.EXEC, context)) {
            return;
        }
        context.enterInternal();
        try {
            runtime.operations().checkExec(Arrays.asList(command.clone()), context);
        } finally {
            context.exitInternal();
        }
    }

    /** A process a tool started: watched, so that it cannot outlive its time limit. */
    public static void processStarted(Object process) {
        ThreadContext context = ThreadContext.current();
        GateRuntime runtime = GateRuntime.getIfInstalled();
        if (runtime != null && context.frame() != null && !context.isInternal() && process instanceof Process p) {
            runtime.processes().started(p, context.frame());
        }
    }

    /** System.load / loadLibrary: the JDK's own libraries pass, anyone else's is checked like a command. */
    public static void loadNative(Class<?> caller, String library) {
        ClassLoader loader = caller == null ? null : caller.getClassLoader();
        if (loader == null || loader == ClassLoader.getPlatformClassLoader()) {
            return;
        }
        exec(new String[] {"System.load", String.valueOf(library)});
    }

    /**
     * Deep reflection into the gate's own classes (their private fields hold the policy and the
     * switch that turns it on) is refused to everyone but the JDK and the gate itself, inside
     * tools and out. The public API package stays open: it holds nothing worth tampering with.
     */
    public static void deepReflection(Class<?> caller, Class<?> target) {
        if (target == null || target.getClassLoader() != null) {
            return;
        }
        String name = target.getName();
        if (!name.startsWith("dev.toolgate.") || name.startsWith("dev.toolgate.api.")) {
            return;
        }
        if (caller != null && caller.getClassLoader() == null) {
            return;
        }
        throw new PermissionDeniedException("Permission denied: deep reflection on " + name
                + " from " + (caller == null ? "unknown code" : caller.getName()) + ": Toolgate's own classes are closed");
    }

    public static void privateLookup(Class<?> target, Object callerLookup) {
        deepReflection(callerLookup instanceof java.lang.invoke.MethodHandles.Lookup lookup ? lookup.lookupClass() : null,
                target);
    }

    /** Attaching an agent could switch the gate off: checked like a command. */
    public static void attach(Object target) {
        exec(new String[] {"VirtualMachine.attach", String.valueOf(target)});
    }

    public static void connect(SocketAddress address) {
        ThreadContext context = ThreadContext.current();
        if (passes(context)) {
            return;
        }
        GateRuntime runtime = GateRuntime.getIfInstalled();
        if (runtime == null || address == null || !runtime.operations().mustCheck(RequestKind.CONNECT, context)) {
            return;
        }
        context.enterInternal();
        try {
            if (address instanceof InetSocketAddress inet) {
                runtime.operations().checkConnect(inet.getHostString(), inet.getPort(), context);
            } else if (address instanceof UnixDomainSocketAddress unix) {
                runtime.operations().checkConnect("unix:" + unix.getPath().toAbsolutePath(), 0, context);
            } else {
                runtime.operations().checkConnect(address.toString(), 0, context);
            }
        } finally {
            context.exitInternal();
        }
    }

    public static void exit(int status) {
        ThreadContext context = ThreadContext.current();
        if (passes(context)) {
            return;
        }
        GateRuntime runtime = GateRuntime.getIfInstalled();
        if (runtime == null || !runtime.operations().mustCheck(RequestKind.EXIT, context)) {
            return;
        }
        context.enterInternal();
        try {
            runtime.operations().checkExit(status, context);
        } finally {
            context.exitInternal();
        }
    }
}
