package org.jpio.engine;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The FFM engine: pread/pwrite and the other calls of the {@link NativeEngine}, made from Java through
 * {@code java.lang.foreign} (Java 22+), heap arrays passed to the kernel without a copy (critical
 * downcalls); no compiled library at all. This copy of the class is the one Java 17 to 21 load: it stays
 * registered, unavailable, and says why. On Java 22+ the jpio-independent jar is a multi-release jar
 * whose {@code META-INF/versions/22} holds the working class of the same name
 * ({@code src/main/java22}).
 */
public final class FfmEngine implements IoEngine {
    public static final String NAME = "ffm";
    /** The first Java release whose java.lang.foreign is final. */
    public static final int MINIMUM_JAVA = 22;

    @Override public String name() { return NAME; }

    @Override public boolean supportsDirect() { return true; }

    @Override
    public Optional<String> unavailableReason() {
        int feature = Runtime.version().feature();
        if (feature < MINIMUM_JAVA)
            return Optional.of("needs Java " + MINIMUM_JAVA + "+ (java.lang.foreign); this JVM is Java " + Runtime.version());
        return Optional.of("this Java " + Runtime.version() + " loaded the Java 17 copy of " + FfmEngine.class.getName()
                + ": jpio-independent is on the class path as a directory, not as its multi-release jar (put the jar on the"
                + " class path, or META-INF/versions/" + MINIMUM_JAVA + " of the directory before it)");
    }

    @Override
    public EngineFile open(Path path, OpenSpec spec) {
        throw new IllegalArgumentException("engine=" + NAME + " is unavailable: " + unavailableReason().orElseThrow() + ": path=" + path);
    }
}
