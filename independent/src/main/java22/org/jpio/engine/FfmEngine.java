package org.jpio.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The FFM engine: pread/pwrite and the other calls of the {@link NativeEngine}, made from Java through
 * {@code java.lang.foreign}, with no compiled library at all. A native-order array of any type but
 * boolean goes to the kernel as it is: the downcall is critical with heap access
 * ({@code Linker.Option.critical(true)}), so pread/pwrite receive the array's own address and there is
 * one kernel copy and no Java-side copy, as with JNI's pinned arrays. Booleans and other byte orders
 * are staged ({@link Staging}); O_DIRECT, fallocate, fadvise, fdatasync and open-file-description locks
 * as in the native engine, whose Java half ({@link PosixEngineFile}) both share.
 *
 * <p>This is the Java 22+ copy of the class (the multi-release jar's {@code META-INF/versions/22}).
 */
public final class FfmEngine implements IoEngine {
    public static final String NAME = "ffm";
    /** The first Java release whose java.lang.foreign is final. */
    public static final int MINIMUM_JAVA = 22;

    @Override public String name() { return NAME; }

    @Override public boolean supportsDirect() { return true; }

    @Override
    public Optional<String> unavailableReason() {
        return FfmCalls.problem();
    }

    @Override
    public EngineFile open(Path path, OpenSpec spec) throws IOException {
        Optional<String> why = unavailableReason();
        if (why.isPresent()) throw new IllegalArgumentException("engine=" + NAME + " is unavailable: " + why.get() + ": path=" + path);
        return PosixEngineFile.open(this, FfmCalls.instance(), path, spec);
    }
}
