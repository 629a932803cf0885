package org.jpio.comm.mpi;

import org.jpio.comm.MpiLaunch;
import org.jpio.comm.Args;
import org.jpio.comm.Call;
import org.jpio.comm.CurrentCall;
import org.jpio.comm.SharedMemory;
import org.jpio.comm.Comm;

import java.lang.reflect.Field;
import org.jpio.io.ElementType;

/**
 * A communicator of MPI processes, through jpio's own JNI bridge ({@code libjpiompi-<abi>.so}, for the
 * MPI the job runs on: see {@link MpiBridge}). Arguments are checked here, in Java, before any native call; the
 * bridge pins the arrays and calls MPI on them directly. MPI errors become {@link MpiException}s
 * (communicators are switched to MPI_ERRORS_RETURN).
 *
 * <p>MPI is initialised on first use with MPI_Init_thread(MPI_THREAD_MULTIPLE) unless the process already
 * did (for instance through Open MPI's mpi.jar). When jpio initialised it, jpio also ends it when the
 * process exits (native control.c): a non-zero exit status (System.exit(3), an uncaught exception in the
 * thread that initialised MPI) ends the whole job with MPI_Abort and that status, naming this rank and why;
 * a normal exit tells the other ranks that this one left and finalises once all have left. The first
 * {@link #world()} call duplicates MPI_COMM_WORLD as the side channel of the {@link Watch watchdog}
 * (world() is collective over MPI_COMM_WORLD anyway); {@link #adopt} alone does not, and its watchdog
 * then cannot tell which ranks arrived. {@link #threadLevel()} tells what MPI provided: below
 * MPI_THREAD_MULTIPLE, call a communicator from one thread at a time.
 *
 * <p>Unlike {@code LocalComm}, a bad argument on one rank fails only that rank (MPI offers no way to
 * release the peers without an extra round trip per call); the others wait in the collective as they
 * would in C, until the watchdog ends the job. Use {@link Comm#agree} around operations whose failure must
 * be seen by all ranks, as jpio's own calls do.
 */
public final class MpiComm implements Comm {
    private static MpiComm world;
    private static int threadLevel = -1;
    private static int adopted;

    private final long handle;
    private final int rank;
    private final int size;
    private final boolean freeOnClose;
    /** The same on every rank of the communicator: how the watchdog's messages name it. */
    private final String id;
    /** The MPI_COMM_WORLD rank of each rank. */
    private final int[] worldRanks;
    /** Collectives begun on this communicator by this process: the watchdog tells one wait from another by it. */
    private int number;
    private final CurrentCall current = new CurrentCall();
    private boolean closed;
    /** The shared-memory window kept for the next {@link #shared} calls; {@code noSharing}: the ranks span nodes. */
    private MpiShared shared;
    private boolean noSharing;
    /** Why the last {@link #shared} call returned null. */
    private String noSharedMemory;
    /** The counters' window (Comm.counters), made by the first call; -1 before. */
    private long countersWin = -1;
    /** Why the counters' window could not be made, or null. */
    private String noCounters;
    private int nextCounterSlot;
    private static final int COUNTER_SLOTS = 1024;

    private MpiComm(long handle, boolean freeOnClose, String id) {
        this.handle = handle;
        this.rank = MpiNative.rank(handle);
        this.size = MpiNative.size(handle);
        this.freeOnClose = freeOnClose;
        this.id = id;
        this.worldRanks = MpiNative.worldRanks(handle);
        Watch.register(this);
    }

    /** MPI_COMM_WORLD, initialising MPI if needed; the first call is collective over MPI_COMM_WORLD. */
    public static synchronized MpiComm world() {
        if (world == null) {
            start();
            Watch.start();
            Watch.openSideChannel(threadMultiple());
            world = new MpiComm(MpiNative.world(), false, "MPI_COMM_WORLD");
        }
        return world;
    }

