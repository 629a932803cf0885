package org.jpio.twophase;

import org.jpio.comm.Comm;
import org.jpio.driver.Transfer;
import org.jpio.file.ArrayFile;
import org.jpio.io.ElementType;

/**
 * How the ranks' pieces of each cycle reach the aggregators' buffers and back: as messages
 * ({@link MessageExchange}, for ranks anywhere) or through memory every rank addresses
 * ({@link SharedExchange}, for ranks on one host). The plan, the windows, read-modify-write and the
 * failure rule are the same in both, and so is what they know of the call (here).
 *
 * <p>Failure rule: every rank runs every cycle whatever happens to its own I/O, so no rank is left waiting
 * in an exchange; what an aggregator's reads or writes threw (anything, unchecked exceptions and errors
 * included) is returned at the end for the caller's error agreement, never thrown mid-way.
 */
abstract class Exchange {
    protected final Comm comm;
    protected final ArrayFile file;
    protected final Plan plan;
    protected final ElementType type;
    /** Element size in bytes. */
    protected final int esz;
    protected final int me;
    /** This rank's index among the aggregators, -1 when it is none. */
    protected final int myAgg;

    Exchange(Comm comm, ArrayFile file, Plan plan, ElementType type) {
        this.comm = comm;
        this.file = file;
        this.plan = plan;
        this.type = type;
        this.esz = type.size();
        this.me = comm.rank();
        this.myAgg = plan.indexOf(me);
    }

    /** Collective write of this rank's part; this rank's failure, or null. */
    final Throwable write(Transfer t) { return write(t, t.array(), base(t)); }

    /** Collective read of this rank's part; this rank's failure, or null. */
    final Throwable read(Transfer t) { return read(t, t.array(), base(t), t.access().start(), t.access().end()); }

    /**
     * Where element k of the transfer is in the array: {@code index + k} for a contiguous memory; for a
     * memory datatype k itself, which {@code t.memory()} maps to the array (then nothing moves straight
     * between the array and the file, and the message exchange packs each cycle's slices, as ROMIO does).
     */
    private static int base(Transfer t) { return t.memory().isContiguous() ? t.memory().index() : 0; }

    /** The write of the rank's data, element k at array index {@code index + k} (contiguous) or {@code t.memory()}'s k. */
    abstract Throwable write(Transfer t, Object array, int index);

    /** The read into the rank's array likewise; {@code myStart}/{@code myEnd} bound the rank's runs (equal when it reads nothing). */
    abstract Throwable read(Transfer t, Object array, int index, long myStart, long myEnd);

    /** "messages" or "shared memory", for {@code hints()}. */
    abstract String name();

    /** One walker of this rank's runs per aggregator whose domain they reach (null elsewhere). */
    final Clip[] clips(Transfer t) {
        long myStart = t.access().start(), myEnd = t.access().end();
        Clip[] clips = new Clip[plan.aggregators().length];
        for (int a = 0; a < clips.length; a++)
            if (myStart < myEnd && plan.bounds()[a] < myEnd && myStart < plan.bounds()[a + 1]) clips[a] = new Clip(t.runs());
        return clips;
    }
}
