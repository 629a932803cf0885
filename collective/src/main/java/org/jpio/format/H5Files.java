package org.jpio.format;

import hdf.hdf5lib.H5;
import hdf.hdf5lib.HDF5Constants;
import hdf.hdf5lib.exceptions.HDF5Exception;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;

/**
 * The h5 format's files through the HDF5 library: creating a file or adding a dataset to one, naming it
 * once written, describing datasets, listing them. Datasets jpio writes are contiguous, with their space
 * allocated at creation ({@code H5D_ALLOC_TIME_EARLY}), never filled by the library
 * ({@code H5D_FILL_TIME_NEVER}: every rank writes its part), without modification times (so a file's bytes
 * depend on its content only, as h5py's), and aligned to the stripe size when one is known. Every call
 * opens the file, does its part and closes it: between calls no HDF5 handle is open, so ranks write the
 * raw data with collective I/O while the library holds nothing of the file.
 */
final class H5Files {
    /** Where an array given without a dataset path goes. */
    static final String DEFAULT_DATASET = "/data";
    /** The name ending of a dataset added to an existing file until every rank has written it. */
    static final String INCOMPLETE = ".jpio-incomplete";
    /** Objects at least this large are aligned when an alignment is asked for (metadata blocks stay packed). */
    private static final long ALIGN_THRESHOLD = 4096;

    /**
     * The datasets (file and name) this process created together with their file, so under their own name:
     * finishing one has nothing to rename, and looks nothing up. Anything else is looked up in the file.
     */
    private static final java.util.Set<String> CREATED_WITH_FILE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** The format signature that starts an HDF5 superblock (at offset 0, or 512, 1024, ... after a user block). */
    private static final byte[] SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

    /** Files rewritten in place (file and dataset) whose signature {@link #finish} writes: until then no reader opens them. */
    private static final java.util.Set<String> SIGNATURE_WITHHELD = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private H5Files() { }

    private static String key(Path file, String dataset) { return file.toAbsolutePath().normalize() + "\0" + dataset; }

    /** The library's version, "1.10.8". */
    static String version() {
        int[] v = new int[3];
        H5.H5get_libversion(v);
        return v[0] + "." + v[1] + "." + v[2];
    }

    /** An IOException naming the operation, the file and the dataset, with the library's own message. */
    static IOException failure(String operation, Path file, String dataset, HDF5Exception e) {
        return new IOException("HDF5 " + operation + " failed: path=" + file + (dataset == null || dataset.isEmpty() ? "" : " dataset=" + dataset) + ": "
                + e.getMessage(), e);
    }

    /**
     * Opens an existing HDF5 file; IllegalArgumentException when it is not one, NoSuchFileException when it is
     * missing. Why an open failed is looked into only after it failed: a good file is opened and read once.
     */
    static long open(Path file, boolean write, long fapl, H5Ids ids) throws IOException {
        try {
            return ids.add(H5.H5Fopen(file.toString(), write ? HDF5Constants.H5F_ACC_RDWR : HDF5Constants.H5F_ACC_RDONLY, fapl));
        } catch (HDF5Exception e) {
            if (!Files.exists(file)) throw new NoSuchFileException(file.toString(), null, "no such HDF5 file");
            if (!H5.H5Fis_hdf5(file.toString()))
                throw new IllegalArgumentException("not an HDF5 file (no HDF5 signature at offset 0, 512, 1024, ...): path=" + file + " size=" + Files.size(file));
            throw e;
        }
    }

