package org.jpio.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The JNI engine ({@code libjpio.so}): pread/pwrite straight from the pinned Java array, so an array
 * transfer costs one kernel copy and no Java-side copy; byte swapping in C; O_DIRECT; posix_fallocate,
 * posix_fadvise, fdatasync and open-file-description byte-range locks.
 *
 * <p>Stays registered when the library does not load; {@link #unavailableReason()} then says why and
 * {@link #open} fails with that reason.
 */
public final class NativeEngine implements IoEngine {
    public static final String NAME = "native";
    /** The library this engine's native methods live in. */
    public static final String LIBRARY = "jpio";

    private final String library;

    public NativeEngine() {
        this(LIBRARY);
    }

    /**
     * An engine that needs {@code lib<library>.so}. Only {@link #LIBRARY} provides the native methods; any
     * other name is for testing the unavailable path (a library that does not exist).
     */
    NativeEngine(String library) {
        this.library = library;
    }

    @Override public String name() { return NAME; }

    @Override public boolean supportsDirect() { return true; }

    @Override
    public Optional<String> unavailableReason() {
        return NativeLibrary.load(library).map(why -> "lib" + library + ".so did not load: " + why);
    }

    @Override
    public EngineFile open(Path path, OpenSpec spec) throws IOException {
        Optional<String> why = unavailableReason();
        if (why.isPresent()) throw new IllegalArgumentException("engine=" + NAME + " is unavailable: " + why.get() + ": path=" + path);
        return PosixEngineFile.open(this, JniCalls.INSTANCE, path, spec);
    }
}
