package org.jpio.romiotests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;

/**
 * ROMIO's test/status.c (transfer counts), atomicity.c, excl.c, external32.c (data representations),
 * file_info.c (hints in effect), misc.c (amode, atomicity, view, byte offsets, size, preallocate,
 * delete) and error.c (a bad displacement is named).
 */
final class FilePorts {
    private FilePorts() { }

    /** status.c: each process writes 64 KiB of ints to its own file on MPI_COMM_SELF; the count is the ints written. */
    static String status(Comm comm, Path file, Hints h) throws Exception {
        int nints = 65536 / 4;
        try (Comm self = Ports.self(comm); ParallelFile f = ParallelFile.open(self, Ports.perRank(file, comm.rank()), Ports.CREATE_RDWR, h)) {
            assertEquals(nints, f.write(Elements.of(new int[nints])), "MPI_Get_count of the write's status");
        }
        return null;
    }

    /**
     * atomicity.c: in atomic mode, process 0 overwrites 10000 zeros with tens while the others read them:
     * each reader sees all zeros or all tens. Contiguous, then through a vector(10000, 1, 2) view with
     * 1209- and 1107-byte sieving buffers.
     */
    static String atomicity(Comm comm, Path file, Hints h) throws Exception {
        int n = 10000;
        atomicRound(comm, file, h, null, n);
        Hints sieving = h.with(Hints.IND_RD_BUFFER_SIZE, "1209").with(Hints.IND_WR_BUFFER_SIZE, "1107");
        atomicRound(comm, file, sieving, new FileView(0, ElementType.INT, Datatype.vector(n, 1, 2, Ports.INT), DataRep.NATIVE), n);
        return null;
    }

