package org.jpio.examples.bench.bulk;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jpio.engine.Engines;
import org.jpio.engine.IoEngine;

/**
 * The rows of {@code bench bulk}, in the paper's order (slowest first), then jpio's bulk tier: one ArrayFile
 * row per registered engine, available or not (an unavailable engine shows its reason instead of figures).
 */
final class Rows {
    private Rows() { }

    static List<Row> all() {
        List<Row> rows = new ArrayList<>();
        rows.add(CRow.located(false));
        rows.add(CRow.located(true));
        rows.addAll(java());
        return rows;
    }

    static List<JavaRow> java() {
        List<JavaRow> rows = new ArrayList<>(List.of(
                new JavaRow("raf-int", "RandomAccessFile.writeInt/readInt per element, unbuffered", true, UnbufferedPerElement::new),
                new JavaRow("data-streams", "Data*Stream over Buffered*Stream (64 KiB) over File*Stream(getFD)", false, BufferedDataStreams::new),
                new JavaRow("bytearray-streams", "DataOutputStream into ByteArrayOutputStream, one write (and back)", false, ByteArrayStreams::new),
                new JavaRow("encode-decode", "shift loop int[] <-> byte[], one RandomAccessFile write/read", false, EncodeDecode::new),
                new JavaRow("raw-bytes", "byte[] already encoded, one RandomAccessFile write/read (no conversion)", false, RawBytes::new),
                new JavaRow("bulk-raf", "jpio BulkRandomAccessFile.writeArray/readArray (big-endian)", false, BulkRaf::new)));
        for (IoEngine e : Engines.all()) {
            String engine = e.name();
            rows.add(new JavaRow("arrayfile-" + engine, "jpio ArrayFile.writeArray/readArray, engine=" + engine + ", native order",
                    false, e.unavailableReason(), () -> new ArrayFileApproach(engine)));
        }
        return rows;
    }

    /** The Java row called {@code name}, for a rank process; IllegalArgumentException naming the known rows. */
    static JavaRow java(String name) {
        List<String> known = new ArrayList<>();
        for (JavaRow r : java()) {
            if (r.name().equals(name)) {
                Optional<String> why = r.unavailableReason();
                if (why.isPresent()) throw new IllegalArgumentException("row=" + name + " is unavailable: " + why.get());
                return r;
            }
            known.add(r.name());
        }
        throw new IllegalArgumentException("unknown row=" + name + " (known: " + String.join(", ", known) + ")");
    }
}
