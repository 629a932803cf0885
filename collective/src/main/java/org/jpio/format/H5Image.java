package org.jpio.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bytes of a new HDF5 file made for one array, outside the array's data: {@code head} from offset 0 to
 * the data (superblock, groups, the dataset's header, attributes, alignment padding), {@code tail} after it
 * to the file's end (metadata the library placed past the data, usually none). The library writes no
 * times into jpio's files, so the same array (dataset, type, shape, attributes, alignment) gives the same
 * bytes every time: a file rewritten in place again and again (a checkpoint) is laid out from the image
 * kept the first time, without the library and without a scratch file. Images of the 8 layouts used last
 * are kept (a layout's head is about 2 KiB, or its alignment).
 */
record H5Image(byte[] head, long tailAt, byte[] tail, long size, StoredArray stored) {
    private static final int KEPT = 8;
    private static final Map<List<Object>, H5Image> RECENT = new LinkedHashMap<>(16, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<List<Object>, H5Image> e) { return size() > KEPT; }
    };

    /** How an image is made when none is kept. */
    interface Maker {
        H5Image make() throws IOException;
    }

    /** The image kept for {@code a}, or the one {@code maker} makes (kept for next time). */
    static H5Image of(NewArray a, Maker maker) throws IOException {
        List<Object> key = List.of(a.dataset(), a.type(), Arrays.stream(a.shape()).boxed().toList(), a.attributes(), a.alignment());
        synchronized (RECENT) {
            H5Image kept = RECENT.get(key);
            if (kept != null) return kept;
        }
        H5Image made = maker.make();
        synchronized (RECENT) {
            RECENT.put(key, made);
        }
        return made;
    }

    /** The image of {@code file}, a new file made by the library for {@code s} whose data was never written. */
    static H5Image read(Path file, StoredArray s) throws IOException {
        try (FileChannel c = FileChannel.open(file)) {
            long size = c.size(), data = s.dataPosition(), end = data + s.dataBytes();
            if (end > size) throw new IOException("HDF5 file made for " + s + " is " + size + " bytes, shorter than its data's end " + end + ": path=" + file);
            return new H5Image(bytes(c, 0, data, file), end, bytes(c, end, size, file), size, s);
        }
    }

    private static byte[] bytes(FileChannel c, long from, long to, Path file) throws IOException {
        if (to - from > Integer.MAX_VALUE) throw new IOException("HDF5 metadata of path=" + file + " from offset " + from + " to " + to + " exceeds 2 GiB");
        ByteBuffer b = ByteBuffer.allocate((int) (to - from));
        while (b.hasRemaining() && c.read(b, from + b.position()) > 0) { }
        if (b.hasRemaining()) throw new IOException("HDF5 file path=" + file + " ends early at offset " + (from + b.position()));
        return b.array();
    }
}
