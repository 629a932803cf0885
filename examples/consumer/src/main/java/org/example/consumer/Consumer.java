package org.example.consumer;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.comm.Spmd;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.engine.NativeLibrary;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;

/**
 * A collective write and read of one shared file, on 4 threads of this JVM or, under mpirun, on the MPI
 * processes: rank r owns blocks r, r+P, r+2P, ... of 1024 ints (interleaved, so the ranks' data meet in
 * every part of the file and two-phase I/O has work to do). Rank 0 then says what ran: Java, the engine,
 * the native library and, under MPI, the MPI and jpio's bridge to it.
 */
public class Consumer {
    static final int BLOCK = 1024, BLOCKS = 256;

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "consumer.bin").toAbsolutePath();
        Spmd.run(4, comm -> {
            int p = comm.size(), me = comm.rank();
            int[] mine = new int[BLOCK * BLOCKS];
            for (int b = 0; b < BLOCKS; b++)
                for (int i = 0; i < BLOCK; i++) mine[b * BLOCK + i] = ((b * p + me) * BLOCK + i) ^ 0x5a5a;
            Datatype block = Datatype.resized(0, (long) BLOCK * 4 * p, Datatype.contiguous(BLOCK, Datatype.of(ElementType.INT)));
            FileView view = new FileView((long) BLOCK * 4 * me, ElementType.INT, block, DataRep.NATIVE);
            Map<String, String> hints;
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.defaults())) {
                f.setView(view);
                f.writeAtAll(0, Elements.of(mine));
                int[] back = new int[mine.length];
                f.readAtAll(0, Elements.of(back));
                if (!java.util.Arrays.equals(mine, back)) throw new AssertionError("rank " + me + " read back other values");
                hints = f.hints();
            }
            comm.barrier(); // every rank verified its read (a mismatch fails that rank, and with it the run)
            if (me == 0) report(comm, hints);
        });
    }

    static void report(Comm comm, Map<String, String> hints) {
        System.out.println("consumer: java=" + Runtime.version() + " comm=" + comm.getClass().getSimpleName() + " ranks=" + comm.size());
        System.out.println("consumer: engine=" + hints.get("jpio_engine") + " (" + hints.getOrDefault("jpio_engine_choice", "named") + ")");
        System.out.println("consumer: driver=" + hints.get("jpio_backend") + " write=" + hints.get("jpio_cb_write_choice"));
        System.out.println("consumer: native " + (NativeLibrary.info().isEmpty() ? "libraries: none loaded" : NativeLibrary.info().replace("\n", "\nconsumer: native ")));
        if (comm instanceof MpiComm) System.out.println("consumer: " + MpiComm.bridge());
        System.out.println("consumer: ok: " + comm.size() + " ranks wrote and read back " + (4L * BLOCK * BLOCKS * comm.size() >> 20) + " MiB collectively");
    }
}
