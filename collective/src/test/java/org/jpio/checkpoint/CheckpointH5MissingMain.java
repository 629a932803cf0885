package org.jpio.checkpoint;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.local.LocalComm;
import org.jpio.format.ArrayFormats;
import org.jpio.io.ElementType;

/**
 * Run by {@link CheckpointH5UnavailableTest} in a JVM with or without the HDF5 bindings: asks for h5
 * checkpoints into {@code args[0]} and prints what happens (refused before the directory exists, or
 * committed), then restarts and verifies the h5 checkpoint of the store {@code args[1]}.
 */
public final class CheckpointH5MissingMain {
    private CheckpointH5MissingMain() { }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]), fixture = Path.of(args[1]);
        System.out.println("registry: h5 listed=" + ArrayFormats.all().contains(ArrayFormats.H5) + " unavailable=" + ArrayFormats.H5.unavailableReason().orElse("no"));
        try {
            CheckpointOptions o = CheckpointOptions.defaults().format(ArrayFormats.H5);
            LocalComm.run(2, comm -> {
                DistributedArray a = DistributedArray.create(comm, ElementType.INT, 4, 3);
                Fill.fill(a);
                try (CheckpointStore s = CheckpointStore.open(comm, dir, o)) {
                    s.begin(1).put("a", a).commit();
                }
            });
            System.out.println("h5 committed: " + Catalog.of(dir).latestValid().orElseThrow().manifest().array("a").file());
        } catch (IllegalArgumentException e) {
            System.out.println("h5 refused: " + e.getMessage());
        }
        System.out.println("directory made: " + Files.exists(dir));
        CheckpointInfo c = Catalog.of(fixture).latestValid().orElseThrow();
        System.out.println("fixture verified: " + Catalog.of(fixture).verify(c) + " bytes");
        ManifestFixtureTest.restartOnThreeRanks(fixture);
        System.out.println("fixture restarted on 3 ranks");
    }
}
