package org.jpio.romio;

/** The two MPI types of a file's current view, freed together when the view is replaced or the file closes. */
record RomioView(MpiDatatype etype, MpiDatatype filetype) implements AutoCloseable {
    @Override public void close() {
        etype.close();
        filetype.close();
    }
}
