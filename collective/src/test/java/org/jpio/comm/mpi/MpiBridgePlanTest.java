package org.jpio.comm.mpi;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jpio.comm.mpi.MpiBridge.Abi;
import org.jpio.comm.mpi.MpiBridge.Candidate;
import org.junit.jupiter.api.Test;

/**
 * Which MPI libraries are tried, in which order and why, from the launcher's variables, the settings and
 * what the process has loaded (the rules of {@link MpiBridge}); the loading itself runs under both
 * launchers in the tests module.
 */
class MpiBridgePlanTest {
    static final Function<String, Optional<Path>> NOTHING_LOADED = lib -> Optional.empty();

    static List<String> libraries(MpiBridge.Plan p) {
        return p.candidates().stream().map(Candidate::library).toList();
    }

    @Test
    void theLauncherNamesTheMpiAndOnlyItIsTried() {
        MpiBridge.Plan p = MpiBridge.plan(Map.of("OMPI_COMM_WORLD_SIZE", "4", "PMIX_RANK", "1"), null, null, NOTHING_LOADED);
        assertEquals(List.of("libmpi.so.40"), libraries(p));
        assertEquals("Open MPI's mpirun started this process (OMPI_COMM_WORLD_SIZE=4)", p.why());
        p = MpiBridge.plan(Map.of("PMI_RANK", "0", "PMI_SIZE", "2", "MPI_LOCALNRANKS", "2"), null, null, NOTHING_LOADED);
        assertEquals(List.of("libmpi.so.12", "libmpich.so.12", "libmpi_cray.so.12"), libraries(p), "never Open MPI under Hydra");
        assertTrue(p.why().startsWith("Hydra, the mpiexec of MPICH and Intel MPI, started this process (MPI_LOCALNRANKS=2)"), p.why());
    }

    @Test
    void aLauncherOfAnyMpiOrNoneTriesEveryAbiOpenMpiFirst() {
        MpiBridge.Plan p = MpiBridge.plan(Map.of("PMIX_RANK", "0", "SLURM_PROCID", "0"), null, null, NOTHING_LOADED);
        assertEquals(List.of("libmpi.so.40", "libmpi.so.12", "libmpich.so.12", "libmpi_cray.so.12"), libraries(p));
        assertTrue(p.why().startsWith("the launcher (PMIX_RANK=0) serves any MPI: the first MPI found"), p.why());
        p = MpiBridge.plan(Map.of(), null, null, NOTHING_LOADED);
        assertTrue(p.why().startsWith("no MPI launcher started this process"), p.why());
    }

    @Test
    void anMpiAlreadyLoadedWinsOverTheLauncher() {
        Path there = Path.of("/opt/mpich/lib/libmpich.so.12");
        MpiBridge.Plan p = MpiBridge.plan(Map.of("OMPI_COMM_WORLD_SIZE", "2"), null, null,
                lib -> lib.equals("libmpich.so.12") ? Optional.of(there) : Optional.empty());
        assertEquals(List.of(new Candidate(Abi.MPICH, "libmpich.so.12")), p.candidates());
        assertEquals("this process has " + there + " loaded already", p.why());
    }

    @Test
    void settingsWinOverEverything() {
        MpiBridge.Plan p = MpiBridge.plan(Map.of("OMPI_COMM_WORLD_SIZE", "2"), "mpich", null, lib -> Optional.of(Path.of("/x")));
        assertEquals(List.of("libmpi.so.12", "libmpich.so.12", "libmpi_cray.so.12"), libraries(p));
        p = MpiBridge.plan(Map.of(), null, "/opt/intel/mpi/lib/release/libmpi.so.12", NOTHING_LOADED);
        assertEquals(List.of(new Candidate(Abi.MPICH, "/opt/intel/mpi/lib/release/libmpi.so.12")), p.candidates(), "the ABI from the name");
        p = MpiBridge.plan(Map.of(), "openmpi", "/opt/ompi/lib/libmpi.so", NOTHING_LOADED);
        assertEquals(List.of(new Candidate(Abi.OPEN_MPI, "/opt/ompi/lib/libmpi.so")), p.candidates(), "the ABI named");
        var e = assertThrows(IllegalStateException.class, () -> MpiBridge.plan(Map.of(), null, "/opt/x/libmpi.so", NOTHING_LOADED));
        assertTrue(e.getMessage().contains("its ABI is not in its name") && e.getMessage().contains("-Djpio.mpi=openmpi|mpich"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> MpiBridge.plan(Map.of(), "mvapich", null, NOTHING_LOADED));
        assertTrue(e.getMessage().contains("-Djpio.mpi=mvapich is not an MPI ABI jpio knows (known: openmpi, mpich)"), e.getMessage());
    }

    @Test
    void theBuildInstructionsUseTheSourcesOnTheClassPath() {
        String how = MpiBridge.buildInstructions();
        // from the jpio-native jar on the class path, or its build output when the reactor runs from classes
        assertTrue(how.matches("(?s).*unzip -o -q -j '[^']*jpio-native[^']*\\.jar' 'org/jpio/native/src/\\*'.*")
                || how.contains("/org/jpio/native/src'/*.c"), how);
        assertTrue(how.contains("mpicc -O2 -fPIC -shared") && how.contains("-o libjpiompi.so *.c") && how.contains("-Djpio.native.dir=$HOME/jpio-bridge"), how);
    }
}
