package org.jpio.examples.sort;

/**
 * The shape of one external sort, the same for every variant so their I/O is comparable.
 *
 * @param runLongs   longs per sorted run: a quarter of the memory (Appendix A needs three run buffers,
 *                   and the radix sort one scratch array of a run's size)
 * @param fanIn      runs merged at once per merge pass
 * @param blockLongs longs per merge buffer: the memory shared by 2 buffers per input and 2 for output
 */
public record SortPlan(int runLongs, int fanIn, int blockLongs) {
    /** Merge buffers are at least this big, so fan-in is capped rather than blocks made tiny. */
    static final int MIN_BLOCK_BYTES = 1 << 20;
    /** Run-sized arrays of pass 1: Appendix A's three buffers plus the radix sort's scratch. */
    static final int RUN_BUFFERS = 4;

    public SortPlan {
        if (runLongs < 1 || fanIn < 2 || blockLongs < 1)
            throw new IllegalArgumentException("runLongs=" + runLongs + " fanIn=" + fanIn + " blockLongs=" + blockLongs);
    }

    /** The plan for {@code memoryBytes} of buffers and an input of {@code inputLongs}. */
    public static SortPlan forMemory(long memoryBytes, long inputLongs) {
        if (memoryBytes < RUN_BUFFERS * 8 * 16)
            throw new IllegalArgumentException("memory=" + memoryBytes + " is too small (>= " + RUN_BUFFERS * 8 * 16 + " bytes)");
        int runLongs = (int) Math.min(Integer.MAX_VALUE - 8, memoryBytes / RUN_BUFFERS / 8);
        long runs = Math.max(1, (inputLongs + runLongs - 1) / runLongs);
        long maxFanIn = Math.max(2, memoryBytes / (2L * Math.min(MIN_BLOCK_BYTES, memoryBytes / 8)) - 1);
        int fanIn = (int) Math.max(2, Math.min(runs, maxFanIn));
        int blockLongs = (int) Math.max(1, Math.min(Integer.MAX_VALUE - 8, memoryBytes / 8 / (2L * (fanIn + 1))));
        return new SortPlan(runLongs, fanIn, blockLongs);
    }
}
