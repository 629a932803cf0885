package org.jpio.format;

import hdf.hdf5lib.H5;
import hdf.hdf5lib.HDF5Constants;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The HDF5 identifiers one operation opened, closed in reverse order however it ends: a file closes only
 * once nothing of it is open (HDF5 otherwise keeps it open, and its lock, until the process exits).
 */
final class H5Ids implements AutoCloseable {
    private final Deque<Long> open = new ArrayDeque<>();

    /** Keeps {@code id} to close it later, and returns it. */
    long add(long id) {
        if (id < 0) throw new IllegalStateException("HDF5 returned an invalid identifier " + id);
        open.push(id);
        return id;
    }

    /** Closes {@code id} now (it must be the last one added). */
    void closeLast(long id) {
        if (open.isEmpty() || open.peek() != id) throw new IllegalStateException("HDF5 identifier " + id + " is not the last one opened");
        close(open.pop());
    }

    @Override public void close() {
        RuntimeException first = null;
        while (!open.isEmpty()) {
            try {
                close(open.pop());
            } catch (RuntimeException e) {
                if (first == null) first = e;
                else first.addSuppressed(e);
            }
        }
        if (first != null) throw first;
    }

    private static void close(long id) {
        int type = H5.H5Iget_type(id);
        if (type == HDF5Constants.H5I_FILE) H5.H5Fclose(id);
        else if (type == HDF5Constants.H5I_GROUP) H5.H5Gclose(id);
        else if (type == HDF5Constants.H5I_DATASET) H5.H5Dclose(id);
        else if (type == HDF5Constants.H5I_DATASPACE) H5.H5Sclose(id);
        else if (type == HDF5Constants.H5I_DATATYPE) H5.H5Tclose(id);
        else if (type == HDF5Constants.H5I_ATTR) H5.H5Aclose(id);
        else if (type == HDF5Constants.H5I_GENPROP_LST) H5.H5Pclose(id);
        else throw new IllegalStateException("HDF5 identifier " + id + " has a type (" + type + ") jpio does not open");
    }
}
