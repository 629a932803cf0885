package org.jpio.comm.mpi;

import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jpio.engine.NativeLibrary;

/**
 * Which MPI this process runs on, and jpio's bridge to it ({@code libjpiompi}). A bridge is compiled
 * against one MPI ABI; the jpio-native jar carries one per ABI ({@link Abi}), none of them linked to a
 * libmpi. The MPI library is picked here, opened with RTLD_GLOBAL, and then the bridge of its ABI is loaded
 * and resolves its MPI calls against it.
 *
 * <p>The MPI library, first rule that applies:
 * <ol>
 *   <li>{@code -Djpio.mpi.library=FILE} (a name ld.so finds, or a path), of the ABI {@code -Djpio.mpi}
 *       names or its file name tells ({@code .so.40}, {@code .so.12});</li>
 *   <li>{@code -Djpio.mpi=openmpi|mpich} (or env {@code JPIO_MPI}): that ABI's library names, in order;</li>
 *   <li>a libmpi this process already has loaded (Open MPI's mpi.jar loads its own);</li>
 *   <li>the launcher's variables: Open MPI's mpirun sets {@code OMPI_COMM_WORLD_SIZE}, Hydra (MPICH's and
 *       Intel MPI's mpiexec) {@code MPI_LOCALNRANKS}; then only that ABI is tried, since the other MPI
 *       would start each rank as a job of its own;</li>
 *   <li>otherwise (no launcher, or one that serves any MPI: srun, prterun) every ABI, Open MPI first.</li>
 * </ol>
 * A {@code libjpiompi.so} in {@code -Djpio.native.dir} or on {@code java.library.path} is a bridge the user
 * built for an MPI jpio does not ship one for (see {@link #buildInstructions()}); it is linked to its own
 * libmpi and is used as it is, before all of the above.
 *
 * <p>What was picked, from where and why: {@link #loaded()} and one DEBUG line on the
 * {@code org.jpio.mpi} System.Logger.
 */
public final class MpiBridge {
    /** {@code -Djpio.mpi}: the MPI ABI; env {@code JPIO_MPI} likewise. */
    public static final String PROPERTY = "jpio.mpi";
    /** {@code -Djpio.mpi.library}: the MPI library file. */
    public static final String LIBRARY_PROPERTY = "jpio.mpi.library";
    /** The name of a bridge built by the user (the shipped ones are {@code libjpiompi-<abi>.so}). */
    public static final String OWN = "jpiompi";

    private static final System.Logger LOG = System.getLogger("org.jpio.mpi");
    private static Loaded loaded;
    private static String failure;

    private MpiBridge() { }

    /** The MPI ABIs jpio ships a bridge for, with the file names their libmpi has. */
    public enum Abi {
        OPEN_MPI("openmpi", "Open MPI", List.of("libmpi.so.40")),
        MPICH("mpich", "the MPICH ABI (MPICH, Intel MPI, Cray MPICH, MVAPICH)",
                List.of("libmpi.so.12", "libmpich.so.12", "libmpi_cray.so.12"));

        /** Its name in {@code -Djpio.mpi} and in the bridge's file name. */
        public final String id;
        public final String label;
        /** The names its libmpi has, in the order they are tried (upstream, Debian's, Cray's). */
        public final List<String> libraries;

        Abi(String id, String label, List<String> libraries) {
            this.id = id;
            this.label = label;
            this.libraries = libraries;
        }

        /** The shipped bridge's library name, {@code jpiompi-<id>}. */
        public String bridge() { return OWN + "-" + id; }

