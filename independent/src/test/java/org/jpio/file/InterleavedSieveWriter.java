package org.jpio.file;

import static java.nio.file.StandardOpenOption.*;

import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * A writer of every other int slot of a shared file with data sieving on, so that two writers with
 * opposite parity read-modify-write the same windows. Run as a separate process by
 * {@link ConcurrentSieveTest}; args: path parity slots rounds.
 */
public final class InterleavedSieveWriter {
    public static void main(String[] args) throws Exception {
        write(Paths.get(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]));
    }

    static void write(Path path, int parity, int slots, int rounds) throws Exception {
        ArrayFileOptions opts = ArrayFileOptions.defaults().withSieving(true, true).withSieveBuffers(4096, 4096);
        int n = slots / 2;
        long[] offs = new long[n];
        long[] lens = new long[n];
        int[] vals = new int[n];
        for (int k = 0; k < n; k++) {
            offs[k] = (2L * k + parity) * 4;
            lens[k] = 4;
        }
        try (ArrayFile f = ArrayFile.open(path, opts, CREATE, READ, WRITE)) {
            for (int r = 1; r <= rounds; r++) {
                for (int k = 0; k < n; k++) vals[k] = value(parity, k, r);
                f.writePieces(offs, lens, vals, 0, n);
            }
        }
    }

    static int value(int parity, int k, int round) {
        return (parity + 1) * 1_000_000 + k * 10 + round % 10;
    }
}
