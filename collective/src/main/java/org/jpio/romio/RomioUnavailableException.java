package org.jpio.romio;

/**
 * The ROMIO backend cannot run in this process: the message says what is missing (native library, MPI
 * initialisation, an MPI communicator) and how to get it.
 */
public class RomioUnavailableException extends UnsupportedOperationException {
    public RomioUnavailableException(String why) {
        super("romio backend unavailable: " + why);
    }
}
