package org.jpio.comm;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether this JVM was started by an MPI launcher: each one leaves its own variables in the environment
 * of the processes it starts.
 */
public final class MpiLaunch {
    /** Open MPI's mpirun, PMI (MPICH hydra, Slurm), PMIx, MPICH's hydra. */
    public static final List<String> VARIABLES = List.of("OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS");

    private MpiLaunch() { }

    /** The first launcher variable found, as "NAME=value", or empty when started without a launcher. */
    public static Optional<String> detect(Map<String, String> env) {
        for (String v : VARIABLES) {
            String value = env.get(v);
            if (value != null) return Optional.of(v + "=" + value);
        }
        return Optional.empty();
    }
}
