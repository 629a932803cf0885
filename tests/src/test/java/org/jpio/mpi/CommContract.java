package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.LongBinaryOperator;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.RankFailure;
import org.jpio.comm.Comm;
import org.jpio.comm.Comm.Op;
import org.jpio.comm.SharedMemory;
import org.jpio.io.ElementType;

/**
 * What every {@link Comm} must do, as one SPMD body: run by {@code CommContractTest} on LocalComm threads
 * (1..5 ranks), on SelfComm, and through {@link #main} under mpirun on MpiComm. Every expected value is
 * computed here from the ranks' inputs, independently of the implementation.
 */
public final class CommContract {
    private CommContract() { }

    /** Under mpirun: runs the contract on {@code Comm.world()} and prints one line per rank, with the MPI bridge it ran on. */
    public static void main(String[] args) throws IOException {
        Comm world = Comm.world();
        check(world);
        String bridge = org.jpio.comm.mpi.MpiBridge.loaded().map(b -> " bridge=" + b.bridge().getFileName() + " mpi=" + b.version()).orElse("");
        System.out.println("contract ok: class=" + world.getClass().getSimpleName() + " rank=" + world.rank() + " size=" + world.size() + bridge);
    }

    public static void check(Comm c) throws IOException {
        int n = c.size(), me = c.rank();
        assertTrue(me >= 0 && me < n, "rank=" + me + " size=" + n);
        long[] ranks = c.allgather(me);
        for (int r = 0; r < n; r++) assertEquals(r, ranks[r]);
        c.barrier();
        assertTrue(!c.hostName().isBlank());
        c.requireSame("contract", "host", c.hostName()); // every run of this contract is on one machine

        for (ElementType t : ElementType.values()) {
            bcast(c, t);
            allgather(c, t);
            allgatherv(c, t);
            alltoallv(c, t);
            alltoallvPieces(c, t);
            sendrecv(c, t);
            for (Op op : Op.values()) allreduce(c, t, op);
        }
        split(c);
        dup(c);
        shared(c);
        conveniences(c);
        agreement(c);
        RootOutcomeContract.check(c);
        badArguments(c);
    }

    // ---- values: v(rank, i) per type, and the same value as a long for the expected results -------------

    /** A deterministic per-rank value, negative too where the type allows. */
    static long value(ElementType t, int rank, int i) {
        long v = (rank * 37L + i * 11L) % 23;
        return switch (t) {
            case BOOLEAN -> (rank + i) % 3 == 0 ? 1 : 0;
            case CHAR -> v * 2000;          // unsigned, up to 44000: above Short.MAX_VALUE
            case BYTE -> v * 9 - 100;       // -100..98
            default -> v * 1_000_003L - 11_000_033L;
        };
    }

    static Object array(ElementType t, int n, java.util.function.IntToLongFunction f) {
        Object a = t.newArray(n);
        for (int i = 0; i < n; i++) set(t, a, i, f.applyAsLong(i));
        return a;
    }

    static void set(ElementType t, Object a, int i, long v) {
        switch (t) {
            case BOOLEAN -> Array.setBoolean(a, i, v != 0);
            case BYTE -> Array.setByte(a, i, (byte) v);
            case CHAR -> Array.setChar(a, i, (char) v);
            case SHORT -> Array.setShort(a, i, (short) v);
            case INT -> Array.setInt(a, i, (int) v);
            case LONG -> Array.setLong(a, i, v);
            case FLOAT -> Array.setFloat(a, i, v);
            case DOUBLE -> Array.setDouble(a, i, v);
        }
    }

    /** v as the type holds it (sums wrap, char is unsigned), back in a long; floats hold these integers exactly. */
    static long narrow(ElementType t, long v) {
        return switch (t) {
            case BOOLEAN -> v != 0 ? 1 : 0;
            case BYTE -> (byte) v;
            case CHAR -> (char) v;
            case SHORT -> (short) v;
            case INT -> (int) v;
            default -> v;
        };
    }

