package org.jpio.testbed;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.engine.Engines;
import org.jpio.engine.RecordingEngine;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.Distribution;
import org.jpio.view.FileView;
import org.jpio.view.Order;
import org.jpio.view.RunCursor;

/**
 * A rank on the simulated cluster: {@code ClusterMain FILE [key=value ...]} writes a 2-D block darray of
 * ints collectively (X x 1024, X from the hint-free argument {@code rows=X}, default 256) through a
 * recording engine, reads it back and checks it, then prints what the ranks need to be checked on:
 * {@code host rank=R host=H}, each write {@code write rank=R host=H position=P length=L}, and on rank 0
 * {@code hints key=value} for the hints in effect.
 */
public final class ClusterMain {
    private ClusterMain() { }

    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        Path file = Path.of(args[0]);
        Hints hints = Hints.defaults();
        int rows = 256;
        for (int i = 1; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            if (kv[0].equals("rows")) rows = Integer.parseInt(kv[1]);
            else hints = hints.with(kv[0], kv[1]);
        }
        int[] gsizes = {rows, 1024};
        int[] psizes = org.jpio.view.Dims.create(world.size(), new int[] {0, 0});
        Datatype ft = Datatype.darray(world.size(), world.rank(), gsizes, new Distribution[] {Distribution.BLOCK, Distribution.BLOCK},
                new int[] {-1, -1}, psizes, Order.C, Datatype.of(ElementType.INT));
        FileView v = new FileView(0, ElementType.INT, ft, DataRep.NATIVE);
        int n = (int) (ft.size() / 4);
        int[] mine = new int[n];
        RunCursor runs = v.runs(0, n);
        int k = 0;
        while (runs.next()) for (long off = runs.offset(); off < runs.offset() + runs.length(); off += 4) mine[k++] = (int) (off / 4) * 7 + 1;
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        String host = world.hostName();
        Map<String, String> h;
        try (ParallelFile pf = ParallelFile.open(world, file, EnumSet.of(Amode.CREATE, Amode.RDWR), hints, rec)) {
            pf.setView(v);
            pf.writeAll(Elements.of(mine));
            for (RecordingEngine.Call c : rec.calls()) if (c.isWrite()) System.out.println("write rank=" + world.rank() + " host=" + host + " position=" + c.position() + " length=" + c.length());
            pf.sync();
            int[] back = new int[n];
            pf.seek(0);
            pf.readAll(Elements.of(back));
            for (int i = 0; i < n; i++)
                if (back[i] != mine[i]) throw new AssertionError("rank " + world.rank() + " on " + host + ": element " + i + " read back " + back[i] + ", wrote " + mine[i]);
            h = pf.hints();
        }
        System.out.println("host rank=" + world.rank() + " host=" + host);
        if (world.rank() == 0) h.forEach((key, val) -> System.out.println("hints " + key + "=" + val));
        System.out.println("cluster ok rank=" + world.rank());
    }
}
