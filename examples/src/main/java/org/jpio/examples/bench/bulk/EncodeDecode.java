package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.nio.file.Path;

/** Paper 3.2: the application's own shift loop between int[] and a big-endian byte[], then one write/read. */
final class EncodeDecode implements Approach {
    @Override
    public void write(Path file, long offset, int[] data) throws IOException {
        byte[] buf = new byte[data.length * 4];
        for (int i = 0, j = 0; i < data.length; i++, j += 4) {
            int v = data[i];
            buf[j] = (byte) (v >>> 24);
            buf[j + 1] = (byte) (v >>> 16);
            buf[j + 2] = (byte) (v >>> 8);
            buf[j + 3] = (byte) v;
        }
        RafBytes.write(file, offset, buf);
    }

    @Override
    public void read(Path file, long offset, int[] data) throws IOException {
        byte[] buf = new byte[data.length * 4];
        RafBytes.read(file, offset, buf);
        for (int i = 0, j = 0; i < data.length; i++, j += 4)
            data[i] = (buf[j] & 255) << 24 | (buf[j + 1] & 255) << 16 | (buf[j + 2] & 255) << 8 | (buf[j + 3] & 255);
    }
}
