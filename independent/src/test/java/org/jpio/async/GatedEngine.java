package org.jpio.async;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jpio.engine.OpenSpec;

/**
 * A test engine: the real portable engine, except that pieces are held back until {@link #release()}.
 * It makes "in flight" a state a test can hold deterministically (timeouts, polling, cancel, sync
 * ordering, overlap detection); the bytes still move through the real engine once released.
 */
final class GatedEngine implements AsyncEngine {
    private final PortableEngine real = new PortableEngine();
    private final List<Runnable> held = new ArrayList<>();
    private boolean open = false;

    @Override public String name() { return "gated"; }

    synchronized void release() {
        open = true;
        List<Runnable> rs = new ArrayList<>(held);
        held.clear();
        rs.forEach(Runnable::run);
    }

    synchronized int held() { return held.size(); }

    @Override
    public AsyncChannel open(Path path, OpenSpec spec, AsyncOptions options) throws IOException {
        AsyncChannel ch = real.open(path, spec, options);
        return new AsyncChannel() {
            @Override public long size() throws IOException { return ch.size(); }

            @Override
            public void submit(Piece p) throws IOException {
                synchronized (GatedEngine.this) {
                    if (!open) {
                        Runnable r = () -> {
                            try {
                                ch.submit(p);
                            } catch (IOException e) {
                                p.finish(e, false);
                            }
                        };
                        p.handle = r;
                        held.add(r);
                        return;
                    }
                }
                ch.submit(p);
            }

            @Override
            public void cancel(Piece p) {
                synchronized (GatedEngine.this) {
                    if (p.handle instanceof Runnable r && held.remove(r)) {
                        p.finish(null, true);
                        return;
                    }
                }
                ch.cancel(p);
            }

            @Override public void close() throws IOException { ch.close(); }
        };
    }
}
