package org.jpio.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The registry of I/O engines. Every engine stays listed whether or not it can run here; asking for an
 * unavailable one by name is an error that says what is missing, never a silent substitution.
 *
 * <p>Default: {@code -Djpio.engine=NAME} (or env {@code JPIO_ENGINE}) when set, otherwise "native" when
 * its library loads, otherwise "nio".
 */
public final class Engines {
    private static final List<IoEngine> ENGINES = List.of(new NioEngine(), new NativeEngine());

    private Engines() { }

    public static List<IoEngine> all() { return ENGINES; }

    /** The engine called {@code name}; IllegalArgumentException if unknown or unavailable, with the reason. */
    public static IoEngine get(String name) {
        return select(ENGINES, name);
    }

    /** {@link #get} over any list of engines (tests use one whose engine cannot load). */
    static IoEngine select(List<IoEngine> engines, String name) {
        for (IoEngine e : engines) {
            if (e.name().equals(name)) {
                Optional<String> why = e.unavailableReason();
                if (why.isPresent()) throw new IllegalArgumentException("engine=" + name + " is unavailable: " + why.get());
                return e;
            }
        }
        List<String> names = new ArrayList<>();
        for (IoEngine e : engines) names.add(e.name());
        throw new IllegalArgumentException("unknown engine=" + name + " (known: " + String.join(", ", names) + ")");
    }

    /** The engine used when none is named: the forced one, else native if available, else nio. */
    public static IoEngine defaultEngine() {
        String forced = System.getProperty("jpio.engine", System.getenv("JPIO_ENGINE"));
        if (forced != null && !forced.isBlank()) return get(forced.trim());
        for (IoEngine e : ENGINES) if (e.name().equals("native") && e.unavailableReason().isEmpty()) return e;
        return get(NioEngine.NAME);
    }
}