    /**
     * Works on the communicator of an {@code mpi.Intracomm} of Open MPI's Java bindings (mpi.jar), e.g.
     * {@code MPI.COMM_WORLD} after {@code MPI.Init}: the same MPI communicator, not a copy, so jpio's
     * collectives and the caller's mpiJava calls can be mixed. The bindings keep the C handle (a pointer
     * in Open MPI) in the protected field {@code mpi.Comm.handle}, read here by reflection so that jpio has
     * no compile-time dependency on mpi.jar. Closing the result does not free the communicator: it stays
     * the caller's.
     */
    public static MpiComm adopt(Object intracomm) {
        if (intracomm == null) throw new IllegalArgumentException("adopt: intracomm is null");
        Class<?> comm = null;
        boolean intra = false;
        for (Class<?> c = intracomm.getClass(); c != null; c = c.getSuperclass()) {
            if (c.getName().equals("mpi.Intracomm")) intra = true;
            if (c.getName().equals("mpi.Comm")) comm = c;
        }
        if (comm == null || !intra)
            throw new IllegalArgumentException("adopt: class=" + intracomm.getClass().getName()
                    + " is not an mpi.Intracomm of Open MPI's Java bindings");
        long pointer;
        try {
            Field f = comm.getDeclaredField("handle");
            f.setAccessible(true);
            pointer = f.getLong(intracomm);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("adopt: cannot read mpi.Comm.handle of class="
                    + intracomm.getClass().getName() + ": " + e, e);
        }
        if (pointer == 0) throw new IllegalArgumentException("adopt: communicator handle is null (MPI.Init not called, or freed)");
        synchronized (MpiComm.class) {
            start();
            Watch.start();
            return new MpiComm(MpiNative.fromOpenMpiHandle(pointer), false, "adopted communicator " + ++adopted);
        }
    }

    /** The MPI library and bridge this process uses, and why (see {@link MpiBridge}); loads them if needed. */
    public static MpiBridge.Loaded bridge() { return MpiBridge.load(); }

    /** The thread support MPI provided (MPI_THREAD_SINGLE..MPI_THREAD_MULTIPLE as MPI numbers them). */
    public static synchronized int threadLevel() {
        start();
        return threadLevel;
    }

    /** Whether MPI provided MPI_THREAD_MULTIPLE. */
    public static synchronized boolean threadMultiple() {
        start();
        return threadLevel >= MpiNative.threadMultiple();
    }

    private static void start() {
        if (threadLevel >= 0) return;
        String launched = MpiLaunch.detect(System.getenv()).orElse("no MPI launcher variable set");
        MpiBridge.problem().ifPresent(why -> {
            throw new IllegalStateException("MPI: jpio's MPI bridge did not load (launcher: " + launched + "): " + why);
        });
        threadLevel = MpiNative.init();
        if (MpiNative.initialisedHere()) watchMainThread(Thread.currentThread());
    }

    /**
     * jpio initialised MPI on {@code main} (MPI's main thread), and ends it when the process exits (native
     * control.c): with MPI_Abort when the exit status is not 0, which it is not when {@code main} died of
     * an uncaught exception; the exception is what the abort message names.
     */
    private static void watchMainThread(Thread main) {
        Thread.UncaughtExceptionHandler own = main.getUncaughtExceptionHandler(); // the thread group when unset
        main.setUncaughtExceptionHandler((t, e) -> {
            MpiNative.exitReason("uncaught exception in thread \"" + t.getName() + "\": " + e);
            own.uncaughtException(t, e);
        });
    }

    /**
     * The communicator's Fortran handle (MPI_Comm_c2f), for other native code of jpio (the ROMIO backend)
     * to reach the same communicator with MPI_Comm_f2c. It is an integer under every MPI, which is why it
     * is used instead of the C handle (a pointer in Open MPI, an int in MPICH).
     */
    public long handle() {
        open();
        return handle;
    }

    @Override public int rank() { return rank; }

    @Override public int size() { return size; }

    @Override public String hostName() { return MpiNative.processorName(); }

