package dev.toolgate.ask;

import dev.toolgate.api.AskAnswer;
import dev.toolgate.api.AskRequest;
import dev.toolgate.api.PermissionResolver;
import java.io.Console;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Resolves asks: every resolver is asked at once, the first answer claims the request (a
 * {@link CompletableFuture} completes once), the rest are ignored and interrupted. A resolver
 * that throws answers deny; no answer within the time limit is a deny.
 */
public final class AskBroker {

    private final List<PermissionResolver> configured;
    private final boolean configuredIsImplicitDeny;
    private final ConsoleResolver console;
    private final long timeoutMillis;
    private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(() -> {
            dev.toolgate.runtime.ThreadContext.current().markInternalForLife();
            runnable.run();
        }, "toolgate-ask");
        thread.setDaemon(true);
        return thread;
    });
    private volatile List<PermissionResolver> applicationResolvers;

    private AskBroker(List<PermissionResolver> configured, boolean configuredIsImplicitDeny, ConsoleResolver console,
                      long timeoutMillis) {
        this.configured = configured;
        this.configuredIsImplicitDeny = configuredIsImplicitDeny;
        this.console = console;
        this.timeoutMillis = timeoutMillis;
    }

    /** @param askSetting the {@code ask} agent argument: null (auto), "console", "deny" or "command:<program>" */
    public static AskBroker create(String askSetting, long timeoutMillis) {
        Console terminal = Terminal.interactiveConsole();
        ConsoleResolver console = terminal == null ? null : new ConsoleResolver(terminal);
        if (askSetting == null) {
            return console != null
                    ? new AskBroker(List.of(console), false, console, timeoutMillis)
                    : new AskBroker(List.of(new DenyResolver()), true, null, timeoutMillis);
        }
        if (askSetting.equals("console")) {
            // Asked for a console where there is none: every ask fails, and so denies.
            PermissionResolver resolver = console != null ? console
                    : request -> { throw new IllegalStateException("ask=console but stdin/stdout are not a terminal"); };
            return new AskBroker(List.of(resolver), false, console, timeoutMillis);
        }
        if (askSetting.equals("deny")) {
            return new AskBroker(List.of(new DenyResolver()), false, console, timeoutMillis);
        }
        return new AskBroker(List.of(new CommandResolver(askSetting.substring("command:".length()), timeoutMillis)),
                false, console, timeoutMillis);
    }

    public boolean hasConsole() {
        return console != null;
    }

    /** @param humanOnly the session reached its denial limit: only a human at the console may answer */
    public AskAnswer resolve(AskRequest request, boolean humanOnly) {
        List<PermissionResolver> resolvers = humanOnly ? List.of(console) : resolversFor();
        CompletableFuture<AskAnswer> claim = new CompletableFuture<>();
        List<Future<?>> running = new ArrayList<>(resolvers.size());
        CountDown remaining = new CountDown(resolvers.size(), claim);
        for (PermissionResolver resolver : resolvers) {
            running.add(executor.submit(() -> {
                try {
                    resolver.resolve(request).ifPresent(claim::complete);
                } catch (Throwable failure) {
                    claim.complete(AskAnswer.deny("resolver " + resolver + " failed: " + failure));
                } finally {
                    remaining.done();
                }
            }));
        }
        try {
            return claim.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return AskAnswer.deny("no answer within " + (timeoutMillis / 1000.0) + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return AskAnswer.deny("interrupted while waiting for an answer");
        } catch (ExecutionException e) {
            return AskAnswer.deny("resolver failed: " + e.getCause());
        } finally {
            for (Future<?> future : running) {
                future.cancel(true);
            }
        }
    }

    private List<PermissionResolver> resolversFor() {
        List<PermissionResolver> fromApplication = applicationResolvers();
        if (fromApplication.isEmpty()) {
            return configured;
        }
        // The implicit headless "deny" would win every race against the application's own resolvers.
        if (configuredIsImplicitDeny) {
            return fromApplication;
        }
        List<PermissionResolver> all = new ArrayList<>(configured);
        all.addAll(fromApplication);
        return all;
    }

    /** Loaded on first ask, from the application's loader: resolvers may live in nested or child jars. */
    private List<PermissionResolver> applicationResolvers() {
        List<PermissionResolver> loaded = applicationResolvers;
        if (loaded == null) {
            synchronized (this) {
                loaded = applicationResolvers;
                if (loaded == null) {
                    loaded = new ArrayList<>();
                    ClassLoader loader = Thread.currentThread().getContextClassLoader();
                    if (loader == null) {
                        loader = ClassLoader.getSystemClassLoader();
                    }
                    for (PermissionResolver resolver : ServiceLoader.load(PermissionResolver.class, loader)) {
                        loaded.add(resolver);
                    }
                    loaded = List.copyOf(loaded);
                    applicationResolvers = loaded;
                }
            }
        }
        return loaded;
    }

    /** Completes the claim with deny once every resolver has passed without answering. */
    private static final class CountDown {
        private int left;
        private final CompletableFuture<AskAnswer> claim;

        CountDown(int count, CompletableFuture<AskAnswer> claim) {
            this.left = count;
            this.claim = claim;
            if (count == 0) {
                claim.complete(AskAnswer.deny("no resolver"));
            }
        }

        synchronized void done() {
            if (--left == 0) {
                claim.complete(AskAnswer.deny("no resolver answered"));
            }
        }
    }
}
