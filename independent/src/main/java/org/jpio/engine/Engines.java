package org.jpio.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The registry of I/O engines. Every engine stays listed whether or not it can run here; asking for an
 * unavailable one by name is an error that says what is missing, never a silent substitution.
 *
 * <p>Default: {@code -Djpio.engine=NAME} (or env {@code JPIO_ENGINE}) when set, otherwise the first that
 * runs of {@link #PREFERENCE}: "ffm" (Java 22+, no compiled library), "native" (JNI, {@code libjpio.so}),
 * "nio". Which one runs, and why those before it could not, is said once per JVM on the
 * {@code org.jpio.engine} System.Logger (INFO when a zero-copy engine could not run, DEBUG otherwise) and
 * at any time by {@link #choice()}.
 */
public final class Engines {
    private static final List<IoEngine> ENGINES = List.of(new NioEngine(), new NativeEngine(), new FfmEngine());
    /** The default's order: the zero-copy engines first, the one that needs no library before the one that does. */
    public static final List<String> PREFERENCE = List.of(FfmEngine.NAME, NativeEngine.NAME, NioEngine.NAME);

    private static final System.Logger LOG = System.getLogger("org.jpio.engine");
    private static final AtomicBoolean SAID = new AtomicBoolean();

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

    /**
     * The default engine and how it was chosen.
     *
     * @param engine     the engine
     * @param forced     the setting that named it ({@code -Djpio.engine=...} or {@code JPIO_ENGINE=...}), else empty
     * @param passedOver engines before it in {@link #PREFERENCE} that cannot run here, with the reason
     */
    public record Choice(IoEngine engine, Optional<String> forced, Map<String, String> passedOver) {
        /** One line: "engine=native; passed over: ffm (needs Java 22+ ...)". */
        @Override public String toString() {
            StringBuilder b = new StringBuilder("engine=").append(engine.name());
            forced.ifPresent(f -> b.append(" (").append(f).append(")"));
            if (!passedOver.isEmpty()) {
                b.append("; passed over:");
                passedOver.forEach((n, why) -> b.append(' ').append(n).append(" (").append(why).append(')'));
            }
            return b.toString();
        }
    }

    /** The engine used when none is named: the forced one, else the first of {@link #PREFERENCE} that runs. */
    public static IoEngine defaultEngine() {
        return choice().engine();
    }

    /** {@link #defaultEngine()} with the reasons; the first call also logs it (see the class comment). */
    public static Choice choice() {
        String property = System.getProperty("jpio.engine"), env = System.getenv("JPIO_ENGINE");
        Chosen last = lastChoice;
        if (last != null && java.util.Objects.equals(last.property, property) && java.util.Objects.equals(last.env, env)) return last.choice;
        Choice c = choose(ENGINES, property, env);
        lastChoice = new Chosen(property, env, c); // every open asks: the engines' availability does not change, the settings might
        if (SAID.compareAndSet(false, true)) {
            boolean fellBack = c.forced().isEmpty() && c.engine().name().equals(NioEngine.NAME);
            LOG.log(fellBack ? System.Logger.Level.INFO : System.Logger.Level.DEBUG, "jpio: {0}", c);
        }
        return c;
    }

    private record Chosen(String property, String env, Choice choice) { }

    private static volatile Chosen lastChoice;

    /** {@link #choice()} over any list of engines and settings (property first, then environment). */
    static Choice choose(List<IoEngine> engines, String property, String env) {
        if (property != null && !property.isBlank())
            return new Choice(select(engines, property.trim()), Optional.of("-Djpio.engine=" + property.trim()), Map.of());
        if (env != null && !env.isBlank())
            return new Choice(select(engines, env.trim()), Optional.of("JPIO_ENGINE=" + env.trim()), Map.of());
        Map<String, String> passed = new LinkedHashMap<>();
        for (String name : PREFERENCE) {
            for (IoEngine e : engines) {
                if (!e.name().equals(name)) continue;
                Optional<String> why = e.unavailableReason();
                if (why.isEmpty()) return new Choice(e, Optional.empty(), java.util.Collections.unmodifiableMap(passed));
                passed.put(name, why.get());
            }
        }
        throw new IllegalStateException("no engine can run: " + passed);
    }
}
