package org.jpio.view;

import java.util.Objects;
import org.jpio.io.ElementType;

/**
 * A file view as MPI_File_set_view defines it: from byte {@code displacement} on, the file is tiled with
 * copies of {@code filetype} spaced by its extent, and only the filetype's data bytes are visible, as a
 * sequence of etypes. View offsets and counts are in etypes; "view bytes" number the visible bytes.
 *
 * <p>Checked as MPI requires, before any byte moves: displacement >= 0, the filetype built from the etype
 * (any type for the byte etype, so its size is a multiple of the etype's), and filetype displacements
 * nonnegative and monotonically nondecreasing without overlap, tiles included. Mapping is lazy: an access
 * of any size is walked run by run.
 */
public final class FileView {
    private final long displacement;
    private final ElementType etype;
    private final Datatype filetype;
    private final DataRep representation;
    private final Layout ft;

    public FileView(long displacement, ElementType etype, Datatype filetype, DataRep representation) {
        if (etype == null || filetype == null || representation == null)
            throw new IllegalArgumentException("set_view: etype, filetype and datarep must not be null: etype=" + etype + " filetype=" + filetype + " datarep=" + representation);
        if (displacement < 0) throw new IllegalArgumentException("set_view: displacement=" + displacement + " must be >= 0");
        if (etype != ElementType.BYTE && !filetype.elementTypes().equals(java.util.Set.of(etype)))
            throw new IllegalArgumentException("set_view: filetype must be built from etype=" + etype + " but holds " + filetype.elementTypes() + ": filetype=" + filetype);
        if (!filetype.isMonotone())
            throw new IllegalArgumentException("set_view: filetype displacements must be monotonically nondecreasing without overlap (data goes backwards or overlaps in type order): filetype=" + filetype);
        if (filetype.size() > 0 && filetype.trueLb() < 0)
            throw new IllegalArgumentException("set_view: filetype displacements must be nonnegative: trueLb=" + filetype.trueLb() + " filetype=" + filetype);
        if (filetype.size() > 0 && filetype.trueExtent() > filetype.extent())
            throw new IllegalArgumentException("set_view: filetype tiles overlap: trueExtent=" + filetype.trueExtent() + " > extent=" + filetype.extent() + " filetype=" + filetype);
        this.displacement = displacement;
        this.etype = etype;
        this.filetype = filetype;
        this.representation = representation;
        this.ft = Layout.of(filetype);
    }

    /** MPI's default view: displacement 0, etype and filetype byte, native representation. */
    public static FileView bytes() { return new FileView(0, ElementType.BYTE, Datatype.BYTE, DataRep.NATIVE); }

    /** A view of a contiguous array of {@code etype} from {@code displacement}. */
    public static FileView contiguous(long displacement, ElementType etype, DataRep representation) {
        return new FileView(displacement, etype, Datatype.of(etype), representation);
    }

    public long displacement() { return displacement; }
    public ElementType etype() { return etype; }
    public Datatype filetype() { return filetype; }
    public DataRep representation() { return representation; }

    /** True when the visible bytes are one contiguous range of the file (the filetype has no holes). */
    public boolean isContiguous() { return filetype.isContiguous(); }

    /** File runs of {@code count} etypes from view offset {@code offset} (in etypes), merged. */
    public RunCursor runs(long offset, long count) {
        checkOffsetCount(offset, count);
        return runsOfBytes(offset * etype.size(), count * etype.size());
    }

    /** File runs of {@code bytes} view bytes from view byte {@code from} (not necessarily etype-aligned). */
    public RunCursor runsOfBytes(long from, long bytes) {
        checkBytes(from, bytes);
        if (bytes == 0) return Cursors.empty();
        if (filetype.isContiguous()) return Cursors.single(displacement + filetype.lb() + from, bytes);
        Flat f = flat();
        if (f != null) {
            long tile = from / f.size, within = from % f.size;
            int k = java.util.Arrays.binarySearch(f.before, within);
            if (k < 0) k = -k - 2; // the run holding data byte `within`
            while (k + 1 < f.before.length && f.before[k + 1] <= within) k++;
            return new TileCursor(f.offs, f.lens, displacement, f.extent, tile, k, within - f.before[k], bytes);
        }
        long size = ft.size(), extent = ft.extent();
        RunCursor tiles = new Cursors.Nested() {
            long tile = from / size;
            long skip = from % size;
            @Override boolean step() {
                descend(ft.raw(displacement + tile * extent, skip));
                tile++;
                skip = 0;
                return true;
            }
        };
        return Cursors.merge(Cursors.take(tiles, bytes));
    }

