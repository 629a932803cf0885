package org.jpio.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.jpio.io.ElementType;

/**
 * The seam's fake: a format that passes every call to another and records it ("prepare /g/x", "finish /g/x",
 * ...) in order, and fails the calls named by {@link #failAt} with an IOException, so a test sees what a
 * write or read asked of its format and what happens when a step fails. Not registered.
 */
public final class RecordingFormat implements ArrayFormat {
    private final ArrayFormat real;
    private final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    private final java.util.Set<String> failing = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public RecordingFormat(ArrayFormat real) { this.real = real; }

    /** The calls so far: the method's name and the dataset (or object) it was about. */
    public List<String> calls() { synchronized (calls) { return List.copyOf(calls); } }

    /** Makes the next call of each of {@code methods} ("prepare", "finish", "discard", ...) throw an IOException. */
    public RecordingFormat failAt(String... methods) {
        failing.addAll(List.of(methods));
        return this;
    }

    private void record(String method, String what) throws IOException {
        calls.add(method + " " + what);
        if (failing.remove(method)) {
            throw new IOException("recording format: " + method + " fails as asked: " + what);
        }
    }

    @Override public String name() { return real.name(); }
    @Override public List<String> extensions() { return real.extensions(); }
    @Override public Optional<String> unavailableReason() { return real.unavailableReason(); }
    @Override public boolean selfDescribing() { return real.selfDescribing(); }
    @Override public boolean holdsSeveral() { return real.holdsSeveral(); }
    @Override public String defaultDataset() { return real.defaultDataset(); }

    @Override public StoredArray prepare(Path file, ElementType type, long[] shape) throws IOException {
        record("prepare", "");
        return real.prepare(file, type, shape);
    }

    @Override public StoredArray prepare(Path file, NewArray array) throws IOException {
        record("prepare", array.dataset());
        return real.prepare(file, array);
    }

    @Override public StoredArray prepareInPlace(Path file, NewArray array, Path scratch) throws IOException {
        record("prepareInPlace", array.dataset());
        return real.prepareInPlace(file, array, scratch);
    }

    @Override public void finish(Path file, StoredArray stored) throws IOException {
        record("finish", stored.dataset());
        real.finish(file, stored);
    }

    @Override public void discard(Path file, StoredArray stored) throws IOException {
        record("discard", stored.dataset());
        real.discard(file, stored);
    }

    @Override public StoredArray inspect(Path file) throws IOException {
        record("inspect", "");
        return real.inspect(file);
    }

    @Override public StoredArray inspect(Path file, String dataset) throws IOException {
        record("inspect", dataset);
        return real.inspect(file, dataset);
    }

    @Override public List<String> datasets(Path file) throws IOException {
        record("datasets", "");
        return real.datasets(file);
    }

    @Override public Attributes attributes(Path file, String object) throws IOException {
        record("attributes", object);
        return real.attributes(file, object);
    }

    @Override public void setAttributes(Path file, String object, Attributes attributes) throws IOException {
        record("setAttributes", object);
        real.setAttributes(file, object, attributes);
    }

    @Override public void readSelection(Path file, StoredArray stored, long[][] indices, ByteBuffer dst) throws IOException {
        record("readSelection", stored.dataset());
        real.readSelection(file, stored, indices, dst);
    }

    @Override public String toString() { return "recording " + real; }
}