    static String show(Object a) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < Array.getLength(a); i++) {
            Object v = Array.get(a, i);
            b.append(i == 0 ? "" : ", ").append(v instanceof Character ch ? (Object) (int) ch : v); // chars as numbers
        }
        return b.append(']').toString();
    }

    static void same(String what, Object expected, Object actual) {
        assertEquals(show(expected), show(actual), what);
    }

    // ---- the collectives ------------------------------------------------------------------------------

    static void bcast(Comm c, ElementType t) {
        int root = c.size() - 1;
        Object buf = array(t, 9, i -> c.rank() == root ? value(t, 1000, i) : -1);
        c.bcast(buf, 2, 5, root);
        Object expected = array(t, 9, i -> i >= 2 && i < 7 ? value(t, 1000, i) : c.rank() == root ? value(t, 1000, i) : -1);
        same("bcast type=" + t + " rank=" + c.rank(), expected, buf);
    }

    static void allgather(Comm c, ElementType t) {
        int n = c.size(), count = 3;
        Object send = array(t, count + 1, i -> i == 0 ? -7 : value(t, c.rank(), i));
        Object recv = array(t, 1 + n * count, i -> 5);
        c.allgather(send, 1, count, recv, 1);
        Object expected = array(t, 1 + n * count, i -> i == 0 ? 5 : value(t, (i - 1) / count, (i - 1) % count + 1));
        same("allgather type=" + t, expected, recv);
    }

    static void allgatherv(Comm c, ElementType t) {
        int n = c.size();
        int[] counts = new int[n], displs = new int[n];
        int total = 0;
        for (int r = n - 1; r >= 0; r--) { counts[r] = r + 1; displs[r] = total; total += r + 1; } // reversed placement
        Object send = array(t, c.rank() + 1, i -> value(t, c.rank(), i));
        Object recv = t.newArray(total);
        c.allgatherv(send, 0, c.rank() + 1, recv, counts, displs);
        Object expected = t.newArray(total);
        for (int r = 0; r < n; r++) for (int k = 0; k < counts[r]; k++) set(t, expected, displs[r] + k, value(t, r, k));
        same("allgatherv type=" + t, expected, recv);
    }

    static void alltoallv(Comm c, ElementType t) {
        int n = c.size(), me = c.rank();
        int[] sc = new int[n], sd = new int[n], rc = new int[n], rd = new int[n];
        int sTotal = 0, rTotal = 0;
        for (int d = 0; d < n; d++) {
            sc[d] = (me + d) % 3; sd[d] = sTotal; sTotal += sc[d];
            rc[d] = (d + me) % 3; rd[d] = rTotal; rTotal += rc[d];
        }
        Object send = t.newArray(sTotal);
        for (int d = 0; d < n; d++) for (int k = 0; k < sc[d]; k++) set(t, send, sd[d] + k, value(t, me * 7 + d, k));
        Object recv = t.newArray(rTotal);
        c.alltoallv(send, sc, sd, recv, rc, rd);
        Object expected = t.newArray(rTotal);
        for (int s = 0; s < n; s++) for (int k = 0; k < rc[s]; k++) set(t, expected, rd[s] + k, value(t, s * 7 + me, k));
        same("alltoallv type=" + t, expected, recv);
    }

    /**
     * alltoallvToBuffer places each source's elements in one-element pieces interleaved by source in a direct
     * buffer; alltoallvFromBuffer sends the same pieces back, so every rank gets back what it sent.
     */
    static void alltoallvPieces(Comm c, ElementType t) {
        int n = c.size(), me = c.rank(), es = t.size();
        int[] sc = new int[n], sd = new int[n], pc = new int[n], pd = new int[n];
        int sTotal = 0, pTotal = 0, most = 0;
        for (int d = 0; d < n; d++) {
            sc[d] = (me + d) % 3; sd[d] = sTotal; sTotal += sc[d];
            pc[d] = 2 * ((d + me) % 3); pd[d] = pTotal; pTotal += pc[d];
            most = Math.max(most, (d + me) % 3);
        }
        long[] pieces = new long[pTotal];
        for (int s = 0; s < n; s++)
            for (int k = 0; k < pc[s] / 2; k++) { pieces[pd[s] + 2 * k] = (long) (k * n + (n - 1 - s)) * es; pieces[pd[s] + 2 * k + 1] = es; }
        Object send = t.newArray(sTotal);
        for (int d = 0; d < n; d++) for (int k = 0; k < sc[d]; k++) set(t, send, sd[d] + k, value(t, me * 7 + d, k));
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocateDirect(Math.max(1, most * n * es)).order(java.nio.ByteOrder.nativeOrder());
        c.alltoallvToBuffer(send, sc, sd, buf, pc, pd, pieces);
        for (int s = 0; s < n; s++)
            for (int k = 0; k < pc[s] / 2; k++) {
                Object one = t.newArray(1);
                buf.position((int) pieces[pd[s] + 2 * k]);
                t.get(buf, one, 0, 1);
                Object want = t.newArray(1);
                set(t, want, 0, value(t, s * 7 + me, k));
                same("alltoallvToBuffer type=" + t + " from=" + s + " k=" + k, want, one);
            }
        buf.clear();
        Object back = t.newArray(sTotal);
        c.alltoallvFromBuffer(buf, pc, pd, pieces, back, sc, sd);
        same("alltoallvFromBuffer type=" + t, send, back);
    }

    static void sendrecv(Comm c, ElementType t) {
        int n = c.size(), me = c.rank();
        int right = (me + 1) % n, left = (me + n - 1) % n;
        Object send = array(t, 4, i -> value(t, me, i));
        Object recv = array(t, 6, i -> 3);
        c.sendrecv(send, 1, 3, right, recv, 2, 3, left); // ring; with one rank, to and from itself
        Object expected = array(t, 6, i -> i >= 2 && i < 5 ? value(t, left, i - 1) : 3);
        same("sendrecv ring type=" + t, expected, recv);
        // MPI_PROC_NULL halves: rank 0 only sends to 1, rank 1 only receives from 0, others do nothing
        if (n > 1) {
            Object got = array(t, 2, i -> 3);
            if (me == 0) c.sendrecv(send, 0, 2, 1, null, 0, 0, -1);
            else if (me == 1) c.sendrecv(null, 0, 0, -1, got, 0, 2, 0);
            else c.sendrecv(null, 0, 0, -1, null, 0, 0, -1);
            if (me == 1) same("sendrecv one-way type=" + t, array(t, 2, i -> value(t, 0, i)), got);
        }
    }

    static final Set<ElementType> FLOATING = EnumSet.of(ElementType.FLOAT, ElementType.DOUBLE);

    static void allreduce(Comm c, ElementType t, Op op) {
        boolean bitwise = op == Op.BOR || op == Op.BAND;
        int count = 7;
        Object send = array(t, count, i -> value(t, c.rank(), i));
        Object recv = t.newArray(count);
        if ((bitwise && FLOATING.contains(t)) || (!bitwise && t == ElementType.BOOLEAN)) {
            assertThrows(IllegalArgumentException.class, () -> c.allreduce(send, recv, count, op), "op=" + op + " type=" + t);
            return;
        }
        c.allreduce(send, recv, count, op);
        LongBinaryOperator f = switch (op) {
            case SUM -> Long::sum;
            case MIN -> Math::min;
            case MAX -> Math::max;
            case BOR -> (x, y) -> x | y;
            case BAND -> (x, y) -> x & y;
        };
        Object expected = array(t, count, i -> {
            long acc = narrow(t, value(t, 0, i));
            for (int r = 1; r < c.size(); r++) acc = narrow(t, f.applyAsLong(acc, narrow(t, value(t, r, i))));
            return acc;
        });
        same("allreduce op=" + op + " type=" + t, expected, recv);
    }

    static void split(Comm c) {
        int n = c.size(), me = c.rank();
        try (Comm half = c.split(me % 2, -me)) {
            int members = (n - me % 2 + 1) / 2;
            assertEquals(members, half.size(), "split size rank=" + me);
            // key -rank: the highest old rank is new rank 0
            assertEquals((n - 1 - me) / 2, half.rank(), "split rank rank=" + me);
            long expected = 0;
            for (int r = me % 2; r < n; r += 2) expected += r;
            assertEquals(expected, half.allreduce(me, Op.SUM));
            long[] order = half.allgather(me);
            for (int k = 1; k < order.length; k++) assertTrue(order[k - 1] > order[k], Arrays.toString(order));
        }
        Comm rest = c.split(me == 0 ? -1 : 3, 0);
        if (me == 0) assertNull(rest);
        else {
            assertNotNull(rest);
            assertEquals(n - 1, rest.size());
            assertEquals(me - 1, rest.rank());
            rest.barrier();
            rest.close();
        }
    }

    /**
     * A duplicate has the same ranks in the same order, and its collectives, run on a second thread while
     * this thread runs others on the original, never meet the original's: each thread gets the results of
     * its own calls (a mix-up would pair an allgather with an allreduce, or sum the other thread's values).
     */
    static void dup(Comm c) throws IOException {
        int n = c.size(), me = c.rank(), rounds = 200;
        try (Comm d = c.dup()) {
            assertEquals(n, d.size());
            assertEquals(me, d.rank());
            Throwable[] failed = new Throwable[1];
            Thread other = new Thread(() -> {
                try {
                    for (int i = 0; i < rounds; i++) assertEquals((long) n * (n - 1) / 2 + (long) n * i, d.allreduce(me + i, Op.SUM), "dup round " + i);
                } catch (Throwable t) {
                    failed[0] = t;
                }
            }, "dup-contract-rank-" + me);
            other.start();
            for (int i = 0; i < rounds; i++) {
                long[] all = c.allgather(1000L * i + me);
                for (int r = 0; r < n; r++) assertEquals(1000L * i + r, all[r], "original round " + i);
            }
            try {
                other.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            if (failed[0] != null) throw new AssertionError("collectives on the duplicate: rank=" + me, failed[0]);
            d.barrier();
        }
    }

    /**
     * Shared memory (every run of this contract is on one machine, so it must exist): parts start on a page
     * boundary; each rank fills its
     * part, and after sync every rank reads every part; a call that fits reuses the memory, one that needs
     * more gets new memory of the new sizes. Odd ranks contribute nothing.
     */
    static void shared(Comm c) {
        int n = c.size(), me = c.rank();
        long[] bytes = new long[n];
        for (int r = 0; r < n; r++) bytes[r] = r % 2 == 0 ? 4096 + 8L * r : 0;
        SharedMemory m = c.shared(bytes);
        assertNotNull(m, "ranks on one host share memory: rank=" + me);
        for (int r = 0; r < n; r++) {
            assertTrue(m.size(r) >= bytes[r], "part of rank=" + r + ": " + m.size(r) + " < " + bytes[r]);
            if (bytes[r] > 0) assertEquals(0, m.part(r, 0, 8).alignmentOffset(0, 4096), "part of rank=" + r + " starts on a page");
        }
        if (bytes[me] > 0) {
            java.nio.ByteBuffer mine = m.part(me, 0, (int) bytes[me]);
            for (int i = 0; i < bytes[me] / 8; i++) mine.putLong(me * 1_000_000L + i);
        }
        m.sync();
        for (int r = 0; r < n; r += 2) {
            java.nio.LongBuffer theirs = m.part(r, 8, (int) bytes[r] - 8).asLongBuffer();
            for (int i = 0; i < theirs.capacity(); i++) assertEquals(r * 1_000_000L + i + 1, theirs.get(i), "rank=" + me + " reads part " + r + " long " + (i + 1));
        }
        m.sync(); // all reads done before the next call may reallocate
        assertTrue(m == c.shared(bytes), "the same sizes reuse the memory");
        long[] more = bytes.clone();
        more[0] = 3 * 4096;
        SharedMemory bigger = c.shared(more);
        assertTrue(bigger.size(0) >= more[0]);
        if (me == 0) bigger.part(0, more[0] - 8, 8).putLong(0, 42);
        bigger.sync();
        assertEquals(42, bigger.part(0, more[0] - 8, 8).getLong(0));
        bigger.sync();
    }

    static void conveniences(Comm c) {
        byte[] data = c.bcastBytes(c.rank() == 0 ? "from root".getBytes(StandardCharsets.UTF_8) : null, 0);
        assertEquals("from root", new String(data, StandardCharsets.UTF_8));
        byte[][] all = c.allgatherBytes(("r" + c.rank()).repeat(c.rank()).getBytes(StandardCharsets.UTF_8));
        for (int r = 0; r < c.size(); r++) assertEquals(("r" + r).repeat(r), new String(all[r], StandardCharsets.UTF_8));
        assertEquals(c.size() - 1L, c.allreduce(c.rank(), Op.MAX));
    }

    /**
     * One rank fails locally: every rank learns it through agree(), with the rank, exception type and
     * message as a record. An I/O failure is a CollectiveIOException (an IOException) on every rank, an
     * argument failure a CollectiveException.
     */
    static void agreement(Comm c) throws IOException {
        c.agree("nothing failed", null);
        c.agreeOnArguments("nothing failed", null);
        int bad = c.size() - 1;
        Throwable local = c.rank() == bad ? new IOException("disk full: path=/x offset=4") : null;
        CollectiveIOException e = assertThrows(CollectiveIOException.class, () -> c.agree("write", local));
        assertEquals(List.of(new RankFailure(bad, "IOException", "disk full: path=/x offset=4", true)), e.failures());
        assertEquals("rank=" + bad + ": IOException: disk full: path=/x offset=4", e.failures().get(0).toString());
        assertTrue(e.getMessage().startsWith("write failed on 1 rank(s)"), e.getMessage());
        if (c.rank() == bad) assertTrue(e.getCause() == local);

        RuntimeException arg = c.rank() == 0 ? new IllegalArgumentException("count=-1") : null;
        CollectiveException a = assertThrows(CollectiveException.class, () -> c.agree("read", arg));
        assertEquals(List.of(new RankFailure(0, "IllegalArgumentException", "count=-1", false)), a.failures());
        CollectiveException a2 = assertThrows(CollectiveException.class, () -> c.agreeOnArguments("read", arg));
        assertEquals(a.failures(), a2.failures());

        c.requireSame("open", "mode", "rw");
        if (c.size() > 1) {
            CollectiveException d = assertThrows(CollectiveException.class,
                    () -> c.requireSame("open", "mode", c.rank() == 1 ? "r" : "rw"));
            assertTrue(d.getMessage().contains("rank=1 mode=r but rank=0 mode=rw"), d.getMessage());
            CollectiveException two = assertThrows(CollectiveException.class,
                    () -> c.requireSame("open", "path", "/p", "hint cb_nodes", c.rank() == 1 ? "2" : "1"));
            assertEquals(1, two.failures().size(), two.getMessage());
            assertTrue(two.getMessage().contains("hint cb_nodes=2 but rank=0 hint cb_nodes=1"), two.getMessage());
        }
    }

    /** Arguments every rank gets wrong alike fail on every rank before anything moves. */
    static void badArguments(Comm c) {
        int[] buf = {1, 2, 3};
        assertThrows(IllegalArgumentException.class, () -> c.bcast(buf, 0, 1, c.size()));
        assertThrows(IllegalArgumentException.class, () -> c.bcast(buf, 2, 2, 0));
        assertThrows(IllegalArgumentException.class, () -> c.allreduce(buf, new long[3], 3, Op.SUM));
        assertThrows(IllegalArgumentException.class, () -> c.allreduce(buf, buf, 3, Op.SUM));
        assertThrows(IllegalArgumentException.class, () -> c.allgather(buf, 0, 2, new int[2 * c.size() - 1], 0));
        assertThrows(IllegalArgumentException.class, () -> c.sendrecv(buf, 0, 1, c.size(), buf, 0, 1, 0));
        assertArrayEquals(new int[] {1, 2, 3}, buf);
        c.barrier(); // still usable afterwards
    }
}
