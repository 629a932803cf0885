package org.jpio.file;

import java.nio.ByteOrder;
import org.jpio.engine.Engines;
import org.jpio.engine.IoEngine;

/**
 * How an {@link ArrayFile} is opened, as an immutable value with withers. Defaults: native byte order
 * (MPI's {@code native} representation), the default engine, no O_DIRECT, and ROMIO's data-sieving
 * defaults ({@code romio_ds_read}/{@code romio_ds_write} enabled, {@code ind_rd_buffer_size} 4 MiB,
 * {@code ind_wr_buffer_size} 512 KiB).
 */
public record ArrayFileOptions(ByteOrder order, IoEngine engine, boolean direct,
                               boolean dsRead, boolean dsWrite, int indRdBufferSize, int indWrBufferSize) {

    public static final int IND_RD_BUFFER_SIZE = 4 * 1024 * 1024;
    public static final int IND_WR_BUFFER_SIZE = 512 * 1024;

    public ArrayFileOptions {
        if (order == null) throw new IllegalArgumentException("byte order is null");
        if (engine == null) throw new IllegalArgumentException("engine is null");
        if (indRdBufferSize <= 0) throw new IllegalArgumentException("ind_rd_buffer_size=" + indRdBufferSize + " must be positive");
        if (indWrBufferSize <= 0) throw new IllegalArgumentException("ind_wr_buffer_size=" + indWrBufferSize + " must be positive");
    }

    public static ArrayFileOptions defaults() {
        return new ArrayFileOptions(ByteOrder.nativeOrder(), Engines.defaultEngine(), false, true, true,
                IND_RD_BUFFER_SIZE, IND_WR_BUFFER_SIZE);
    }

    public ArrayFileOptions withOrder(ByteOrder o) { return new ArrayFileOptions(o, engine, direct, dsRead, dsWrite, indRdBufferSize, indWrBufferSize); }

    public ArrayFileOptions withEngine(IoEngine e) { return new ArrayFileOptions(order, e, direct, dsRead, dsWrite, indRdBufferSize, indWrBufferSize); }

    /** The engine by registry name; unknown or unavailable names fail with the reason. */
    public ArrayFileOptions withEngine(String name) { return withEngine(Engines.get(name)); }

    public ArrayFileOptions withDirect(boolean d) { return new ArrayFileOptions(order, engine, d, dsRead, dsWrite, indRdBufferSize, indWrBufferSize); }

    /** romio_ds_read / romio_ds_write: data sieving for noncontiguous reads and writes. */
    public ArrayFileOptions withSieving(boolean read, boolean write) { return new ArrayFileOptions(order, engine, direct, read, write, indRdBufferSize, indWrBufferSize); }

    /** ind_rd_buffer_size / ind_wr_buffer_size in bytes. */
    public ArrayFileOptions withSieveBuffers(int rd, int wr) { return new ArrayFileOptions(order, engine, direct, dsRead, dsWrite, rd, wr); }
}
