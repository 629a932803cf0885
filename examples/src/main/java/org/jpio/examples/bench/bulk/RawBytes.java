package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Paper 3.1: the data is already a byte[], written and read with one RandomAccessFile call: java.io's upper
 * bound, no conversion timed. The conversions to and from the int values happen in the untimed steps.
 */
final class RawBytes implements Approach {
    private byte[] bytes = new byte[0];

    @Override
    public void prepareWrite(int[] data) {
        bytes = new byte[data.length * 4];
        ByteBuffer.wrap(bytes).asIntBuffer().put(data);
    }

    @Override
    public void prepareRead(int[] data) {
        if (bytes.length != data.length * 4) bytes = new byte[data.length * 4];
        Arrays.fill(bytes, (byte) 0);
    }

    @Override
    public void write(Path file, long offset, int[] data) throws IOException {
        RafBytes.write(file, offset, bytes);
    }

    @Override
    public void read(Path file, long offset, int[] data) throws IOException {
        RafBytes.read(file, offset, bytes);
    }

    @Override
    public void afterRead(int[] data) {
        ByteBuffer.wrap(bytes).asIntBuffer().get(data);
    }
}
