package org.jpio.examples.bench.bulk;

import java.nio.file.Path;
import org.jpio.examples.bench.LineProtocol;

/**
 * A rank of {@code bench bulk} as its own JVM, started by the benchmark:
 * {@code BulkRankMain ROW FILE BYTES P RANK}, then driven over stdin/stdout by {@link LineProtocol}.
 */
public final class BulkRankMain {
    private BulkRankMain() { }

    public static void main(String[] args) {
        if (args.length != 5) {
            System.err.println("usage: BulkRankMain ROW FILE BYTES P RANK");
            System.exit(2);
        }
        JavaRow row = Rows.java(args[0]);
        BulkRank rank = new BulkRank(row.approach().get(), Path.of(args[1]), Long.parseLong(args[2]),
                Integer.parseInt(args[3]), Integer.parseInt(args[4]));
        System.exit(LineProtocol.serve(rank));
    }
}
