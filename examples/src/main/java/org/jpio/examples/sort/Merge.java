package org.jpio.examples.sort;

import java.io.IOException;
import java.util.List;

/**
 * The k-way merge of sorted runs, written once for all variants against {@link Blocks}: a loser tree
 * (tournament tree) over the run heads. Each output element costs one comparison per tree level,
 * ceil(log2 k); the tree keeps each loser's key beside its run index, so a replay reads no run state, and
 * a match is decided with masks rather than a branch (random data makes that branch a coin toss; the
 * masks measured 10-25% faster than the branch here, on a noisy shared machine). An input block that runs
 * out is refilled from its run.
 */
final class Merge {
    private Merge() { }

    /** Merges the runs into {@code out}; closes {@code out}. */
    static void merge(List<Blocks.In> ins, Blocks.Out out) throws IOException {
        int k = ins.size();
        if (k < 1) throw new IllegalArgumentException("runs=" + k + ": a merge needs at least one run");
        long[][] bufs = new long[k][];
        int[] len = new int[k], pos = new int[k];
        boolean[] done = new boolean[k];
        long[] head = new long[k];
        for (int r = 0; r < k; r++) {
            len[r] = ins.get(r).next();
            bufs[r] = ins.get(r).buf();
            done[r] = len[r] == 0;
            head[r] = done[r] ? Long.MAX_VALUE : bufs[r][0];
        }
        // Leaves k..2k-1 (run r at k + r), internal nodes 1..k-1, each holding the loser of its match;
        // any k works, as every node below k has two children. An exhausted run's key is Long.MAX_VALUE.
        int[] idx = new int[k];
        long[] key = new long[k];
        int[] winner = new int[2 * k];
        for (int r = 0; r < k; r++) winner[k + r] = r;
        for (int node = k - 1; node > 0; node--) {
            int a = winner[2 * node], b = winner[2 * node + 1];
            boolean aWins = head[a] < head[b];
            winner[node] = aWins ? a : b;
            idx[node] = aWins ? b : a;
            key[node] = head[idx[node]];
        }
        int w = winner[1];
        long hw = head[w];
        long[] ob = out.buf();
        int on = 0;
        // An exhausted run's sentinel may tie a live Long.MAX_VALUE and win, so this stops at the first
        // exhausted winner; the runs still live then hold only Long.MAX_VALUE and are drained below.
        while (!(hw == Long.MAX_VALUE && done[w])) {
            ob[on++] = hw;
            if (on == ob.length) {
                out.emit(on);
                ob = out.buf();
                on = 0;
            }
            int p = ++pos[w];
            if (p == len[w]) {
                p = refill(ins, w, bufs, len, pos, done);
            }
            hw = done[w] ? Long.MAX_VALUE : bufs[w][p];
            for (int node = (k + w) >>> 1; node > 0; node >>>= 1) { // replay w's path from its leaf to the root
                long kt = key[node];
                int t = idx[node];
                long d = kt - hw;
                long lt = (d ^ ((kt ^ hw) & (d ^ kt))) >> 63; // all ones iff kt < hw (signed, overflow-free)
                long kx = (kt ^ hw) & lt;
                int ix = (t ^ w) & (int) lt;
                key[node] = kt ^ kx;                           // the loser stays: hw if t won, else kt
                idx[node] = t ^ ix;
                hw ^= kx;                                      // the winner moves up: kt if t won
                w ^= ix;
            }
        }
        for (int r = 0; r < k; r++) {
            while (!done[r]) {
                for (int i = pos[r]; i < len[r]; i++) {
                    ob[on++] = bufs[r][i];
                    if (on == ob.length) {
                        out.emit(on);
                        ob = out.buf();
                        on = 0;
                    }
                }
                refill(ins, r, bufs, len, pos, done);
            }
        }
        if (on > 0) out.emit(on);
        out.close();
    }

    /** The runs one after the other into {@code out} (the I/O of a merge without its comparisons); closes {@code out}. */
    static void concatenate(List<Blocks.In> ins, Blocks.Out out) throws IOException {
        long[] ob = out.buf();
        int on = 0;
        for (Blocks.In in : ins) {
            for (int n; (n = in.next()) > 0; ) {
                long[] b = in.buf();
                for (int i = 0; i < n; ) { // full output blocks, as the merge emits them
                    int m = Math.min(ob.length - on, n - i);
                    System.arraycopy(b, i, ob, on, m);
                    on += m;
                    i += m;
                    if (on == ob.length) {
                        out.emit(on);
                        ob = out.buf();
                        on = 0;
                    }
                }
            }
        }
        if (on > 0) out.emit(on);
        out.close();
    }

    /** Reads run r's next block; marks the run done at its end. Returns the new position, 0. */
    private static int refill(List<Blocks.In> ins, int r, long[][] bufs, int[] len, int[] pos, boolean[] done) throws IOException {
        Blocks.In in = ins.get(r);
        len[r] = in.next();
        bufs[r] = in.buf();
        pos[r] = 0;
        done[r] = len[r] == 0;
        return 0;
    }
}
