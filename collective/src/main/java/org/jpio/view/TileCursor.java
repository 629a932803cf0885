package org.jpio.view;

/**
 * The runs of a view whose filetype is flattened once into one tile's runs (ROMIO's flattened list),
 * walked tile by tile with arithmetic alone: no cursor per tile, nothing allocated per run. A tile of one
 * run, or of equal runs at equal spacing that continues into the next tile, is a strided access: the
 * cursor then says how many equal runs follow ({@link #repeats}) and jumps over them in one step.
 * Runs of neighbouring tiles never touch here ({@link FileView} merges those itself).
 */
final class TileCursor implements RunCursor {
    private final long[] offs, lens;
    private final long base, extent;
    private final int n;
    private long tile;
    private int k;
    private long skip, left;
    private long off, len;

    /**
     * {@code offs}/{@code lens}: one tile's runs relative to its start; tile t starts at
     * {@code base + t * extent}. The walk starts {@code skip} data bytes into tile {@code tile}, at run
     * {@code k}, and covers {@code left} data bytes.
     */
    TileCursor(long[] offs, long[] lens, long base, long extent, long tile, int k, long skip, long left) {
        this.offs = offs;
        this.lens = lens;
        this.n = offs.length;
        this.base = base;
        this.extent = extent;
        this.tile = tile;
        this.k = k;
        this.skip = skip;
        this.left = left;
    }

    @Override public boolean next() {
        if (left <= 0) return false;
        off = base + tile * extent + offs[k] + skip;
        len = Math.min(lens[k] - skip, left);
        skip = 0;
        left -= len;
        if (++k == n) {
            k = 0;
            tile++;
        }
        return true;
    }

    @Override public long offset() { return off; }

    @Override public long length() { return len; }

    /** One run per tile: the current run, when whole, and the whole ones after it. */
    @Override public long repeats() { return n == 1 && len == lens[0] ? 1 + left / len : 1; }

    @Override public long stride() { return n == 1 ? extent : 0; }

    @Override public void jump(long m) {
        if (m <= 0) return;
        if (n != 1 || m >= repeats()) throw new IllegalArgumentException("jump " + m + " of " + repeats() + " repeated runs");
        off += m * extent;
        tile += m;
        left -= m * len;
    }
}
