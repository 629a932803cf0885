package org.jpio.format;

import java.util.Arrays;
import org.jpio.io.ElementType;

/**
 * What {@link ArrayFormat#prepare(java.nio.file.Path, NewArray)} lays out: an array of {@code type} and
 * {@code shape} in C order and native byte order, named {@code dataset} inside the file ("" for the file's
 * one array or the format's default), with {@code attributes}, its data starting on a multiple of
 * {@code alignment} bytes where the format can place it (the file system's stripe size; 0 or 1: anywhere).
 */
public record NewArray(String dataset, ElementType type, long[] shape, Attributes attributes, long alignment) {
    public NewArray {
        if (dataset == null || type == null || shape == null || attributes == null)
            throw new IllegalArgumentException("new array: dataset, type, shape and attributes must not be null");
        if (alignment < 0) throw new IllegalArgumentException("new array: alignment=" + alignment + " must be >= 0");
        shape = shape.clone();
        for (long s : shape) if (s < 0) throw new IllegalArgumentException("new array: shape " + Arrays.toString(shape) + " has a negative extent");
    }

    /** An array with no name, no attributes and no alignment: what a single-array format writes. */
    public static NewArray of(ElementType type, long... shape) { return new NewArray("", type, shape, Attributes.empty(), 0); }

    @Override public long[] shape() { return shape.clone(); }
}
