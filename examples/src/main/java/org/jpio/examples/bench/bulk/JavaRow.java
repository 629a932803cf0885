package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jpio.examples.bench.JavaLauncher;
import org.jpio.examples.bench.ProcessTeam;
import org.jpio.examples.bench.RankWorker;
import org.jpio.examples.bench.Team;
import org.jpio.examples.bench.ThreadTeam;

/** A row whose ranks run an {@link Approach} in Java: threads of this JVM, or one new JVM per rank ({@link BulkRankMain}). */
record JavaRow(String name, String description, boolean perElement, Optional<String> unavailableReason,
               Supplier<Approach> approach) implements Row {

    JavaRow(String name, String description, boolean perElement, Supplier<Approach> approach) {
        this(name, description, perElement, Optional.empty(), approach);
    }

    @Override
    public Team team(Mode mode, int ranks, Path file, long bytes) throws IOException {
        if (mode == Mode.THREADS) {
            List<RankWorker> workers = new ArrayList<>();
            for (int r = 0; r < ranks; r++) workers.add(new BulkRank(approach.get(), file, bytes, ranks, r));
            return new ThreadTeam(workers);
        }
        List<List<String>> commands = new ArrayList<>();
        for (int r = 0; r < ranks; r++)
            commands.add(JavaLauncher.command(BulkRankMain.class,
                    List.of(name, file.toString(), Long.toString(bytes), Integer.toString(ranks), Integer.toString(r))));
        return new ProcessTeam(commands);
    }
}
