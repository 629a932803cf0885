package org.jpio.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How bytes reach a file: the seam between jpio's file classes and the operating system, in the manner
 * of ROMIO's {@code ADIOI_Fns} table. An engine only opens files; everything else happens on the
 * {@link EngineFile} it returns, whose interface has generic defaults that an engine overrides where it
 * can do better (the native engine overrides the array transfers to skip the Java-side copy).
 *
 * <p>Engines stay registered in {@link Engines} even when they cannot run here (a missing native
 * library): {@link #unavailableReason()} says what is missing and opening fails with that reason.
 */
public interface IoEngine {
    /** Short name used by {@code -Djpio.engine=NAME} and the {@code engine} option: "nio", "native", ... */
    String name();

    /** Empty when the engine can be used; otherwise what is missing and why. */
    default Optional<String> unavailableReason() { return Optional.empty(); }

    /** Whether this engine honours {@link OpenSpec#direct()} ({@code O_DIRECT}). */
    default boolean supportsDirect() { return false; }

    /** Opens {@code path}; IOException naming the path and the operation when the OS refuses. */
    EngineFile open(Path path, OpenSpec spec) throws IOException;
}