    /** Gathered by the first open on this communicator (every rank opens the same files in the same order), then kept. */
    private String[] hostNames;

    @Override public synchronized String[] hostNames() {
        if (hostNames == null) hostNames = Comm.super.hostNames();
        return hostNames;
    }

    @Override public Call enter(Call call) { return current.enter(call); }

    @Override public void leave(Call outer) { current.leave(outer); }

    @Override public Call call() { return current.get(); }

    /** Prints which rank ends the job and why, then MPI_Abort(MPI_COMM_WORLD, status): every process ends. */
    @Override public void abort(int status, String reason) {
        Watch.abort(status, "jpio: " + Watch.identity() + " ends the job: " + reason);
    }

    /** How the watchdog names this communicator in its messages. */
    String id() { return id; }

    /** The MPI_COMM_WORLD rank of rank {@code r}. */
    int worldRank(int r) { return worldRanks[r]; }

    /** The Fortran handle, whether or not closed (for the watchdog's registry). */
    long fortranHandle() { return handle; }

    @Override public void barrier() {
        open();
        MpiNative.barrier(handle, ++number);
    }

    @Override public void bcast(Object buf, int index, int count, int root) {
        open();
        ElementType t = Args.bcast(buf, index, count, root, size);
        MpiNative.bcast(handle, ++number, buf, offset(t, index), count, t.ordinal(), root);
    }

    @Override public void allgather(Object send, int sIndex, int count, Object recv, int rIndex) {
        open();
        ElementType t = Args.allgather(send, sIndex, count, recv, rIndex, size);
        MpiNative.allgather(handle, ++number, send, offset(t, sIndex), count, recv, offset(t, rIndex), t.ordinal());
    }

    @Override public void allgatherv(Object send, int sIndex, int count, Object recv, int[] recvCounts, int[] displs) {
        open();
        ElementType t = Args.allgatherv(send, sIndex, count, recv, recvCounts, displs, size);
        MpiNative.allgatherv(handle, ++number, send, offset(t, sIndex), count, recv, recvCounts, displs, t.ordinal());
    }

    @Override public void alltoallv(Object send, int[] sendCounts, int[] sendDispls, Object recv, int[] recvCounts, int[] recvDispls) {
        open();
        ElementType t = Args.alltoallv(send, sendCounts, sendDispls, recv, recvCounts, recvDispls, size);
        MpiNative.alltoallv(handle, ++number, send, sendCounts, sendDispls, recv, recvCounts, recvDispls, t.ordinal());
    }

    /** MPI_Alltoallw with one hindexed type per peer over the (direct) buffer: no temporary, no copy in Java. */
    @Override public void alltoallvToBuffer(Object send, int[] sendCounts, int[] sendDispls, java.nio.ByteBuffer recv,
                                            int[] pieceCounts, int[] pieceDispls, long[] pieces) {
        open();
        if (!recv.isDirect()) { Comm.super.alltoallvToBuffer(send, sendCounts, sendDispls, recv, pieceCounts, pieceDispls, pieces); return; }
        ElementType t = Args.pieces("alltoallvToBuffer", send, sendCounts, sendDispls, recv, pieceCounts, pieceDispls, pieces, size);
        MpiNative.alltoallvPieces(handle, ++number, send, sendCounts, sendDispls, recv, pieceCounts, pieceDispls, pieces, t.ordinal(), true);
    }

    @Override public void alltoallvFromBuffer(java.nio.ByteBuffer send, int[] pieceCounts, int[] pieceDispls, long[] pieces,
                                              Object recv, int[] recvCounts, int[] recvDispls) {
        open();
        if (!send.isDirect()) { Comm.super.alltoallvFromBuffer(send, pieceCounts, pieceDispls, pieces, recv, recvCounts, recvDispls); return; }
        ElementType t = Args.pieces("alltoallvFromBuffer", recv, recvCounts, recvDispls, send, pieceCounts, pieceDispls, pieces, size);
        MpiNative.alltoallvPieces(handle, ++number, recv, recvCounts, recvDispls, send, pieceCounts, pieceDispls, pieces, t.ordinal(), false);
    }

