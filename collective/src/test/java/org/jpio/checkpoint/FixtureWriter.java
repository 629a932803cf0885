package org.jpio.checkpoint;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jpio.array.Dist;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;

/**
 * How the fixture checkpoints (src/test/resources/org/jpio/checkpoint/v1 and v2, FIXTURES.md) were made:
 * {@code FixtureWriter DIR [h5]} writes step 40, restarts from it and commits step 42 on 2 ranks (in .npy
 * files, version 1; with {@code h5} in one checkpoint.h5, version 2), then rewrites 42's manifest with a
 * fixed time and host so that the fixture does not depend on when or where it was made. Run once; the
 * fixtures are checked in and read by {@link ManifestFixtureTest} and {@link ManifestV2FixtureTest}.
 */
public final class FixtureWriter {
    private FixtureWriter() { }

    static DistributedArray[] arrays(org.jpio.comm.Comm comm) {
        return new DistributedArray[] {
            DistributedArray.builder(comm, ElementType.DOUBLE, 3, 4, 5).ghost(1).create(),
            DistributedArray.builder(comm, ElementType.BYTE, 7).distribution(Dist.CYCLIC).create(),
            DistributedArray.create(comm, ElementType.CHAR, 2, 3)};
    }

    static final String[] NAMES = {"field", "mask", "ids"};

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        LocalComm.run(2, comm -> {
            DistributedArray[] a = arrays(comm);
            for (DistributedArray x : a) Fill.fill(x);
            CheckpointOptions o = CheckpointOptions.defaults().blockBytes(256);
            if (args.length > 1 && args[1].equals("h5")) o = o.format(org.jpio.format.ArrayFormats.H5);
            try (CheckpointStore store = CheckpointStore.open(comm, dir, o)) {
                store.begin(40).put("field", a[0]).commit();
                store.restart(40);
                Checkpoint c = store.begin(42);
                for (int i = 0; i < a.length; i++) c.put(NAMES[i], a[i]);
                c.attribute("time", 4.25).attribute("note", "fixture \"v1\"\n").attribute("count", -3L).attribute("flag", true)
                        .attribute("nan", Double.longBitsToDouble(0x7ff80000000000abL)).commit();
            }
        });
        Path m = dir.resolve(Catalog.committedName(42)).resolve(Manifest.FILE);
        Manifest got = Manifest.parse(Files.readString(m), m.toString());
        Manifest fixed = new Manifest(got.version(), got.step(), got.restartedFrom(), "2025-01-01T00:00:00Z",
                new Manifest.Writer(2, "LocalComm", "fixture-host", got.writer().jpio()), got.attributes(), got.arrays(), got.files());
        Files.delete(m);
        Files.write(m, fixed.toJson().getBytes(StandardCharsets.UTF_8));
    }
}
