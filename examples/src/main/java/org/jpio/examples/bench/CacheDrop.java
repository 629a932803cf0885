package org.jpio.examples.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Empties the page cache of one file before a read phase: {@code bulk_baseline drop FILE} (fdatasync, then
 * posix_fadvise DONTNEED, then mincore counts what is still resident). Keeps the largest fraction of pages
 * that stayed resident, so the report can say how cold the "cold" reads really were.
 */
public final class CacheDrop {
    private static final Pattern FIELDS = Pattern.compile("\"pages\":(\\d+),\"resident_before\":(\\d+),\"resident_after\":(\\d+)");
    private final Path binary;
    private double worstResident;

    public CacheDrop(Path binary) {
        this.binary = binary;
    }

    /** Drops {@code file} from the page cache; returns the fraction of its pages still resident afterwards. */
    public double drop(Path file) throws IOException {
        String out;
        try {
            out = Processes.run(java.util.List.of(binary.toString(), "drop", file.toString()), 3600);
        } catch (IOException e) {
            throw new IOException("cache drop failed: path=" + file + ": " + e.getMessage(), e);
        }
        Matcher m = FIELDS.matcher(out);
        if (!m.find()) throw new IOException("cache drop printed no page counts: path=" + file + ": " + out);
        long pages = Long.parseLong(m.group(1)), after = Long.parseLong(m.group(3));
        double resident = pages > 0 ? (double) after / pages : 0;
        worstResident = Math.max(worstResident, resident);
        return resident;
    }

    /** The largest fraction of a file's pages still cached after a drop, over all drops so far. */
    public double worstResident() { return worstResident; }
}