    /** Runs a tile may have and still be flattened: the list is made once per view and kept. */
    private static final int FLAT_MAX = 4096;
    private static final Flat NOT_FLAT = new Flat(null, null, null, 0, 0);
    private volatile Flat flat;

    /**
     * One tile's runs, made once (ROMIO's flattened type): {@code before[k]} is the data bytes in runs
     * before run k. Equal runs at equal spacing that continues into the next tile become one run per tile
     * of that spacing (a strided view). Null for a tile of more than {@link #FLAT_MAX} runs, or whose last
     * run touches the next tile's first (those are walked and merged lazily).
     */
    private Flat flat() {
        Flat f = flat;
        if (f == null) flat = f = flatten();
        return f == NOT_FLAT ? null : f;
    }

    private record Flat(long[] offs, long[] lens, long[] before, long size, long extent) { }

    private Flat flatten() {
        long[] offs = new long[8], lens = new long[8];
        int n = 0;
        RunCursor c = Cursors.merge(ft.raw(0, 0));
        while (c.next()) {
            if (n == FLAT_MAX) return NOT_FLAT;
            if (n == offs.length) { offs = java.util.Arrays.copyOf(offs, 2 * n); lens = java.util.Arrays.copyOf(lens, 2 * n); }
            offs[n] = c.offset();
            lens[n++] = c.length();
        }
        long extent = ft.extent();
        if (n == 0 || offs[n - 1] + lens[n - 1] >= offs[0] + extent) return NOT_FLAT;
        boolean uniform = n > 1;
        long step = n > 1 ? offs[1] - offs[0] : 0;
        for (int i = 1; i < n && uniform; i++) uniform = lens[i] == lens[0] && offs[i] - offs[i - 1] == step;
        if (uniform && step * n == extent) return new Flat(new long[] {offs[0]}, new long[] {lens[0]}, new long[] {0}, lens[0], step);
        offs = java.util.Arrays.copyOf(offs, n);
        lens = java.util.Arrays.copyOf(lens, n);
        long[] before = new long[n];
        for (int i = 1; i < n; i++) before[i] = before[i - 1] + lens[i - 1];
        return new Flat(offs, lens, before, ft.size(), extent);
    }

    /** MPI_File_get_byte_offset: the absolute file offset of the etype at view offset {@code offset}. */
    public long byteOffset(long offset) {
        checkOffsetCount(offset, 0);
        return fileOffsetOf(offset * etype.size());
    }

    /** Absolute file offset of view byte {@code viewByte}. */
    public long fileOffsetOf(long viewByte) {
        checkBytes(viewByte, 1);
        if (filetype.isContiguous()) return displacement + filetype.lb() + viewByte;
        long size = ft.size();
        return displacement + (viewByte / size) * ft.extent() + withinTile(viewByte % size);
    }

    /**
     * The inverse map: how many view bytes lie at file offsets below {@code fileOffset}; equivalently the
     * view byte of the first visible byte at or after it. Data sieving uses it to find where a file window
     * starts in the user's buffer.
     */
    public long viewBytesBefore(long fileOffset) {
        long rel = fileOffset - displacement;
        if (ft.size() == 0) return 0;
        if (filetype.isContiguous()) return Math.max(0, rel - filetype.lb());
        long tLb = ft.trueLb(), extent = ft.extent();
        if (rel <= tLb) return 0;
        long tile = (rel - tLb) / extent;
        long y = rel - tile * extent;                       // in [tLb, tLb + extent)
        return tile * ft.size() + bytesBelow(y);
    }

