package org.jpio.examples.calls;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jpio.examples.bench.MpiChild;
import org.jpio.examples.bench.NativePrograms;

/**
 * The C peer of {@code bench calls}: {@code native/target/bin/mpi_calls} under
 * {@link MpiChild#mpirun} (the options jpio's MPI children get, Open MPI's ROMIO for MPI-IO), default hints
 * unless hints are given. Its rows are JSON lines in the format {@link CallsBench} prints.
 */
public final class CallsPeer {
    /** The program under native/target/bin. */
    public static final String PROGRAM = "mpi_calls";

    private CallsPeer() { }

    /** Why the peer cannot run here, or null. */
    public static String unavailable() { return NativePrograms.unavailable(PROGRAM); }

    /** One run of every size and op on {@code np} processes: the rows, checked to be one per (op, size) with nothing read back wrong. */
    static List<String> calls(int np, CallsBench.Setup s, Path file, Map<String, String> hints) throws IOException {
        List<String> cmd = MpiChild.mpirun(np);
        cmd.addAll(List.of(NativePrograms.program(PROGRAM).toString(), file.toString()));
        cmd.addAll(s.peerArgs());
        hints.forEach((k, v) -> { if (!k.startsWith("jpio_")) cmd.add(k + "=" + v); });
        List<String> rows = MpiChild.rows(cmd);
        if (rows.size() != s.sizes().length * CallsBench.OPS.size())
            throw new IOException("peer printed " + rows.size() + " rows, expected " + s.sizes().length * CallsBench.OPS.size() + ": command=" + String.join(" ", cmd));
        for (String r : rows)
            if (MpiChild.number(r, "errors") != 0) throw new IOException("peer read back wrong elements: " + r + " command=" + String.join(" ", cmd));
        return rows;
    }
}
