package org.jpio.driver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpio.view.FileView;

/**
 * A driver that moves no bytes and records every call it receives (ROMIO's ad_testfs): for tests of what
 * ParallelFile does above the drivers (file pointer, views, argument checks, agreement) without I/O. A
 * transfer reports all its bytes moved; reads leave the buffer as it was. {@link #size()} is the end of
 * the furthest write (or the last set_size). Each rank records into its own driver.
 */
public final class RecordingDriver implements FileDriver {
    /** One call: MPI's name of the operation, the view offset (etypes) or size, and the element count. */
    public record Call(String op, long offset, int count) { }

    public static final String NAME = "recording";

    private final List<Call> calls = Collections.synchronizedList(new ArrayList<>());
    private long size;
    private boolean atomic;
    private boolean closed;

    /** A factory that opens a recording driver of a file of {@code size} bytes and hands it to {@code sink} (one per rank). */
    public static Factory factory(long size, java.util.function.Consumer<RecordingDriver> sink) {
        return r -> {
            RecordingDriver d = new RecordingDriver();
            d.size = size;
            sink.accept(d);
            return d;
        };
    }

    /** The calls so far, in order. */
    public List<Call> calls() { return List.copyOf(calls); }

    public boolean atomic() { return atomic; }

    public boolean isClosed() { return closed; }

    @Override public String name() { return NAME; }

    @Override public void setView(FileView view) { calls.add(new Call("set_view", view.displacement(), 0)); }

    @Override public long read(Transfer t) { return record("read_at", t); }

    @Override public long write(Transfer t) { return record("write_at", t); }

    @Override public long readAll(Transfer t, Extents all) { return record("read_at_all", t); }

    @Override public long writeAll(Transfer t, Extents all) { return record("write_at_all", t); }

    private long record(String op, Transfer t) {
        calls.add(new Call(op, t.offset(), t.count()));
        if (op.startsWith("write") && t.access().runs() > 0) size = Math.max(size, t.access().end());
        return t.bytes();
    }

    @Override public long size() { return size; }

    @Override public void setSize(long size) {
        calls.add(new Call("set_size", size, 0));
        this.size = size;
    }

    @Override public void preallocate(long size) {
        calls.add(new Call("preallocate", size, 0));
        this.size = Math.max(this.size, size);
    }

    @Override public void sync() { calls.add(new Call("sync", 0, 0)); }

    @Override public void setAtomicity(boolean on) {
        calls.add(new Call("set_atomicity", on ? 1 : 0, 0));
        atomic = on;
    }

    @Override public Map<String, String> hints() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("jpio_recorded_calls", Integer.toString(calls.size()));
        return h;
    }

    @Override public void close() {
        calls.add(new Call("close", 0, 0));
        closed = true;
    }
}