        static Abi of(String id) {
            for (Abi a : values()) if (a.id.equals(id)) return a;
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + id + " is not an MPI ABI jpio knows (known: openmpi, mpich)");
        }
    }

    /**
     * What runs: the MPI library and the bridge, and why they were picked.
     *
     * @param abi     the ABI, empty for a bridge the user built
     * @param mpi     the MPI library ld.so opened (a path), or how a user's bridge brings it
     * @param bridge  the bridge's file
     * @param source  where the bridge came from (-Djpio.native.dir, java.library.path, the jar and cache)
     * @param why     why this MPI: the rule that picked it
     * @param version MPI_Get_library_version's first line
     */
    public record Loaded(Optional<Abi> abi, String mpi, Path bridge, String source, String why, String version) {
        @Override public String toString() {
            return "MPI " + version + " (" + abi.map(a -> a.label + ": ").orElse("") + mpi + "); bridge " + bridge + " (" + source
                    + "); picked because " + why;
        }
    }

    /** One MPI library to try. */
    record Candidate(Abi abi, String library) { }

    /** The libraries to try, in order, and the rule that chose them. */
    record Plan(List<Candidate> candidates, String why) { }

    /** What loaded, loading it now if needed; IllegalStateException with the reason and what to do. */
    public static synchronized Loaded load() {
        if (loaded == null && failure == null) {
            try {
                loaded = tryLoad();
                LOG.log(System.Logger.Level.DEBUG, "jpio: {0}", loaded);
            } catch (IllegalStateException e) {
                failure = e.getMessage();
                LOG.log(System.Logger.Level.DEBUG, "jpio: no MPI bridge: {0}", failure);
            }
        }
        if (failure != null) throw new IllegalStateException(failure);
        return loaded;
    }

    /** Empty when the bridge is loaded (loading it now if needed), else why not. */
    public static Optional<String> problem() {
        try {
            load();
            return Optional.empty();
        } catch (IllegalStateException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** What loaded, if the bridge has been loaded. */
    public static synchronized Optional<Loaded> loaded() { return Optional.ofNullable(loaded); }

    private static Loaded tryLoad() {
        Optional<Path> own = NativeLibrary.find(OWN);
        if (own.isPresent()) {
            keepSignalsForTheJvm();
            NativeLibrary.Outcome o = NativeLibrary.outcome(OWN);
            if (o.failure().isPresent())
                throw new IllegalStateException("the MPI bridge you built, " + own.get() + ", did not load: " + o.failure().get());
            return new Loaded(Optional.empty(), "the libmpi it is linked to", o.path().orElseThrow(), o.source(),
                    "a " + o.file() + " was found (" + o.source() + "): a bridge built for this machine's MPI is used first",
                    MpiNative.libraryVersion());
        }
        keepSignalsForTheJvm();
        Plan plan = plan(System.getenv(), System.getProperty(PROPERTY, System.getenv("JPIO_MPI")),
                System.getProperty(LIBRARY_PROPERTY), NativeLibrary::loadedGlobal);
        List<String> tried = new ArrayList<>();
        for (Candidate c : plan.candidates()) {
            Path mpi;
            try {
                mpi = NativeLibrary.openGlobal(c.library());
            } catch (UnsatisfiedLinkError e) {
                tried.add(e.getMessage());
                continue;
            }
            NativeLibrary.Outcome o = NativeLibrary.outcome(c.abi().bridge());
            if (o.failure().isPresent())
                throw new IllegalStateException("MPI library " + mpi + " (" + c.abi().label + ") was picked because " + plan.why()
                        + ", but jpio's bridge for it did not load: " + o.failure().get() + ". " + buildInstructions());
            return new Loaded(Optional.of(c.abi()), mpi.toString(), o.path().orElseThrow(), o.source(), plan.why(), MpiNative.libraryVersion());
        }
        throw new IllegalStateException("no MPI library found (" + plan.why() + "): tried " + String.join("; ", tried)
                + ". An MPI is needed for MPI processes only: in-JVM ranks (LocalComm, Spmd.run) need none. For an MPI"
                + " installed under another name, set -D" + LIBRARY_PROPERTY + "=/path/to/libmpi.so and -D" + PROPERTY
                + "=openmpi|mpich; for an MPI of another ABI: " + buildInstructions());
    }

    /**
     * UCX (the transport of Debian's MPICH, and of Open MPI where its pml_ucx runs) installs handlers for
     * SIGSEGV, SIGBUS and others when libucs loads, configured by {@code UCX_ERROR_SIGNALS}. The JVM raises
     * SIGSEGV on purpose (safepoint polls, implicit null checks), and UCX's handler turns each into a
     * crash of the rank: MPICH ranks died this way in jpio's tests. An empty list keeps UCX's handlers
     * out; a value the user set stays. It must be in the environment before libmpi (and with it libucs)
     * loads, hence here and not in MPI_Init.
     */
    private static void keepSignalsForTheJvm() {
        try {
            NativeLibrary.setenvDefault("UCX_ERROR_SIGNALS", "");
        } catch (UnsatisfiedLinkError e) {
            // libjpio.so did not load: opening libmpi below fails for the same reason, and says it
        }
    }

    /**
     * The libraries to try and why (the rules of the class comment). {@code loadedAlready} tells whether
     * the process has a library loaded (and makes it global); it must not load anything.
     */
    static Plan plan(Map<String, String> env, String forcedAbi, String forcedLibrary, Function<String, Optional<Path>> loadedAlready) {
        if (forcedLibrary != null && !forcedLibrary.isBlank()) {
            String lib = forcedLibrary.trim();
            Abi abi = forcedAbi != null && !forcedAbi.isBlank() ? Abi.of(forcedAbi.trim())
                    : lib.contains(".so.40") ? Abi.OPEN_MPI : lib.contains(".so.12") ? Abi.MPICH : null;
            if (abi == null)
                throw new IllegalStateException("-D" + LIBRARY_PROPERTY + "=" + lib + ": its ABI is not in its name (.so.40: Open MPI,"
                        + " .so.12: MPICH); say which with -D" + PROPERTY + "=openmpi|mpich");
            return new Plan(List.of(new Candidate(abi, lib)), "-D" + LIBRARY_PROPERTY + "=" + lib);
        }
        if (forcedAbi != null && !forcedAbi.isBlank()) {
            Abi abi;
            try {
                abi = Abi.of(forcedAbi.trim());
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(e.getMessage());
            }
            return new Plan(candidates(abi), "-D" + PROPERTY + "=" + abi.id + " (or JPIO_MPI) names it");
        }
        for (Abi abi : Abi.values()) {
            for (String lib : abi.libraries) {
                Optional<Path> there = loadedAlready.apply(lib);
                if (there.isPresent()) return new Plan(List.of(new Candidate(abi, lib)), "this process has " + there.get() + " loaded already");
            }
        }
        if (env.containsKey("OMPI_COMM_WORLD_SIZE"))
            return new Plan(candidates(Abi.OPEN_MPI), "Open MPI's mpirun started this process (OMPI_COMM_WORLD_SIZE=" + env.get("OMPI_COMM_WORLD_SIZE") + ")");
        if (env.containsKey("MPI_LOCALNRANKS"))
            return new Plan(candidates(Abi.MPICH), "Hydra, the mpiexec of MPICH and Intel MPI, started this process (MPI_LOCALNRANKS="
                    + env.get("MPI_LOCALNRANKS") + ")");
        List<Candidate> all = new ArrayList<>();
        for (Abi abi : Abi.values()) all.addAll(candidates(abi));
        String launcher = org.jpio.comm.MpiLaunch.detect(env).map(v -> "the launcher (" + v + ") serves any MPI").orElse("no MPI launcher started this process");
        return new Plan(all, launcher + ": the first MPI found, Open MPI before MPICH (-D" + PROPERTY + "=mpich to choose)");
    }

    private static List<Candidate> candidates(Abi abi) {
        List<Candidate> c = new ArrayList<>();
        for (String lib : abi.libraries) c.add(new Candidate(abi, lib));
        return c;
    }

    /**
     * How to build a bridge for this machine's MPI from the C sources the jpio-native jar carries (under
     * {@code org/jpio/native/src/}), with the MPI's own compiler wrapper: one shell command, and where to
     * put the result.
     */
    public static String buildInstructions() {
        return "Build a bridge for your MPI from the C sources in jpio's native jar, with that MPI's compiler wrapper:\n  "
                + buildCommand("$HOME/jpio-bridge", "mpicc") + "\nthen run with -Djpio.native.dir=$HOME/jpio-bridge (or put that"
                + " directory on java.library.path): a libjpiompi.so there is used before the bridges jpio ships.";
    }

    /** The shell command that builds {@code dir/libjpiompi.so} with {@code mpicc} from the sources on the class path. */
    static String buildCommand(String dir, String mpicc) {
        URL src = MpiBridge.class.getResource("/org/jpio/native/src/comm.c");
        String fetch;
        if (src == null) {
            fetch = "unzip -o -j jpio-native-VERSION.jar 'org/jpio/native/src/*'";
        } else if (src.getProtocol().equals("jar")) {
            String jar = src.getPath().substring("file:".length(), src.getPath().indexOf("!/"));
            fetch = "unzip -o -q -j '" + jar + "' 'org/jpio/native/src/*'";
        } else {
            String d = Path.of(src.getPath()).getParent().toString();
            fetch = "cp '" + d + "'/*.c '" + d + "'/*.h .";
        }
        return "mkdir -p " + dir + " && cd " + dir + " && " + fetch + " && " + mpicc
                + " -O2 -fPIC -shared -D_GNU_SOURCE -I\"$JAVA_HOME/include\" -I\"$JAVA_HOME/include/linux\" -I. -o libjpiompi.so *.c";
    }
}
