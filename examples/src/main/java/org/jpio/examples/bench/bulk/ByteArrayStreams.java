package org.jpio.examples.bench.bulk;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Paper 3.5: a DataOutputStream over a ByteArrayOutputStream sized to the block, then one write of
 * toByteArray() (a second copy); reading is one readFully into a byte[] and readInt per element from a
 * DataInputStream over a ByteArrayInputStream.
 */
final class ByteArrayStreams implements Approach {
    @Override
    public void write(Path file, long offset, int[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(data.length * 4);
        DataOutputStream out = new DataOutputStream(bytes);
        for (int v : data) out.writeInt(v);
        RafBytes.write(file, offset, bytes.toByteArray());
    }

    @Override
    public void read(Path file, long offset, int[] data) throws IOException {
        byte[] buf = new byte[data.length * 4];
        RafBytes.read(file, offset, buf);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(buf));
        for (int i = 0; i < data.length; i++) data[i] = in.readInt();
    }
}