    /** Creates {@code file} for the array (it is missing or empty), or adds the array to it under its incomplete name. */
    static StoredArray create(Path file, NewArray a) throws IOException {
        String name = a.dataset().isEmpty() ? DEFAULT_DATASET : a.dataset();
        if (name.equals("/")) throw new IllegalArgumentException("the root group / of file path=" + file + " is not a dataset; name one, e.g. /data");
        SIGNATURE_WITHHELD.remove(key(file, name)); // an earlier rewrite in place that failed is not finished by this one
        boolean add = Files.exists(file) && Files.size(file) > 0;
        try (H5Ids ids = new H5Ids()) {
            long fapl = ids.add(H5.H5Pcreate(HDF5Constants.H5P_FILE_ACCESS));
            if (a.alignment() > 1) H5.H5Pset_alignment(fapl, ALIGN_THRESHOLD, a.alignment());
            long f = add ? open(file, true, fapl, ids) : ids.add(H5.H5Fcreate(file.toString(), HDF5Constants.H5F_ACC_TRUNC, HDF5Constants.H5P_DEFAULT, fapl));
            String link = name;
            if (add) {
                Integer existing = H5Paths.objectType(f, name, file);
                if (existing != null && existing != HDF5Constants.H5O_TYPE_DATASET)
                    throw new IllegalArgumentException("object " + name + " of file path=" + file + " is a group, not a dataset: an array cannot replace it");
                link = H5Paths.incomplete(name);
                if (H5Paths.objectType(f, link, file) != null) H5.H5Ldelete(f, link, HDF5Constants.H5P_DEFAULT); // left by a writer that died
            }
            long lcpl = ids.add(H5.H5Pcreate(HDF5Constants.H5P_LINK_CREATE));
            H5.H5Pset_create_intermediate_group(lcpl, true);
            long dcpl = ids.add(H5.H5Pcreate(HDF5Constants.H5P_DATASET_CREATE));
            H5.H5Pset_layout(dcpl, HDF5Constants.H5D_CONTIGUOUS);
            H5.H5Pset_alloc_time(dcpl, HDF5Constants.H5D_ALLOC_TIME_EARLY);
            H5.H5Pset_fill_time(dcpl, HDF5Constants.H5D_FILL_TIME_NEVER);
            H5.H5Pset_obj_track_times(dcpl, false);
            long[] shape = a.shape();
            long space = ids.add(shape.length == 0 ? H5.H5Screate(HDF5Constants.H5S_SCALAR) : H5.H5Screate_simple(shape.length, shape, null));
            long d = ids.add(H5.H5Dcreate(f, link, H5Types.fileType(a.type(), ByteOrder.nativeOrder(), ids), space, lcpl, dcpl, HDF5Constants.H5P_DEFAULT));
            long offset;
            try {
                H5Attributes.write(d, a.attributes());
                offset = H5.H5Dget_offset(d);
            } catch (HDF5Exception | IllegalArgumentException e) {
                if (add) H5.H5Ldelete(f, link, HDF5Constants.H5P_DEFAULT); // an existing file keeps nothing of a dataset that failed
                throw e;
            }
            long bytes = a.type().size();
            for (long s : shape) bytes *= s;
            if (bytes > 0 && offset < 0) throw new IOException("HDF5 allocated no data for dataset " + name + " of file path=" + file + " (early allocation was asked for)");
            if (add) CREATED_WITH_FILE.remove(key(file, name));
            else CREATED_WITH_FILE.add(key(file, name));
            return new StoredArray("h5", name, a.type(), shape, ByteOrder.nativeOrder(), false, bytes == 0 ? 0 : offset, StoredArray.CONTIGUOUS);
        } catch (HDF5Exception e) {
            throw failure(add ? "adding a dataset" : "creating the file", file, name, e);
        }
    }

