package org.jpio.layout;

/**
 * One number of a layout and where it came from ({@code "XFS_IOC_FSGEOMETRY sunit=128 blocks of 512 B"}),
 * or unknown, with the reason it could not be read. An unknown number is never replaced by a guess.
 */
public record Fact(boolean known, long value, String source) {
    public Fact {
        if (source == null || source.isBlank()) throw new IllegalArgumentException("a layout fact needs its source or reason");
        if (known && value < 0) throw new IllegalArgumentException("layout fact " + source + ": value=" + value + " must be >= 0");
        source = source.replace('\t', ' ').replace('\n', ' ');
    }

    public static Fact known(long value, String source) { return new Fact(true, value, source); }

    public static Fact unknown(String why) { return new Fact(false, 0, why); }

    @Override public String toString() { return known ? value + " (" + source + ")" : "unknown (" + source + ")"; }
}
