package org.jpio.async;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The registry of asynchronous engines. Both stay listed whether or not they can run here; naming an
 * unavailable one is an error carrying the reason. "auto" picks io_uring where the kernel allows it,
 * else the portable engine; {@link #describe()} says which and why, so the choice is never hidden.
 */
public final class AsyncEngines {
    private static final List<AsyncEngine> ENGINES = List.of(new UringEngine(), new PortableEngine());

    private AsyncEngines() { }

    public static List<AsyncEngine> all() { return ENGINES; }

    /** The engine called {@code name}; IllegalArgumentException if unknown or unavailable, with the reason. */
    public static AsyncEngine get(String name) {
        for (AsyncEngine e : ENGINES) {
            if (e.name().equals(name)) {
                Optional<String> why = e.unavailableReason();
                if (why.isPresent()) throw new IllegalArgumentException("async engine=" + name + " is unavailable: " + why.get());
                return e;
            }
        }
        List<String> names = new ArrayList<>(List.of("auto"));
        for (AsyncEngine e : ENGINES) names.add(e.name());
        throw new IllegalArgumentException("unknown async engine=" + name + " (known: " + String.join(", ", names) + ")");
    }

    /** The engine for {@code options}: the named one, or for "auto" uring when available, else portable. */
    public static AsyncEngine select(AsyncOptions options) {
        String name = options.engine().trim();
        if (!name.equals("auto")) return get(name);
        for (AsyncEngine e : ENGINES) if (e.unavailableReason().isEmpty()) return e;
        return get(PortableEngine.NAME);
    }

    /** One line per engine: "uring: available" or "uring: unavailable: reason". */
    public static List<String> describe() {
        List<String> out = new ArrayList<>();
        for (AsyncEngine e : ENGINES)
            out.add(e.name() + ": " + e.unavailableReason().map(r -> "unavailable: " + r).orElse("available"));
        return out;
    }
}
