package org.jpio.examples.sort;

import java.io.IOException;
import java.util.List;

/**
 * The k-way merge of sorted runs, written once for all variants against {@link Blocks}: a loser tree
 * (tournament tree) over the run heads. Each output element costs one comparison per tree level,
 * ceil(log2 k), against a binary heap's up to two per level; an input block that runs out is refilled
 * from its run in place.
 */
final class Merge {
    private Merge() { }

    /** Merges the runs into {@code out}; closes {@code out}. */
    static void merge(List<Blocks.In> ins, Blocks.Out out) throws IOException {
        int k = ins.size();
        if (k < 1) throw new IllegalArgumentException("runs=" + k + ": a merge needs at least one run");
        long[][] bufs = new long[k][];
        int[] len = new int[k], pos = new int[k];
        long[] head = new long[k];
        boolean[] done = new boolean[k];
        for (int r = 0; r < k; r++) {
            len[r] = ins.get(r).next();
            bufs[r] = ins.get(r).buf();
            if (len[r] > 0) head[r] = bufs[r][0];
            else exhaust(r, head, done);
        }
        int[] loser = build(k, head, done);
        int w = loser[0];
        long[] ob = out.buf();
        int on = 0;
        while (!done[w]) {
            ob[on++] = head[w];
            if (on == ob.length) {
                out.emit(on);
                ob = out.buf();
                on = 0;
            }
            if (++pos[w] == len[w]) {
                len[w] = ins.get(w).next();
                bufs[w] = ins.get(w).buf();
                pos[w] = 0;
            }
            if (len[w] > 0) head[w] = bufs[w][pos[w]];
            else exhaust(w, head, done);
            for (int node = (k + w) >>> 1; node > 0; node >>>= 1) { // replay w's path from its leaf to the root
                int t = loser[node];
                if (beats(t, w, head, done)) {
                    loser[node] = w;
                    w = t;
                }
            }
        }
        if (on > 0) out.emit(on);
        out.close();
    }

    /**
     * The tree over leaves {@code k..2k-1} (run r at {@code k + r}): entry n in 1..k-1 holds the loser of
     * the match at node n, entry 0 the overall winner. Any k works, as every node below k has two children.
     */
    private static int[] build(int k, long[] head, boolean[] done) {
        int[] loser = new int[k];
        int[] winner = new int[2 * k];
        for (int r = 0; r < k; r++) winner[k + r] = r;
        for (int node = k - 1; node > 0; node--) {
            int a = winner[2 * node], b = winner[2 * node + 1];
            boolean aWins = beats(a, b, head, done);
            winner[node] = aWins ? a : b;
            loser[node] = aWins ? b : a;
        }
        loser[0] = winner[1];
        return loser;
    }

    /** An exhausted run sorts after every live one, Long.MAX_VALUE heads included. */
    private static boolean beats(int a, int b, long[] head, boolean[] done) {
        long x = head[a], y = head[b];
        return x < y || (x == y && !done[a]);
    }

    private static void exhaust(int r, long[] head, boolean[] done) {
        head[r] = Long.MAX_VALUE;
        done[r] = true;
    }
}