    @Override public void allreduce(Object send, Object recv, int count, Op op) {
        open();
        ElementType t = Args.allreduce(Op.allreduceName(op), send, recv, count, op);
        if (t == ElementType.CHAR && (op == Op.MIN || op == Op.MAX)) {
            unsignedMinMax((char[]) send, (char[]) recv, count, op);
            return;
        }
        // booleans are MPI_C_BOOL, whose or/and are the logical MPI_LOR/MPI_LAND (codes 5, 6)
        int code = t == ElementType.BOOLEAN ? (op == Op.BOR ? 5 : 6) : op.ordinal();
        MpiNative.allreduce(handle, ++number, send, recv, count, t.ordinal(), code);
    }

    /**
     * MIN/MAX of Java's one unsigned type as MIN/MAX of shorts with the sign bit flipped ({@code c ^ 0x8000}
     * orders as {@code c} does, compared signed). MPICH 4.0.2, Debian 12's, compares every unsigned MPI type
     * as signed in these two operators (MPICH's issue 6083, fixed in 4.1), so MPI_UNSIGNED_SHORT cannot be
     * trusted with them; the flip gives the right answer under every MPI.
     */
    private void unsignedMinMax(char[] send, char[] recv, int count, Op op) {
        short[] in = new short[count], out = new short[count];
        for (int i = 0; i < count; i++) in[i] = (short) (send[i] ^ 0x8000);
        MpiNative.allreduce(handle, ++number, in, out, count, ElementType.SHORT.ordinal(), op.ordinal());
        for (int i = 0; i < count; i++) recv[i] = (char) (out[i] ^ 0x8000);
    }

    @Override public void sendrecv(Object send, int sIndex, int sCount, int dest, Object recv, int rIndex, int rCount, int source) {
        open();
        ElementType t = Args.sendrecv(send, sIndex, sCount, dest, recv, rIndex, rCount, source, size);
        if (t == null) return; // both halves MPI_PROC_NULL: nothing to do, as in MPI
        MpiNative.sendrecv(handle, number, dest >= 0 ? send : null, offset(t, sIndex), dest >= 0 ? sCount : 0, dest,
                source >= 0 ? recv : null, offset(t, rIndex), source >= 0 ? rCount : 0, source, t.ordinal());
    }

    @Override public Comm split(int color, int key) {
        open();
        int n = ++number;
        long h = MpiNative.split(handle, n, color, key);
        return h == -1 ? null : new MpiComm(h, true, id + "/split" + n + ":" + color);
    }

    /** MPI_Comm_dup; freed by {@link #close} like a split. */
    @Override public Comm dup() {
        open();
        int n = ++number;
        return new MpiComm(MpiNative.dup(handle, n), true, id + "/dup" + n);
    }

    /**
     * Frees a communicator made by {@link #split} or {@link #dup} (MPI_Comm_free, collective). The world communicator (shared
     * by every {@link #world()} caller) and adopted ones stay usable: they are not jpio's to free.
     */
    @Override public void close() {
        if (closed || !freeOnClose) return;
        closed = true;
        if (shared != null) MpiNative.freeShared(shared.win, handle, ++number);
        shared = null;
        if (countersWin != -1) MpiNative.freeCounters(countersWin);
        MpiNative.free(handle, ++number);
        Watch.unregister(this);
    }

