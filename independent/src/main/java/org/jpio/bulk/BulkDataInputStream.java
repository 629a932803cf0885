package org.jpio.bulk;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.jpio.io.ElementType;

/** A {@link DataInputStream} with {@code readArray}: large {@code readFully} calls, one conversion pass. */
public class BulkDataInputStream extends DataInputStream implements BulkDataInput {
    private final ByteBuffer chunk = ByteBuffer.allocate(Chunks.SIZE);

    public BulkDataInputStream(InputStream in) {
        super(in);
    }

    @Override
    public void readElements(Object array, ElementType type, int index, int count) throws IOException {
        Chunks.decode(chunk, array, type, index, count, b -> readFully(b.array(), 0, b.limit()));
    }
}