    /**
     * First and one-past-last file byte touched by {@code count} etypes from {@code offset}
     * (ADIOI_Calc_bounds), as a run from the first byte; null when count is 0.
     */
    public Run accessRange(long offset, long count) {
        checkOffsetCount(offset, count);
        if (count == 0) return null;
        long from = offset * etype.size(), to = from + count * etype.size();
        long start = fileOffsetOf(from), end = fileOffsetOf(to - 1) + 1;
        return new Run(start, end - start);
    }

    /**
     * The pieces of the access of view bytes [from, from + bytes) that fall in the file window
     * [fileLo, fileHi), with their offsets in a contiguous user buffer holding the access (0 = view byte
     * {@code from}). Costs a binary search to find the window's start, then one step per piece.
     */
    public PieceCursor pieces(long from, long bytes, long fileLo, long fileHi) {
        checkBytes(from, bytes);
        long start = Math.max(from, viewBytesBefore(fileLo));
        long end = from + bytes;
        RunCursor runs = start >= end || fileLo >= fileHi ? Cursors.empty() : runsOfBytes(start, end - start);
        return new PieceCursor() {
            long mem = start - from, pMem, pOff, pLen;
            boolean done;
            @Override public boolean next() {
                if (done || !runs.next() || runs.offset() >= fileHi) { done = true; return false; }
                pOff = runs.offset();
                pLen = Math.min(runs.length(), fileHi - pOff);
                pMem = mem;
                mem += runs.length();
                return true;
            }
            @Override public long fileOffset() { return pOff; }
            @Override public long length() { return pLen; }
            @Override public long memoryOffset() { return pMem; }
        };
    }

    /** File offset, relative to a tile's start, of data byte {@code k} (k < size) of the filetype. */
    private long withinTile(long k) {
        RunCursor c = ft.raw(0, k);
        while (c.next()) if (c.length() > 0) return c.offset();
        throw new IllegalStateException("filetype has no data byte " + k + ": " + filetype);
    }

    /** Data bytes of one filetype copy at offsets below y: binary search on the monotone byte positions. */
    private long bytesBelow(long y) {
        if (y >= ft.trueLb() + ft.trueExtent()) return ft.size();
        long lo = 0, hi = ft.size();                         // smallest k with position(k) >= y
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (withinTile(mid) >= y) hi = mid; else lo = mid + 1;
        }
        return lo;
    }

    private void checkOffsetCount(long offset, long count) {
        long es = etype.size();
        if (offset < 0 || count < 0 || offset > Long.MAX_VALUE / es - count)
            throw new IllegalArgumentException("view access: offset=" + offset + " count=" + count + " must be >= 0 and fit 64-bit bytes");
    }

    private void checkBytes(long from, long bytes) {
        if (from < 0 || bytes < 0 || from > Long.MAX_VALUE - bytes)
            throw new IllegalArgumentException("view access: from=" + from + " length=" + bytes + " must be >= 0");
        if (bytes > 0 && ft.size() == 0)
            throw new IllegalArgumentException("view access: the filetype holds no data, so no byte is visible: length=" + bytes + " filetype=" + filetype);
        if (bytes > 0 && !filetype.isContiguous()) {
            long lastTile = (from + bytes - 1) / ft.size();
            try {
                Math.addExact(displacement, Math.addExact(Math.multiplyExact(lastTile, ft.extent()), ft.trueLb() + ft.trueExtent()));
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("view access beyond 2^63 file bytes: from=" + from + " length=" + bytes + " extent=" + ft.extent());
            }
        }
    }

    @Override public boolean equals(Object o) {
        return o instanceof FileView v && v.displacement == displacement && v.etype == etype && v.filetype.equals(filetype) && v.representation == representation;
    }

    @Override public int hashCode() { return Objects.hash(displacement, etype, filetype, representation); }

    @Override public String toString() {
        return "view(disp=" + displacement + ", etype=" + etype + ", filetype=" + filetype + ", datarep=" + representation.datarep() + ")";
    }
}
