package org.jpio.view;

/**
 * The block-list family (contiguous, vector, hvector, indexed, hindexed): block i holds copies(i)
 * consecutive copies of the old type, spaced by its extent, from byte displacement disp(i). Shapes are
 * computed once (in closed form for equal blocks) and cursors walk blocks lazily.
 */
final class Blocks {
    private Blocks() { }

    /** Block geometry in bytes. {@code before(i)} is the data bytes of blocks before i. */
    interface List {
        int blocks();
        long copies(int i);
        long disp(int i);
        long before(int i);
        /** The block holding data byte {@code b} (0 <= b < total size). */
        int blockOf(long b);
    }

    /** {@code count} blocks of {@code copies} copies, block i at {@code i * stride} bytes. */
    static List uniform(long count, long copies, long stride, long oldSize) {
        return new List() {
            @Override public int blocks() { return (int) count; }
            @Override public long copies(int i) { return copies; }
            @Override public long disp(int i) { return i * stride; }
            @Override public long before(int i) { return i * copies * oldSize; }
            @Override public int blockOf(long b) { return (int) (b / (copies * oldSize)); }
        };
    }

    /** Arbitrary blocks; the prefix sums make {@code blockOf} a binary search. */
    static List general(long[] copies, long[] disps, long oldSize) {
        long[] prefix = new long[copies.length + 1];
        for (int i = 0; i < copies.length; i++) prefix[i + 1] = prefix[i] + copies[i] * oldSize;
        return new List() {
            @Override public int blocks() { return copies.length; }
            @Override public long copies(int i) { return copies[i]; }
            @Override public long disp(int i) { return disps[i]; }
            @Override public long before(int i) { return prefix[i]; }
            @Override public int blockOf(long b) {
                int lo = 0, hi = copies.length - 1;        // largest i with prefix[i] <= b
                while (lo < hi) {
                    int mid = (lo + hi + 1) >>> 1;
                    if (prefix[mid] <= b) lo = mid; else hi = mid - 1;
                }
                return lo;
            }
        };
    }

    static Shape uniformShape(String kind, long count, long copies, long stride, Layout old) {
        try {
            if (count == 0 || copies == 0) return Shape.empty();
            Shape o = old.shape;
            long ext = o.ub() - o.lb();
            long last = Math.multiplyExact(count - 1, stride);
            long minD = Math.min(0, last), maxD = Math.max(0, last);
            long span = Math.multiplyExact(copies - 1, ext);
            long lb = Math.addExact(minD, o.lb());
            long ub = Math.addExact(Math.addExact(maxD, span), o.ub());
            long size = Math.multiplyExact(Math.multiplyExact(count, copies), o.size());
            if (o.size() == 0) return new Shape(0, lb, ub, 0, 0, o.dense() && (count == 1 || stride == copies * ext), true);
            long trueLb = minD + o.trueLb();
            long trueUb = Math.addExact(maxD + span, o.trueUb());
            boolean mono = o.monotone()
                    && (copies <= 1 || o.trueUb() - o.trueLb() <= ext)
                    && (count <= 1 || (stride >= 0 && span + o.trueUb() <= stride + o.trueLb()));
            boolean dense = o.dense() && (count == 1 || stride == Math.multiplyExact(copies, ext));
            return new Shape(size, lb, ub, trueLb, trueUb, dense, mono);
        } catch (ArithmeticException e) {
            throw Layout.bad(kind, "byte displacements overflow 64 bits: count=" + count + " copies=" + copies + " stride=" + stride);
        }
    }

    static Shape generalShape(String kind, long[] copies, long[] disps, Layout old) {
        try {
            Shape o = old.shape;
            long ext = o.ub() - o.lb();
            long tExt = o.trueUb() - o.trueLb();
            boolean any = false, mono = o.monotone(), dense = o.dense();
            long lb = 0, ub = 0, tLb = 0, tUb = 0, size = 0, prevEnd = 0, prevUb = 0;
            for (int i = 0; i < copies.length; i++) {
                long c = copies[i], d = disps[i];
                if (c == 0) continue;
                long span = Math.multiplyExact(c - 1, ext);
                long bLb = Math.addExact(d, o.lb()), bUb = Math.addExact(Math.addExact(d, span), o.ub());
                long bTLb = d + o.trueLb(), bTUb = Math.addExact(d + span, o.trueUb());
                if (!any) {
                    lb = bLb; ub = bUb; tLb = bTLb; tUb = bTUb;
                } else {
                    lb = Math.min(lb, bLb); ub = Math.max(ub, bUb);
                    tLb = Math.min(tLb, bTLb); tUb = Math.max(tUb, bTUb);
                    if (o.size() > 0 && bTLb < prevEnd) mono = false;
                    if (bLb != prevUb) dense = false;      // dense blocks must follow each other exactly
                }
                if (c > 1 && tExt > ext) mono = false;
                prevEnd = bTUb;
                prevUb = bUb;
                size = Math.addExact(size, Math.multiplyExact(c, o.size()));
                any = true;
            }
            if (!any) return Shape.empty();
            if (o.size() == 0) return new Shape(0, lb, ub, 0, 0, dense, true);
            return new Shape(size, lb, ub, tLb, tUb, dense, mono);
        } catch (ArithmeticException e) {
            throw Layout.bad(kind, "byte displacements overflow 64 bits");
        }
    }

    /** Raw runs of the blocks placed at {@code base}, after {@code skip} data bytes. */
    static RunCursor cursor(List b, Layout old, long total, long base, long skip) {
        if (skip >= total) return Cursors.empty();
        return new Cursors.Nested() {
            final long oldSize = old.size(), ext = old.extent(), oldLb = old.lb();
            final boolean dense = old.shape.dense();
            int i = b.blockOf(skip);
            long k = (skip - b.before(i)) / oldSize;
            long first = (skip - b.before(i)) % oldSize;

            @Override boolean step() {
                while (i < b.blocks() && k >= b.copies(i)) { i++; k = 0; }
                if (i >= b.blocks()) return false;
                long at = base + b.disp(i) + k * ext;
                if (dense) {                       // the rest of the block is one run
                    off = at + oldLb + first;
                    len = (b.copies(i) - k) * ext - first;
                    i++;
                    k = 0;
                } else {
                    descend(old.raw(at, first));
                    k++;
                }
                first = 0;
                return true;
            }
        };
    }
}
