package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jpio.examples.bench.ProcessTeam;
import org.jpio.examples.bench.Team;

/**
 * The baseline: native/target/bin/bulk_baseline in worker mode, one process per rank (also when the Java
 * rows run as threads: one C process per rank is how C codes do it), driven by the same protocol and
 * timed by the same clock as the Java ranks. Its block is malloc'd, as a C program's is. The second C row,
 * {@code c-aligned}, puts the block on a page boundary instead: it shows what C reads at when it avoids the
 * 4K-aliasing trap that malloc'd (and Java) memory falls into (see bulk_baseline.c).
 */
record CRow(Path binary, boolean aligned) implements Row {
    static final String NAME = "c";
    static final String ALIGNED = "c-aligned";

    @Override public String name() { return aligned ? ALIGNED : NAME; }

    @Override public String description() {
        return aligned ? "the C program with a page-aligned block (posix_memalign): C clear of 4K aliasing"
                : "C pwrite/pread of the block (malloc'd), one process per rank (baseline)";
    }

    @Override
    public Optional<String> unavailableReason() {
        return Files.isExecutable(binary) ? Optional.empty()
                : Optional.of(binary + " not found or not executable (build native/ with make -C native)");
    }

    @Override
    public Team team(Mode mode, int ranks, Path file, long bytes) throws IOException {
        List<List<String>> commands = new ArrayList<>();
        for (int r = 0; r < ranks; r++)
        {
            List<String> cmd = new ArrayList<>(List.of(binary.toString(), "worker", file.toString(), Long.toString(bytes), Integer.toString(ranks), Integer.toString(r)));
            if (aligned) cmd.add("aligned");
            commands.add(cmd);
        }
        return new ProcessTeam(commands);
    }

    /** Where bin/jpio's build leaves the program: {@code $jpio.home/native/target/bin/bulk_baseline}. */
    static CRow located(boolean aligned) {
        String home = System.getProperty("jpio.home");
        return new CRow(Path.of(home == null ? "." : home, "native", "target", "bin", "bulk_baseline"), aligned);
    }
}