    /**
     * Lays out the array over an existing file where it is, keeping its blocks: the library makes the new
     * file in {@code scratch} (its data allocated but never written, so a hole there), and the bytes outside
     * the data are copied over the old file, whose size becomes the new one's. The file ends up byte for byte
     * what {@link #create} would make, except its signature, withheld until {@link #finish} (every signature
     * the old file has at 0, 512, 1024, ... is zeroed first): no reader opens the file before its data is in.
     */
    static StoredArray createInPlace(Path file, NewArray a, Path scratch) throws IOException {
        if (!Files.exists(file) || Files.size(file) == 0) return create(file, a);
        if (a.dataset().equals("/")) throw new IllegalArgumentException("the root group / of file path=" + file + " is not a dataset; name one, e.g. /data");
        H5Image image = H5Image.of(a, () -> made(a, scratch));
        try (FileChannel to = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            withdrawSignatures(to, file);
            writeAfterSignature(to, image.head(), 0, file);
            writeAfterSignature(to, image.tail(), image.tailAt(), file);
            ArrayFormats.resize(to, file, image.size());
        }
        SIGNATURE_WITHHELD.add(key(file, image.stored().dataset()));
        return image.stored();
    }

    /** The image of the file the library makes for {@code a}, made in {@code scratch} (private, deleted before this returns). */
    private static H5Image made(NewArray a, Path scratch) throws IOException {
        try {
            Files.createFile(scratch, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
            StoredArray s = create(scratch, a);
            CREATED_WITH_FILE.remove(key(scratch, s.dataset()));
            return H5Image.read(scratch, s);
        } finally {
            Files.deleteIfExists(scratch);
        }
    }

    /** Zeroes the signature at 0 and any other the file has where the library looks for one (512, 1024, 2048, ...). */
    private static void withdrawSignatures(FileChannel c, Path file) throws IOException {
        long size = c.size();
        ByteBuffer b = ByteBuffer.allocate(SIGNATURE.length);
        for (long at = 0; at + SIGNATURE.length <= size; at = at == 0 ? 512 : at * 2) {
            b.clear();
            while (b.hasRemaining() && c.read(b, at + b.position()) > 0) { }
            if (at == 0 || Arrays.equals(b.array(), SIGNATURE)) write(c, ByteBuffer.allocate(SIGNATURE.length), at, file, "withdraw the old signature");
        }
    }

    /** Writes {@code bytes} at {@code at}, except any of them that fall on the signature's 8 bytes at offset 0. */
    private static void writeAfterSignature(FileChannel c, byte[] bytes, long at, Path file) throws IOException {
        int skip = (int) Math.min(bytes.length, Math.max(0, SIGNATURE.length - at));
        write(c, ByteBuffer.wrap(bytes).position(skip), at, file, "write the HDF5 metadata");
    }

    private static void write(FileChannel c, ByteBuffer b, long at, Path file, String what) throws IOException {
        long length = b.remaining(), from = at + b.position();
        try {
            while (b.hasRemaining()) c.write(b, at + b.position());
        } catch (IOException e) {
            throw org.jpio.engine.IoErrors.wrap(e, what, file, from, length);
        }
    }

    /**
     * Gives an added dataset its name (replacing a dataset of that name), then syncs the file. A dataset
     * created with its file by this process needs nothing and is not looked up: the library wrote the
     * metadata at creation, and the ranks' sync covered it with the data. Any other is looked for in the file.
     */
    static void finish(Path file, StoredArray s) throws IOException {
        if (CREATED_WITH_FILE.remove(key(file, s.dataset()))) return;
        if (SIGNATURE_WITHHELD.remove(key(file, s.dataset()))) {
            try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
                write(c, ByteBuffer.wrap(SIGNATURE), 0, file, "write the HDF5 signature");
                c.force(false);
            }
            return;
        }
        String link = H5Paths.incomplete(s.dataset());
        if (!exists(file, link)) return;
        try (H5Ids ids = new H5Ids()) {
            long f = open(file, true, HDF5Constants.H5P_DEFAULT, ids);
            if (H5Paths.objectType(f, s.dataset(), file) != null) H5.H5Ldelete(f, s.dataset(), HDF5Constants.H5P_DEFAULT);
            H5.H5Lmove(f, link, f, s.dataset(), HDF5Constants.H5P_DEFAULT, HDF5Constants.H5P_DEFAULT);
        } catch (HDF5Exception e) {
            throw failure("naming the written dataset", file, s.dataset(), e);
        }
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            c.force(true);
        }
    }

    /** Whether {@code path} names an object of the file, looked up read-only (opening for writing would dirty the superblock). */
    private static boolean exists(Path file, String path) throws IOException {
        try (H5Ids ids = new H5Ids()) {
            return H5Paths.objectType(open(file, false, HDF5Constants.H5P_DEFAULT, ids), path, file) != null;
        } catch (HDF5Exception e) {
            throw failure("looking up an object", file, path, e);
        }
    }

    /** Removes an added dataset that will not be finished; the file's other objects stay as they were. */
    static void discard(Path file, StoredArray s) throws IOException {
        CREATED_WITH_FILE.remove(key(file, s.dataset()));
        String link = H5Paths.incomplete(s.dataset());
        if (!exists(file, link)) return;
        try (H5Ids ids = new H5Ids()) {
            long f = open(file, true, HDF5Constants.H5P_DEFAULT, ids);
            H5.H5Ldelete(f, link, HDF5Constants.H5P_DEFAULT);
        } catch (HDF5Exception e) {
            throw failure("removing an unfinished dataset", file, s.dataset(), e);
        }
    }

    /** The layout of {@code dataset} ("" for the file's only dataset). */
    static H5Layout layout(Path file, String dataset) throws IOException {
        try (H5Ids ids = new H5Ids()) {
            long f = open(file, false, HDF5Constants.H5P_DEFAULT, ids);
            String name = H5Paths.dataset(f, file, dataset);
            return H5Paths.layout(f, name, ids);
        } catch (HDF5Exception e) {
            throw failure("reading the dataset's description", file, dataset, e);
        }
    }

    /** Every dataset of the file, by path, depth first in name order (each object once, unfinished ones left out). */
    static List<String> datasets(Path file) throws IOException {
        try (H5Ids ids = new H5Ids()) {
            long f = open(file, false, HDF5Constants.H5P_DEFAULT, ids);
            return H5Paths.datasets(f);
        } catch (HDF5Exception e) {
            throw failure("listing datasets", file, null, e);
        }
    }

    static Attributes attributes(Path file, String object) throws IOException {
        String at = object.isEmpty() ? "/" : object;
        try (H5Ids ids = new H5Ids()) {
            long f = open(file, false, HDF5Constants.H5P_DEFAULT, ids);
            if (H5Paths.objectType(f, at, file) == null)
                throw new IllegalArgumentException("no object " + at + " in file path=" + file + " (datasets: " + H5Paths.datasets(f) + ")");
            long o = ids.add(H5.H5Oopen(f, at, HDF5Constants.H5P_DEFAULT));
            return H5Attributes.read(o, "object " + at + " of file path=" + file);
        } catch (HDF5Exception e) {
            throw failure("reading attributes", file, at, e);
        }
    }

    static void setAttributes(Path file, String object, Attributes attributes) throws IOException {
        String at = object.isEmpty() ? "/" : object;
        try (H5Ids ids = new H5Ids()) {
            long f = open(file, true, HDF5Constants.H5P_DEFAULT, ids);
            long o;
            if (H5Paths.objectType(f, at, file) != null) {
                o = ids.add(H5.H5Oopen(f, at, HDF5Constants.H5P_DEFAULT));
            } else {
                long lcpl = ids.add(H5.H5Pcreate(HDF5Constants.H5P_LINK_CREATE));
                H5.H5Pset_create_intermediate_group(lcpl, true);
                o = ids.add(H5.H5Gcreate(f, at, lcpl, HDF5Constants.H5P_DEFAULT, HDF5Constants.H5P_DEFAULT));
            }
            H5Attributes.write(o, attributes);
        } catch (HDF5Exception e) {
            throw failure("writing attributes", file, at, e);
        }
    }
}
