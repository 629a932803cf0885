package org.jpio.romio;

import java.io.EOFException;
import java.io.IOException;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jpio.parallel.Xfer;
import org.jpio.driver.Extents;
import org.jpio.driver.FileDriver;
import org.jpio.driver.OpenRequest;
import org.jpio.driver.Transfer;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Hints;
import org.jpio.view.FileView;

/**
 * {@code jpio_backend=romio}: every operation of a ParallelFile as the matching MPI_File_* call of the MPI
 * library's own MPI-IO (ROMIO, or OMPIO under Open MPI's default) on the same communicator, through
 * {@link RomioFile}. ParallelFile keeps the file pointer, so transfers are always the explicit-offset forms
 * ({@code MPI_File_write_at_all} for {@code writeAll}). MPI processes only: under in-JVM ranks the registry
 * reports this driver unavailable, with the reason.
 */
public final class RomioDriver implements FileDriver {
    private final RomioFile file;
    private final String path;
    private final int rank;
    private volatile Xfer lastWrite, lastRead;

    private RomioDriver(RomioFile file, int rank) {
        this.file = file;
        this.path = file.path();
        this.rank = rank;
    }

    /**
     * MPI_File_open on the request's communicator (an MpiComm). Only the hints the program or the hints file
     * changed from ROMIO's defaults are passed on, so ROMIO applies its own defaults as in C (values jpio read
     * from the file system stay jpio's: ROMIO reads its own where it knows the file system). Collective:
     * every rank returns or every rank throws (the outcome is agreed on).
     */
    public static RomioDriver open(OpenRequest r) throws IOException {
        RomioFile rf = null;
        Throwable bad = null;
        try {
            Map<String, String> given = new LinkedHashMap<>();
            Map<String, String> defaults = Hints.defaults().asMap();
            r.hints().asMap().forEach((k, v) -> {
                if (!k.startsWith("jpio_") && !v.equals(defaults.get(k)) && r.hints().given(k)) given.put(k, v);
            });
            // ParallelFile keeps the shared pointer and moves its bytes with the explicit-offset forms, which ROMIO
            // refuses on a file it opened SEQUENTIAL; ParallelFile itself refuses a caller's explicit offsets there.
            EnumSet<Amode> amode = EnumSet.copyOf(r.amode());
            amode.remove(Amode.SEQUENTIAL);
            rf = RomioFile.open(r.comm(), r.path().toString(), amode, given);
        } catch (IOException | RuntimeException e) {
            bad = e;
        }
        r.comm().agree("open path=" + r.path() + " jpio_backend=" + RomioBackend.NAME, bad);
        return new RomioDriver(rf, r.comm().rank());
    }

    @Override public String name() { return RomioBackend.NAME; }

    @Override public void setView(FileView view) throws IOException { file.setView(view, Map.of()); }

    @Override public long read(Transfer t) throws IOException { return transfer(Xfer.READ_AT, t); }

    @Override public long write(Transfer t) throws IOException { return transfer(Xfer.WRITE_AT, t); }

    @Override public long readAll(Transfer t, Extents all) throws IOException { return transfer(Xfer.READ_AT_ALL, t); }

    @Override public long writeAll(Transfer t, Extents all) throws IOException { return transfer(Xfer.WRITE_AT_ALL, t); }

    /** One MPI call; a read that MPI ends early (end of file) is an EOFException naming the elements moved. */
    private long transfer(Xfer op, Transfer t) throws IOException {
        if (op.isWrite()) lastWrite = op; else lastRead = op;
        org.jpio.driver.Memory m = t.memory();
        int moved = m.isContiguous() ? file.transfer(op, t.offset(), t.array(), m.index(), t.count())
                                     : file.transfer(op, t.offset(), t.array(), m.datatype(), m.instances());
        if (moved != t.count())
            throw new EOFException(op.mpiName() + " moved " + moved + " of " + t.count() + " elements (end of file): path=" + path
                    + " rank=" + rank + " offset=" + t.offset());
        return (long) moved * t.type().size();
    }

    @Override public long size() throws IOException { return file.size(); }

    @Override public void setSize(long size) throws IOException { file.setSize(size); }

    @Override public void preallocate(long size) throws IOException { file.preallocate(size); }

    @Override public void sync() throws IOException { file.sync(); }

    @Override public void setAtomicity(boolean on) throws IOException { file.setAtomicity(on); }

    /** MPI_File_get_info: what the MPI library has in effect, and which MPI call ran the last collective transfers. */
    @Override public Map<String, String> hints() {
        Map<String, String> h = new LinkedHashMap<>();
        try {
            h.putAll(file.hints());
        } catch (IOException e) {
            h.put("jpio_romio_get_info", "failed: " + e.getMessage());
        }
        if (lastWrite != null) h.put("jpio_cb_write_choice", "romio (" + lastWrite.mpiName() + ")");
        if (lastRead != null) h.put("jpio_cb_read_choice", "romio (" + lastRead.mpiName() + ")");
        return h;
    }

    /** MPI_File_close; MPI deletes a DELETE_ON_CLOSE file itself. */
    @Override public void close() throws IOException { file.close(); }

    @Override public boolean deletesOnClose() { return true; }
}
