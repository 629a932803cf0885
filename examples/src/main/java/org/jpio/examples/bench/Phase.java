package org.jpio.examples.bench;

/** One timed phase of a team: wall seconds from releasing the ranks to the last one finishing, and wrong elements. */
public record Phase(double seconds, long errors) {
    public double mibPerSecond(long bytes) { return bytes / 1048576.0 / seconds; }
}
