package dev.toolgate.runtime;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Callable;

/** Sessions by name. Work runs in the default session unless the application names another. */
public final class Sessions {

    public static final String DEFAULT = "default";

    private final ConcurrentHashMap<String, Session> byName = new ConcurrentHashMap<>();
    private final ThreadLocal<Session> bound = new ThreadLocal<>();

    public Session named(String name) {
        return byName.computeIfAbsent(name, Session::new);
    }

    public Session current() {
        Session session = bound.get();
        return session != null ? session : named(DEFAULT);
    }

    public <T> T callIn(String name, Callable<T> work) throws Exception {
        Session previous = bound.get();
        bound.set(named(name));
        try {
            return work.call();
        } finally {
            if (previous == null) {
                bound.remove();
            } else {
                bound.set(previous);
            }
        }
    }

    public Collection<Session> all() {
        return byName.values();
    }
}
