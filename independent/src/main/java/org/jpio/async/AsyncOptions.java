package org.jpio.async;

/**
 * How an {@link AsyncFile} is opened, as an immutable value with withers.
 *
 * @param engine       "auto" (io_uring where the kernel allows it, else portable), "uring" or "portable";
 *                     naming an engine that cannot run here is an error that says why
 * @param direct       open with {@code O_DIRECT}: positions, lengths and buffers must be multiples of
 *                     {@link #DIRECT_ALIGNMENT} (checked at initiation)
 * @param queueDepth   io_uring submission entries per file (pieces in flight at once)
 * @param threads      worker threads of the portable engine per file
 * @param pieceBytes   requests are split into pieces of at most this many bytes, so a large request is
 *                     served by several workers or queue entries at once and staging buffers stay bounded
 * @param checkOverlap debug: initiating a request whose file range overlaps an in-flight request, one of
 *                     them a write, throws instead of leaving the bytes undefined ({@code -Djpio.async.checkOverlap=true})
 */
public record AsyncOptions(String engine, boolean direct, int queueDepth, int threads, int pieceBytes, boolean checkOverlap) {
    public static final int DIRECT_ALIGNMENT = 4096;

    public AsyncOptions {
        if (engine == null || engine.isBlank()) throw new IllegalArgumentException("engine is empty (use auto, uring or portable)");
        if (queueDepth < 2 || queueDepth > 4096) throw new IllegalArgumentException("queueDepth=" + queueDepth + " must be in [2, 4096]");
        if (threads < 1 || threads > 256) throw new IllegalArgumentException("threads=" + threads + " must be in [1, 256]");
        if (pieceBytes < DIRECT_ALIGNMENT || pieceBytes % DIRECT_ALIGNMENT != 0)
            throw new IllegalArgumentException("pieceBytes=" + pieceBytes + " must be a positive multiple of " + DIRECT_ALIGNMENT);
    }

    public static AsyncOptions defaults() {
        return new AsyncOptions(System.getProperty("jpio.async.engine", "auto"), false, 64, 4, 4 << 20,
                Boolean.getBoolean("jpio.async.checkOverlap"));
    }

    public AsyncOptions withEngine(String e) { return new AsyncOptions(e, direct, queueDepth, threads, pieceBytes, checkOverlap); }

    public AsyncOptions withDirect(boolean d) { return new AsyncOptions(engine, d, queueDepth, threads, pieceBytes, checkOverlap); }

    public AsyncOptions withQueueDepth(int q) { return new AsyncOptions(engine, direct, q, threads, pieceBytes, checkOverlap); }

    public AsyncOptions withThreads(int t) { return new AsyncOptions(engine, direct, queueDepth, t, pieceBytes, checkOverlap); }

    public AsyncOptions withPieceBytes(int p) { return new AsyncOptions(engine, direct, queueDepth, threads, p, checkOverlap); }

    public AsyncOptions withCheckOverlap(boolean c) { return new AsyncOptions(engine, direct, queueDepth, threads, pieceBytes, c); }
}
