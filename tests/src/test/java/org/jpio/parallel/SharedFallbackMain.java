package org.jpio.parallel;

import java.nio.file.Path;
import java.util.EnumSet;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;

/**
 * Under mpirun: a two-phase write whose shared-memory window would not fit the shared-memory file system
 * falls back to messages, says why in hints(), and writes the file. Prints "exchange rank=R: ..." and
 * "fallback ok rank=R".
 */
public final class SharedFallbackMain {
    private SharedFallbackMain() { }

    public static void main(String[] args) throws Exception {
        Comm comm = Comm.world();
        Path file = Path.of(args[0]);
        int n = 1 << 16;
        int[] mine = new int[n];
        java.util.Arrays.fill(mine, comm.rank() + 1);
        String exchange;
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                Hints.of(Hints.ROMIO_CB_WRITE, "enable", Hints.ROMIO_CB_READ, "enable"))) {
            f.setView(ParallelFileContract.interleaved(comm));
            f.writeAll(Elements.of(mine));
            exchange = f.hints().get("jpio_cb_exchange");
            int[] back = new int[n];
            f.seek(0);
            f.readAll(Elements.of(back));
            if (!java.util.Arrays.equals(mine, back)) throw new AssertionError("rank " + comm.rank() + " read back something else");
        }
        System.out.println("exchange rank=" + comm.rank() + ": " + exchange);
        System.out.println("fallback ok rank=" + comm.rank());
    }
}
