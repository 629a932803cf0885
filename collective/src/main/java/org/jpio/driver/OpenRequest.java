package org.jpio.driver;

import java.nio.file.Path;
import java.util.Set;
import org.jpio.comm.Comm;
import org.jpio.engine.IoEngine;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Hints;

/**
 * What every rank passes to a driver's open, already checked and agreed on by all ranks: the
 * communicator, the absolute path, MPI's access modes, the hints, the I/O engine object when the
 * program gave one instead of the {@code jpio_engine} hint (null otherwise), and the file system's type.
 *
 * <p>{@code fsType} is the mount table's name of the file system holding the file ("ext4", "xfs",
 * "lustre", "nfs4"), as rank 0 read it with the stripe layout at open ({@code StripeLayout.fsType}, sent
 * to every rank), or "unknown" when rank 0 could not tell ({@code StripeLayout.unknown} after a failed
 * statfs). The drivers decide from it what depends on the file system ({@code jpio_preallocate=automatic},
 * the locks the automatic collective choice weighs), so no rank asks the file system again, and every rank
 * decides from the same name, as a collective choice must. Every open of a ParallelFile, through the
 * registry or a factory the program gives, reads the layout before the driver opens, so no driver is
 * opened without it; a request made elsewhere without that probe passes "unknown" rather than having each
 * rank ask its own mount table: nothing is reserved automatically and no locks between hosts are assumed.
 */
public record OpenRequest(Comm comm, Path path, Set<Amode> amode, Hints hints, IoEngine engine, String fsType) {
    public OpenRequest {
        amode = Set.copyOf(amode);
        if (fsType == null) throw new IllegalArgumentException("open request: fsType is null (\"unknown\" when the file system is not known): path=" + path);
    }
}
