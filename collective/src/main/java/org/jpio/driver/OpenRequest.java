package org.jpio.driver;

import java.nio.file.Path;
import java.util.Set;
import org.jpio.comm.Comm;
import org.jpio.engine.IoEngine;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Hints;

/**
 * What every rank passes to a driver's open, already checked and agreed on by all ranks: the
 * communicator, the absolute path, MPI's access modes, the hints, and the I/O engine object when the
 * program gave one instead of the {@code jpio_engine} hint (null otherwise).
 */
public record OpenRequest(Comm comm, Path path, Set<Amode> amode, Hints hints, IoEngine engine) {
    public OpenRequest {
        amode = Set.copyOf(amode);
    }
}
