package org.jpio.driver;

import java.io.IOException;
import java.util.Map;

/**
 * How one open file reaches storage: the operations of ROMIO's ADIOI_Fns table behind a
 * {@link org.jpio.parallel.ParallelFile}, for one rank. ParallelFile keeps what MPI-IO's own layer keeps
 * (collective open and error agreement, argument checks, the file pointer, the view) and calls a driver
 * only with checked arguments and explicit offsets; drivers move the bytes.
 *
 * <p>Drivers side by side: {@link IndependentDriver} (the generic one: each rank reads and writes its own
 * runs, data sieving for small ones; collective calls are independent ones), jpio's two-phase
 * ({@code org.jpio.twophase.TwoPhaseDriver}, which overrides the collective calls), ROMIO through JNI
 * ({@code org.jpio.romio.RomioDriver}) and a fake that records its calls without I/O
 * ({@link RecordingDriver}). A driver overrides what differs; the defaults here are the generic behaviour.
 *
 * <p>Collective methods are called by every rank of the file's communicator together, in the same order.
 * They must take the same collective steps on every rank whatever happens locally: a failure (an
 * IOException, or anything thrown) is thrown only after the method's last collective step, so that the
 * caller's error agreement, which follows every collective call, finds every rank there. Transfers
 * return the bytes moved.
 */
public interface FileDriver extends AutoCloseable {
    /** The driver's name, as the {@code jpio_backend} hint spells it. */
    String name();

    /** MPI_File_set_info (collective): hints that transfers read per call take effect for the next ones. */
    default void setHints(org.jpio.parallel.Hints hints) { }

    /** MPI_File_set_view (collective): the view every later transfer uses. Drivers that keep no view of their own ignore it. */
    default void setView(org.jpio.view.FileView view) throws IOException { }

    /** Independent read of {@code t}; bytes moved. */
    long read(Transfer t) throws IOException;

    /** Independent write of {@code t}; bytes moved. */
    long write(Transfer t) throws IOException;

    /**
     * Collective read; {@code all} holds every rank's access (ParallelFile exchanged them with the outcome
     * of the argument checks, before any driver runs). By default each rank reads its own part
     * independently (romio_cb_read=disable).
     */
    default long readAll(Transfer t, Extents all) throws IOException { return read(t); }

    /**
     * Whether {@link #readAll} with exactly these extents would take no collective step and read only this
     * rank's own part, as {@link #read} does: asked for a read that repeats the one before it, which
     * ParallelFile then lets every rank read first and agree after (one collective instead of two). False by
     * default, though the default readAll reads alone: a driver that overrides readAll must say so itself,
     * and one that forgets only loses the shortcut.
     */
    default boolean readsAlone(Extents all) { return false; }

    /** Collective write; by default each rank writes its own part independently (romio_cb_write=disable). */
    default long writeAll(Transfer t, Extents all) throws IOException { return write(t); }

    /** MPI_File_get_size in bytes (local). */
    long size() throws IOException;

    /** Whether this rank knows, without asking the file system, that the file extends at least to byte {@code end} (a read within it need not ask the size). */
    default boolean knownWithin(long end) { return false; }

    /** MPI_File_set_size (collective). */
    void setSize(long size) throws IOException;

    /** MPI_File_preallocate (collective): disk blocks for the first {@code size} bytes. */
    void preallocate(long size) throws IOException;

    /** MPI_File_sync (collective): every rank's writes reach the device. */
    void sync() throws IOException;

    /**
     * MPI_File_set_atomicity (collective): in atomic mode, concurrent overlapping accesses of different
     * ranks see all or nothing of each other.
     */
    void setAtomicity(boolean on) throws IOException;

    /** What the driver settled beyond the hints the program gave (cb_nodes, the aggregators, choices made, and why). */
    Map<String, String> hints();

    /**
     * {@link #hints()} as they are now, made into strings only when the supplier is called (which may be
     * after close or after later transfers): what the map is made of is taken now. The default makes the
     * map now; a driver whose choices are cheap to keep and dear to render overrides it.
     */
    default java.util.function.Supplier<Map<String, String>> hintsLater() {
        Map<String, String> now = hints();
        return () -> now;
    }

    /** MPI_File_close (collective): releases this rank's resources. */
    @Override void close() throws IOException;

    /**
     * Whether {@link #close()} itself deletes a file opened DELETE_ON_CLOSE (MPI's MPI_File_close does);
     * otherwise ParallelFile's rank 0 deletes it once every rank has closed it.
     */
    default boolean deletesOnClose() { return false; }

    /**
     * Opens a file through one driver: collective over the request's communicator. Every rank returns an
     * open driver, or every rank throws (a driver agrees on its open's outcome itself), so no rank is left
     * holding a file its peers failed to open.
     */
    @FunctionalInterface
    interface Factory {
        FileDriver open(OpenRequest request) throws IOException;
    }
}
