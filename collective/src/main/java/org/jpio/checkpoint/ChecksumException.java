package org.jpio.checkpoint;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A block of a checkpoint's array file does not have the CRC32C its manifest names: the bytes on disk are
 * not the bytes that were committed. Names the checkpoint, the array, its file, the block and its byte
 * range in the file, so the damage can be found with any tool.
 */
public final class ChecksumException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient Path checkpoint;
    private final String array;
    private final String file;
    private final int block;
    private final long position, length;

    public ChecksumException(Path checkpoint, String array, String file, int block, long position, long length, int expected, int found) {
        super("checksum mismatch: checkpoint=" + checkpoint + " array=" + array + " file=" + file + " block=" + block
                + " offset=" + position + " length=" + length + " (bytes " + position + ".." + (position + length - 1) + ")"
                + " crc32c expected=" + Manifest.hex(expected) + " found=" + Manifest.hex(found));
        this.checkpoint = checkpoint;
        this.array = array;
        this.file = file;
        this.block = block;
        this.position = position;
        this.length = length;
    }

    /**
     * The bytes of a shared file outside every array's data (the format's metadata: an HDF5 file's
     * superblock, object headers and attributes) do not have the CRC32C of the manifest's {@code files}
     * entry. {@link #array} is "" and {@link #block} -1: the damage is in no array's data.
     */
    public ChecksumException(Path checkpoint, String file, long outsideBytes, int expected, int found) {
        super("checksum mismatch: checkpoint=" + checkpoint + " file=" + file + " metadata (the " + outsideBytes
                + " bytes outside the arrays' data: superblock, object headers, attributes) crc32c expected=" + Manifest.hex(expected)
                + " found=" + Manifest.hex(found));
        this.checkpoint = checkpoint;
        this.array = "";
        this.file = file;
        this.block = -1;
        this.position = -1;
        this.length = outsideBytes;
    }

    public Path checkpoint() { return checkpoint; }
    public String array() { return array; }
    public String file() { return file; }
    public int block() { return block; }
    /** The block's first byte in the file. */
    public long position() { return position; }
    public long length() { return length; }
}
