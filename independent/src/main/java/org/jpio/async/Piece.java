package org.jpio.async;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jpio.io.ElementType;

/**
 * One engine operation: a contiguous part of a request (at most {@link AsyncOptions#pieceBytes()}), or
 * a sync. The data is either an array range (array, type, index, count) or a ByteBuffer slice covering
 * exactly the bytes. The engine reports the outcome once through {@link #finish}.
 */
final class Piece {
    enum Kind { READ, WRITE, SYNC, DATASYNC }

    final Kind kind;
    final long position;
    final Object array;
    final ElementType type;
    final int index;
    final int count;
    final ByteBuffer buffer;
    final ByteOrder order;
    private final AsyncRequest owner;
    /** The engine's handle for cancelling (a queued task, a queue entry); set by the engine. */
    volatile Object handle;
    /** Set by a cancel that arrives before the engine took the piece up; the engine then drops it. */
    volatile boolean cancelRequested;

    private Piece(AsyncRequest owner, Kind kind, long position, Object array, ElementType type, int index, int count,
                  ByteBuffer buffer, ByteOrder order) {
        this.owner = owner;
        this.kind = kind;
        this.position = position;
        this.array = array;
        this.type = type;
        this.index = index;
        this.count = count;
        this.buffer = buffer;
        this.order = order;
    }

    static Piece ofArray(AsyncRequest owner, Kind kind, long position, Object array, ElementType type, int index, int count, ByteOrder order) {
        return new Piece(owner, kind, position, array, type, index, count, null, order);
    }

    static Piece ofBuffer(AsyncRequest owner, Kind kind, long position, ByteBuffer slice) {
        return new Piece(owner, kind, position, null, null, 0, 0, slice, slice.order());
    }

    static Piece sync(AsyncRequest owner, boolean metadata) {
        return new Piece(owner, metadata ? Kind.SYNC : Kind.DATASYNC, 0, null, null, 0, 0, null, ByteOrder.nativeOrder());
    }

    boolean isTransfer() { return kind == Kind.READ || kind == Kind.WRITE; }

    /** Bytes this piece moves (0 for a sync). */
    int bytes() {
        if (!isTransfer()) return 0;
        return array != null ? count << type.shift() : buffer.remaining();
    }

    /** The outcome: {@code error} null on success; {@code cancelled} when the engine dropped it unrun. */
    void finish(IOException error, boolean cancelled) { owner.pieceFinished(error, cancelled); }

    String op() { return kind.name().toLowerCase(java.util.Locale.ROOT); }
}
