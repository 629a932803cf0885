package org.jpio.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Another process that asks, without waiting, whether it could lock a range exclusively right now (a
 * plain FileChannel.tryLock, which conflicts with both engines' locks): what other processes see of this
 * JVM's locks, decided at once instead of by a timeout.
 */
final class LockProbe implements AutoCloseable {
    private final Process child;
    private final BufferedReader out;
    private final Writer in;

    LockProbe(Path path) throws IOException {
        child = EngineChild.start(null, "probe", "-", path.toString());
        out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
        in = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.US_ASCII);
        String ready = out.readLine();
        if (!"ready".equals(ready)) throw new IOException("probe process said: " + ready);
    }

    /** Whether another process would be granted an exclusive lock on {@code [position, position+length)} now. */
    boolean exclusiveGranted(long position, long length) throws IOException {
        in.write(position + " " + length + "\n");
        in.flush();
        String answer = out.readLine();
        if ("granted".equals(answer)) return true;
        if ("refused".equals(answer)) return false;
        throw new IOException("probe process said: " + answer);
    }

    @Override
    public void close() throws Exception {
        in.close();
        int exit = EngineChild.await(child);
        if (exit != 0) throw new AssertionError("probe process exit " + exit);
    }
}