    /**
     * A window of MPI_Win_allocate_shared when every rank runs on one node; kept for the next calls while
     * large enough. The world's window (and an adopted communicator's) lives until MPI_Finalize.
     */
    @Override public SharedMemory shared(long[] bytes) {
        open();
        if (bytes == null || bytes.length != size)
            throw new IllegalArgumentException("shared: bytes has " + (bytes == null ? "no" : bytes.length) + " entries for size=" + size);
        for (int r = 0; r < size; r++)
            if (bytes[r] < 0) throw new IllegalArgumentException("shared: bytes[" + r + "]=" + bytes[r] + " must be >= 0");
        if (noSharing) return null;
        if (shared != null && shared.fits(bytes)) return shared;
        if (shared != null) MpiNative.freeShared(shared.win, handle, ++number); // every rank decides alike: all pass the same bytes
        shared = null;
        // MPI backs the window by a file of the shared-memory file system and, short of room there, fails by
        // a signal when the memory is first touched (Open MPI 4.1: SIGBUS/SIGSEGV in the JVM), so room is
        // checked first, on every rank, and any rank's lack of it means no window for anyone
        String room = SharedRoom.problem(bytes, System.getenv());
        int[] ok = {room == null ? 1 : 0}, all = new int[1];
        allreduce(ok, all, 1, Op.MIN);
        if (all[0] == 0) {
            noSharedMemory = room != null ? room : "another rank found too little room for the shared-memory window";
            return null;
        }
        long win = MpiNative.allocateShared(handle, ++number, bytes[rank]);
        if (win == -1) {
            noSharing = true;
            noSharedMemory = "the ranks do not all run on one node";
            return null;
        }
        noSharedMemory = null;
        long[] sizes = new long[size];
        for (int r = 0; r < size; r++) sizes[r] = MpiNative.sharedSize(win, r);
        return shared = new MpiShared(win, sizes, this);
    }

    @Override public String sharedMemoryUnavailable() { return noSharedMemory; }

    @Override public String countersUnavailable() { return noCounters; }

    /**
     * Counters on a window of rank 0, updated with MPI_Fetch_and_op; the first call allocates it (collective).
     * Null when the MPI library can make no such window: Open MPI 4.1 between nodes over TCP alone (no RDMA
     * network, no UCX) has no one-sided component for MPI_THREAD_MULTIPLE, and MPI_Win_allocate fails alike
     * on every rank (the simulated cluster of scripts/testbed shows it). Files still open; the shared file
     * pointer's routines then fail with this reason.
     */
    @Override public synchronized org.jpio.comm.SharedCounters counters() {
        open();
        if (noCounters != null) return null;
        if (countersWin == -1) {
            try {
                countersWin = MpiNative.allocateCounters(handle, COUNTER_SLOTS);
            } catch (MpiException e) {
                noCounters = e.getMessage();
                return null;
            }
        }
        long win = countersWin;
        return new org.jpio.comm.SharedCounters() {
            @Override public int capacity() { return COUNTER_SLOTS; }
            @Override public int nextSlot() { synchronized (MpiComm.this) { return nextCounterSlot++ % COUNTER_SLOTS; } }
            @Override public long fetchAndAdd(int slot, long delta) { return MpiNative.counterUpdate(win, slot, delta, false); }
            @Override public long getAndSet(int slot, long value) { return MpiNative.counterUpdate(win, slot, value, true); }
        };
    }

    /** A shared-memory window (its Fortran handle) and the sizes of the ranks' parts. */
    private record MpiShared(long win, long[] sizes, MpiComm comm) implements SharedMemory {
        boolean fits(long[] bytes) {
            for (int r = 0; r < sizes.length; r++) if (sizes[r] < bytes[r]) return false;
            return true;
        }

        @Override public long size(int rank) { return sizes[rank]; }

        @Override public java.nio.ByteBuffer part(int rank, long offset, int length) {
            if (offset < 0 || length < 0 || offset + length > sizes[rank])
                throw new IllegalArgumentException("shared part: rank=" + rank + " offset=" + offset + " length=" + length + " size=" + sizes[rank]);
            return MpiNative.sharedPart(win, rank, offset, length).order(java.nio.ByteOrder.nativeOrder());
        }

        @Override public void sync() { MpiNative.sharedSync(win, comm.handle, ++comm.number); }
    }

    private void open() {
        if (closed) throw new IllegalStateException("communicator is closed: rank=" + rank + " size=" + size);
    }

    private static long offset(ElementType t, int index) { return (long) index << t.shift(); }
}
