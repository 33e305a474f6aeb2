package dev.toolgate.runtime;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Callable;

/** Sessions by name. Work runs in the default session unless the application names another. */
public final class Sessions {

    public static final String DEFAULT = "default";

    private final ConcurrentHashMap<String, Session> byName = new ConcurrentHashMap<>();

    public Session named(String name) {
        return byName.computeIfAbsent(name, Session::new);
    }

    public Session current() {
        Session session = ThreadContext.current().session;
        return session != null ? session : named(DEFAULT);
    }

    /** The session follows the work into the threads and tasks it starts (see ThreadContext). */
    public <T> T callIn(String name, Callable<T> work) throws Exception {
        ThreadContext context = ThreadContext.current();
        Session previous = context.session;
        context.session = named(name);
        try {
            return work.call();
        } finally {
            context.session = previous;
        }
    }

    public Collection<Session> all() {
        return byName.values();
    }
}
