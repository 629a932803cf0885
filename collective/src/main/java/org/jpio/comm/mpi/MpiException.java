package org.jpio.comm.mpi;

/**
 * An MPI call returned an error (communicators use MPI_ERRORS_RETURN); the message names the call, its
 * arguments as key=value, MPI's error code and MPI_Error_string's text. Thrown by the MPI bridge.
 */
public class MpiException extends RuntimeException {
    public MpiException(String message) { super(message); }
}