    private static void atomicRound(Comm comm, Path file, Hints h, FileView view, int n) throws IOException {
        try (Comm self = Ports.self(comm)) {
            if (comm.rank() == 0) {
                if (Files.exists(file)) ParallelFile.delete(file, h);
                try (ParallelFile f = ParallelFile.open(self, file, Ports.CREATE_RDWR, h)) {
                    if (view != null) f.setView(view);
                    f.write(Elements.of(new int[n]));
                }
            }
        }
        comm.barrier();
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h)) {
            f.setAtomicity(true);
            if (view != null) f.setView(view);
            comm.barrier();
            if (comm.rank() == 0) f.write(Elements.of(Ports.filled(n, 10)));
            else {
                int[] read = Ports.filled(n, 20);
                assertEquals(n, f.read(Elements.of(read)));
                assertTrue(read[0] == 0 || read[0] == 10, "atomicity: process " + comm.rank() + ": readbuf[0] is " + read[0] + ", should be either 0 or 10");
                for (int i = 1; i < n; i++)
                    if (read[i] != read[0]) throw new AssertionError("atomicity: process " + comm.rank() + ": readbuf[" + i + "] is " + read[i] + ", should be " + read[0]);
            }
        }
        comm.barrier();
    }

    /** excl.c: CREATE|EXCL succeeds on a file that is not there and fails, on every process, on one that is. */
    static String excl(Comm comm, Path file, Hints h) throws Exception {
        Ports.delete(comm, file, h);
        EnumSet<Amode> excl = EnumSet.of(Amode.CREATE, Amode.EXCL, Amode.RDWR);
        ParallelFile.open(comm, file, excl, h).close();
        comm.barrier();
        IOException e = assertThrows(IOException.class, () -> ParallelFile.open(comm, file, excl, h), "excl: the second open must fail");
        assertTrue(e.getMessage().contains(file.getFileName().toString()), e.getMessage());
        return null;
    }

    /**
     * external32.c: for native, external32 and internal, every process writes 123456789 at int offset
     * rank; process 0 reads the first 4 bytes as a C program would and says which byte order they are in,
     * as the C test prints it. The lines are compared with what ROMIO's run printed.
     */
    static String external32(Comm comm, Path file, Hints h) throws Exception {
        StringBuilder report = new StringBuilder();
        for (DataRep rep : new DataRep[] {DataRep.NATIVE, DataRep.EXTERNAL32, DataRep.INTERNAL}) {
            try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h)) {
                f.setView(FileView.contiguous(0, ElementType.INT, rep));
                assertEquals(4, f.typeExtent(ElementType.INT), "MPI_File_get_type_extent of MPI_INT in " + rep.datarep());
                assertEquals(1, f.writeAt(comm.rank(), Elements.of(new int[] {123456789})));
            }
            comm.barrier();
            if (comm.rank() == 0) {
                byte[] c = java.util.Arrays.copyOf(Files.readAllBytes(file), 4);
                byte[] le = {0x15, (byte) 0xcd, 0x5b, 0x07};
                boolean isLe = true, isBe = true;
                for (int i = 0; i < 4; i++) {
                    isLe &= c[i] == le[i];
                    isBe &= c[i] == le[3 - i];
                }
                report.append(rep.datarep()).append(" datarep is ")
                      .append(isLe ? (isBe ? "LITTLE or BIG ENDIAN" : "LITTLE ENDIAN") : isBe ? "BIG ENDIAN" : "unknown").append('\n');
                ParallelFile.delete(file, h);
            }
            comm.barrier();
        }
        return comm.rank() == 0 ? report.toString() : null;
    }

    /**
     * file_info.c: the hints in effect (MPI_File_get_info) of a file opened without hints are ROMIO's
     * defaults for UFS (what its {@code -u} run checks); of a file opened with cb_buffer_size, cb_nodes,
     * the sieving buffers, striping and cb_config_list, the values given, each checked when reported.
     */
    static String fileInfo(Comm comm, Path file, Hints h) throws Exception {
        Map<String, String> ufs = new LinkedHashMap<>();
        ufs.put("cb_buffer_size", "16777216");
        ufs.put("ind_rd_buffer_size", "4194304");
        ufs.put("ind_wr_buffer_size", "524288");
        ufs.put("romio_cb_read", "automatic");
        ufs.put("romio_cb_write", "automatic");
        ufs.put("romio_ds_read", "automatic");
        ufs.put("cb_config_list", "*:1");
        Hints none = Hints.defaults().with(Hints.JPIO_BACKEND, h.backend());
        Map<String, String> used;
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, none)) {
            used = f.hints();
        }
        ufs.forEach((k, v) -> assertEquals(v, used.get(k), "file_info: default of " + k + " in " + used));
        if (used.containsKey("romio_no_indep_rw")) assertEquals("false", used.get("romio_no_indep_rw"));
        String stripingFactor = used.getOrDefault(Hints.STRIPING_FACTOR, "0");
        Ports.delete(comm, file, h);

        Map<String, String> given = new LinkedHashMap<>();
        given.put("cb_buffer_size", "8388608");
        given.put("cb_nodes", Integer.toString(comm.size() / 2));
        given.put("ind_rd_buffer_size", "2097152");
        given.put("ind_wr_buffer_size", "1048576");
        int factor = Integer.parseInt(stripingFactor);
        given.put("striping_factor", Integer.toString(factor - 1 > 0 ? factor - 1 : factor));
        given.put("striping_unit", "131072");
        given.put("cb_config_list", "*:*");
        given.put("start_iodevice", Integer.toString(factor - 2));
        given.put("pfs_svr_buf", "true");
        Hints with = h;
        for (Map.Entry<String, String> e : given.entrySet()) with = with.with(e.getKey(), e.getValue());
        Map<String, String> got;
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, with)) {
            got = f.hints();
        }
        Map<String, String> want = new LinkedHashMap<>(given);
        want.keySet().removeAll(java.util.List.of("cb_nodes", "striping_unit", "start_iodevice", "pfs_svr_buf")); // not checked by the C test
        want.put("romio_no_indep_rw", "false");
        want.put("romio_ds_read", "automatic");
        want.put("romio_cb_pfr", "disable");
        want.put("romio_cb_fr_types", "aar");
        want.put("romio_cb_fr_alignment", "1");
        want.put("romio_cb_ds_threshold", "0");
        want.put("romio_cb_alltoall", "automatic");
        for (Map.Entry<String, String> e : want.entrySet())
            if (got.containsKey(e.getKey())) assertEquals(e.getValue(), got.get(e.getKey()), "file_info: " + e.getKey() + " in " + got);
        for (String k : new String[] {"cb_buffer_size", "ind_rd_buffer_size", "ind_wr_buffer_size", "cb_config_list"})
            assertTrue(got.containsKey(k), "file_info: " + k + " reported: " + got);
        return null;
    }

    /**
     * misc.c: write, sync, get_amode, get/set_atomicity, a vector(10, 10, 20) int view at byte 1000 and
     * what get_view, get_byte_offset, set_size, get_size and the pointer say about it, preallocate,
     * close, delete.
     */
    static String misc(Comm comm, Path file, Hints h) throws Exception {
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h)) {
            assertEquals(1024, f.write(Elements.of(new int[1024])));
            f.sync();
            assertEquals(EnumSet.of(Amode.CREATE, Amode.RDWR), f.amode());
            assertFalse(f.atomicity());
            f.setAtomicity(true);
            assertTrue(f.atomicity());
            f.setAtomicity(false);
            f.setView(new FileView(1000, ElementType.INT, Datatype.vector(10, 10, 20, Ports.INT), DataRep.NATIVE));
            assertEquals(1000, f.view().displacement());
            assertEquals("native", f.view().representation().datarep());
            assertEquals(1000 + 20 * 4, f.positionOf(10), "get_byte_offset(10)");
            assertEquals(comm.size(), f.comm().size(), "get_group");
            f.setSize(1000 + 15 * 4);
            comm.barrier();
            f.sync();
            assertEquals(1000 + 15 * 4, f.size());
            // MPI_File_seek(0, MPI_SEEK_END): jpio seeks with MPI_SEEK_SET only; the end of the file in
            // etypes of the view is what ROMIO's ADIOI_Get_eof_offset computes, the view bytes before it
            long eof = f.view().viewBytesBefore(f.size()) / 4;
            f.seek(eof);
            assertEquals(10, f.pointer(), "file pointer after seeking to the end");
            assertEquals(1000 + 20 * 4, f.positionOf(f.pointer()));
            comm.barrier();
            f.seek(f.pointer() - 10); // MPI_SEEK_CUR -10
            assertEquals(1000, f.positionOf(f.pointer()));
            f.preallocate(8192);
        }
        comm.barrier();
        if (comm.rank() == 0) ParallelFile.delete(file, h);
        comm.barrier();
        assertFalse(Files.exists(file), "misc: MPI_File_delete removed the file");
        return null;
    }

    /** error.c: on MPI_COMM_SELF, set_view with displacement -1 fails with a message that names the displacement. */
    static String error(Comm comm, Path file, Hints h) throws Exception {
        try (Comm self = Ports.self(comm); ParallelFile f = ParallelFile.open(self, Ports.perRank(file, comm.rank()), Ports.CREATE_RDWR, h)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> f.setView(new FileView(-1, ElementType.BYTE, Datatype.BYTE, DataRep.NATIVE)));
            assertTrue(e.getMessage().contains("displacement"), e.getMessage());
        }
        return null;
    }
}
