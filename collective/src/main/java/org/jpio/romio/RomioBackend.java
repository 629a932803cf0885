package org.jpio.romio;

import java.util.Optional;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.comm.mpi.MpiBridge;
import org.jpio.io.ElementType;

/**
 * Whether the ROMIO backend can run here, and why not. It needs three things, checked in this order
 * each time it is used: jpio's MPI bridge loaded ({@link MpiBridge}), MPI initialised in this
 * process (by {@code MpiComm}, i.e. under mpirun), and an MPI communicator (not {@code LocalComm},
 * whose ranks are threads that MPI-IO cannot see). When one is missing, using the backend throws
 * {@link RomioUnavailableException} saying which and why: it never falls back silently.
 */
public final class RomioBackend {
    /** The backend's name, as the {@code jpio_backend} hint spells it. */
    public static final String NAME = "romio";

    private static volatile boolean typesChecked;

    private RomioBackend() { }

    /** Empty when the native library is loaded; otherwise the loader's reason. Does not need MPI. */
    public static Optional<String> libraryProblem() {
        return MpiBridge.problem().map(why -> "jpio's MPI bridge did not load: " + why);
    }

    /** Empty when files can be opened now; otherwise what is missing (library or MPI initialisation). */
    public static Optional<String> unavailableReason() {
        Optional<String> lib = libraryProblem();
        if (lib.isPresent()) return lib;
        if (!RomioNative.initialized())
            return Optional.of("MPI is not initialised in this process: start the program under mpirun and create an "
                + "MpiComm before opening a RomioFile");
        return Optional.empty();
    }

    /** True when {@link #unavailableReason()} is empty. */
    public static boolean isAvailable() { return unavailableReason().isEmpty(); }

    /** Throws {@link RomioUnavailableException} unless the library is loaded and MPI is running. */
    public static void require() {
        Optional<String> why = unavailableReason();
        if (why.isPresent()) throw new RomioUnavailableException(why.get());
        checkElementTypes();
    }

    /**
     * The Fortran handle of {@code comm}'s MPI communicator, for MPI_File_open. Only an {@link MpiComm}
     * has one: {@code LocalComm}'s ranks are threads of one JVM, invisible to MPI-IO.
     */
    public static long commHandle(Comm comm) {
        if (comm == null) throw new IllegalArgumentException("comm is null");
        comm = org.jpio.comm.CountingComm.unwrap(comm); // MPI-IO's own collectives are not jpio's to count
        if (!(comm instanceof MpiComm mpi))
            throw new RomioUnavailableException("communicator is " + comm.getClass().getSimpleName()
                + ", not MpiComm: ROMIO runs MPI-IO across MPI processes (start under mpirun and use MpiComm.world())");
        require();
        return mpi.handle();
    }

    /** The MPI library's own version string (MPI_Get_library_version), e.g. "Open MPI v4.1.4, ...". */
    public static String mpiLibraryVersion() {
        require();
        return RomioNative.libraryVersion();
    }

    /**
     * Empty when the nonblocking collective file routines (MPI_File_iread_all, iwrite_all and their
     * {@code _at} forms) can be used; otherwise why not. They need MPI-3.1; and Open MPI 4.1's
     * {@code romio321} component crashes in all four (a NULL ADIO function: SIGSEGV in
     * MPIOI_File_iwrite_all, also from plain C), so under that component they are refused instead of
     * taking the JVM down. The component is known from {@code OMPI_MCA_io}, which {@code mpirun --mca io}
     * sets; a component chosen in an MCA parameter file is not seen.
     */
    public static Optional<String> nonblockingCollectiveProblem() {
        require();
        if (!RomioNative.hasNonblockingCollective())
            return Optional.of("nonblocking collective file routines need MPI-3.1; this MPI is " + RomioNative.libraryVersion());
        String io = System.getenv("OMPI_MCA_io");
        if (RomioNative.libraryVersion().startsWith("Open MPI") && io != null && io.contains("romio"))
            return Optional.of("Open MPI's " + io + " component crashes in MPI_File_iread_all/iwrite_all (SIGSEGV, "
                + "also from C); use OMPIO (the default io component) or the blocking collective routines");
        return Optional.empty();
    }

    /**
     * The bridge maps Java's eight primitives to fixed-width MPI types; a size that differs (an odd
     * platform's C bool, say) would silently corrupt every transfer, so it is refused once, up front.
     */
    private static void checkElementTypes() {
        if (typesChecked) return;
        for (ElementType t : ElementType.values()) {
            long size = RomioNative.typeSize(RomioNative.elementType(t.ordinal()));
            if (size != t.size())
                throw new RomioUnavailableException("MPI type for " + t + " has size=" + size + " but Java's is "
                    + t.size() + ": the bridge cannot map it");
        }
        typesChecked = true;
    }
}
