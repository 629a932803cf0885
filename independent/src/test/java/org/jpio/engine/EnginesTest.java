package org.jpio.engine;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The registry's default: the first engine of the preference that runs, the reasons of those passed over,
 * and a forced engine that cannot run refused with its reason. Runs on Java 17 and, from the
 * multi-release jar, on Java 25 (independent/pom.xml), where it checks each JVM's own answer.
 */
class EnginesTest {
    /** An engine of a given name that runs, or not (with a reason). */
    static IoEngine engine(String name, String unavailable) {
        return new IoEngine() {
            @Override public String name() { return name; }
            @Override public Optional<String> unavailableReason() { return Optional.ofNullable(unavailable); }
            @Override public EngineFile open(Path path, OpenSpec spec) { throw new UnsupportedOperationException(); }
        };
    }

    @Test
    void firstOfThePreferenceThatRunsWithTheReasonsOfThosePassedOver() {
        List<IoEngine> all = List.of(engine("nio", null), engine("native", "libjpio.so did not load: noexec"), engine("ffm", "needs Java 22+"));
        Engines.Choice c = Engines.choose(all, null, null);
        assertEquals("nio", c.engine().name());
        assertEquals(List.of("ffm", "native"), List.copyOf(c.passedOver().keySet()), "in the order of preference");
        assertEquals("engine=nio; passed over: ffm (needs Java 22+) native (libjpio.so did not load: noexec)", c.toString());
        assertEquals("native", Engines.choose(List.of(engine("nio", null), engine("native", null), engine("ffm", "old Java")), null, null).engine().name());
        assertEquals("ffm", Engines.choose(List.of(engine("nio", null), engine("native", null), engine("ffm", null)), null, null).engine().name());
    }

    @Test
    void aForcedEngineWinsAndOneThatCannotRunIsRefusedWithTheReason() {
        List<IoEngine> all = List.of(engine("nio", null), engine("native", null), engine("ffm", "needs Java 22+"));
        Engines.Choice c = Engines.choose(all, " nio ", "native");
        assertEquals("nio", c.engine().name());
        assertEquals("engine=nio (-Djpio.engine=nio)", c.toString());
        assertEquals("native", Engines.choose(all, null, "native").engine().name(), "the environment when no property");
        var e = assertThrows(IllegalArgumentException.class, () -> Engines.choose(all, "ffm", null));
        assertEquals("engine=ffm is unavailable: needs Java 22+", e.getMessage());
    }

    /**
     * This JVM's answer: on Java 17 the FFM engine is registered, unavailable, saying it needs Java 22;
     * on Java 22+ (the multi-release jar) it runs and is the default.
     */
    @Test
    void ffmIsRegisteredEverywhereAndRunsFromJava22() {
        IoEngine ffm = Engines.all().stream().filter(e -> e.name().equals(FfmEngine.NAME)).findFirst().orElseThrow();
        boolean forced = System.getProperty("jpio.engine", System.getenv("JPIO_ENGINE")) != null;
        if (Runtime.version().feature() < FfmEngine.MINIMUM_JAVA) {
            String why = ffm.unavailableReason().orElseThrow();
            assertTrue(why.startsWith("needs Java 22+ (java.lang.foreign); this JVM is Java " + Runtime.version().feature()), why);
            var e = assertThrows(IllegalArgumentException.class, () -> Engines.get(FfmEngine.NAME));
            assertTrue(e.getMessage().contains("engine=ffm is unavailable: needs Java 22+"), e.getMessage());
            if (!forced) {
                assertEquals(NativeEngine.NAME, Engines.defaultEngine().name());
                assertEquals(Map.of(FfmEngine.NAME, why), Engines.choice().passedOver());
            }
        } else {
            assertEquals(Optional.empty(), ffm.unavailableReason(), "the Java 22 class of the multi-release jar runs");
            if (!forced) assertEquals("engine=ffm", Engines.choice().toString());
        }
    }
}
