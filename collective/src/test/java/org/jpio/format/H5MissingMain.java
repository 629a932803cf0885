package org.jpio.format;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jpio.array.DistributedArray;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;

/**
 * Run by {@link H5UnavailableTest} in a JVM whose class path or library path lacks part of the HDF5
 * bindings: lists the registry with each entry's reason, uses RAW and NPY, then tries h5 and prints what it says.
 */
public final class H5MissingMain {
    private H5MissingMain() { }

    public static void main(String[] args) throws Exception {
        for (ArrayFormat f : ArrayFormats.all()) System.out.println("format " + f.name() + " unavailable=" + f.unavailableReason().orElse("no"));
        Path dir = Path.of(args[0]);
        LocalComm.run(2, comm -> {
            for (String name : new String[] {"a.raw", "a.npy"}) {
                DistributedArray a = DistributedArray.create(comm, ElementType.INT, 4, 3);
                a.write(dir.resolve(name));
                a.read(dir.resolve(name));
            }
        });
        System.out.println("raw and npy ok: " + Files.size(dir.resolve("a.raw")) + " " + Files.size(dir.resolve("a.npy")));
        try {
            ArrayFormats.of(dir.resolve("x.h5"));
            System.out.println("h5 selected");
        } catch (IllegalStateException e) {
            System.out.println("by ending: " + e.getMessage());
        }
        try {
            LocalComm.run(2, comm -> DistributedArray.create(comm, ElementType.INT, 4).write(ArrayPath.of(dir.resolve("y.h5")), ArrayFormats.H5,
                    org.jpio.parallel.Hints.defaults(), org.jpio.array.WriteMode.REPLACE, Attributes.empty()));
            System.out.println("h5 written");
        } catch (RuntimeException e) {
            System.out.println("write: " + e.getMessage());
        }
        System.out.println("left behind: " + Files.exists(dir.resolve("y.h5")));
    }
}
