package org.jpio.bulk;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import org.jpio.io.ElementType;

/**
 * A {@link DataOutputStream} with {@code writeArray}: each array goes out in a few large
 * {@code write(byte[], ...)} calls on the underlying stream. {@link #size()} counts array bytes too.
 */
public class BulkDataOutputStream extends DataOutputStream implements BulkDataOutput {
    private final ByteBuffer chunk = ByteBuffer.allocate(Chunks.SIZE);

    public BulkDataOutputStream(OutputStream out) {
        super(out);
    }

    @Override
    public void writeElements(Object array, ElementType type, int index, int count) throws IOException {
        Chunks.encode(chunk, array, type, index, count, b -> {
            out.write(b.array(), 0, b.limit());
            written = written + b.limit() < 0 ? Integer.MAX_VALUE : written + b.limit(); // DataOutputStream saturates
        });
    }
}
