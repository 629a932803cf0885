package org.jpio.parallel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.driver.FileDriver;
import org.jpio.driver.IndependentDriver;
import org.jpio.romio.RomioBackend;
import org.jpio.romio.RomioDriver;
import org.jpio.twophase.TwoPhaseDriver;

/**
 * The registry of file drivers, keyed by the {@code jpio_backend} hint. Every driver stays listed whether
 * or not it can run here, with the reason when it cannot (the ROMIO driver needs MPI processes and the MPI
 * bridge): asking for it then fails with that reason on every rank, never quietly running another one.
 */
public final class Drivers {
    /** A driver by name: how it opens a file, and why it cannot run on a communicator (empty when it can). */
    public record Entry(String name, FileDriver.Factory factory, Function<Comm, Optional<String>> unavailable) { }

    private static final List<Entry> ALL = List.of(
            new Entry(TwoPhaseDriver.NAME, TwoPhaseDriver::open, c -> Optional.empty()),
            new Entry(IndependentDriver.NAME, IndependentDriver::open, c -> Optional.empty()),
            new Entry(RomioBackend.NAME, RomioDriver::open, Drivers::romioProblem));

    private Drivers() { }

    public static List<Entry> all() { return ALL; }

    public static List<String> names() {
        List<String> n = new ArrayList<>();
        for (Entry e : ALL) n.add(e.name());
        return n;
    }

    /** The driver called {@code name}; IllegalArgumentException naming the known ones otherwise. */
    public static Entry get(String name) {
        for (Entry e : ALL) if (e.name().equals(name)) return e;
        throw new IllegalArgumentException("unknown jpio_backend=" + name + " (known: " + String.join(", ", names()) + ")");
    }

    /** ROMIO runs MPI-IO across MPI processes: it needs an MpiComm and the bridge with MPI initialised. */
    private static Optional<String> romioProblem(Comm comm) {
        if (!(comm instanceof MpiComm))
            return Optional.of("communicator is " + comm.getClass().getSimpleName() + ", not MpiComm: ROMIO runs MPI-IO across MPI"
                    + " processes (start under mpirun and use Comm.world())");
        return RomioBackend.unavailableReason();
    }
}
