package org.jpio.comm.local;

import org.jpio.comm.Comm;
import org.jpio.comm.SharedMemory;

/** The parts of {@link LocalComm#shared}; a rendezvous orders every rank's stores before the others' loads. */
record LocalShared(java.nio.ByteBuffer[] parts, Comm comm) implements SharedMemory {
    boolean fits(long[] bytes) {
        if (bytes == null || bytes.length != parts.length) return false;
        for (int r = 0; r < parts.length; r++) if (parts[r].capacity() < bytes[r]) return false;
        return true;
    }

    @Override public long size(int rank) { return parts[rank].capacity(); }

    @Override public java.nio.ByteBuffer part(int rank, long offset, int length) {
        return parts[rank].slice(Math.toIntExact(offset), length).order(java.nio.ByteOrder.nativeOrder());
    }

    @Override public void sync() { comm.barrier(); }
}
