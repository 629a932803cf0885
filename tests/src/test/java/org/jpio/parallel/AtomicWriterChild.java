package org.jpio.parallel;

import java.nio.file.Path;
import java.util.EnumSet;
import org.jpio.comm.local.SelfComm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;

/**
 * A writer in another process for {@link AtomicModeReadersTest}: {@code ENGINE FILE INTS ROUNDS} writes
 * INTS ints, all equal to the round, ROUNDS times through a ParallelFile in atomic mode, then prints DONE.
 */
public final class AtomicWriterChild {
    private AtomicWriterChild() { }

    public static void main(String[] args) throws Exception {
        int ints = Integer.parseInt(args[2]), rounds = Integer.parseInt(args[3]);
        try (ParallelFile f = ParallelFile.open(SelfComm.create(), Path.of(args[1]), EnumSet.of(Amode.RDWR), Hints.of(Hints.JPIO_ENGINE, args[0]))) {
            f.setAtomicity(true);
            f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
            int[] v = new int[ints];
            for (int round = 1; round <= rounds; round++) {
                java.util.Arrays.fill(v, round);
                f.writeAt(0, Elements.of(v));
            }
        }
        System.out.println("DONE");
    }
}
