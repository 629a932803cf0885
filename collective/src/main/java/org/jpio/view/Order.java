package org.jpio.view;

/** Array storage order of subarray and darray types (MPI_ORDER_C, MPI_ORDER_FORTRAN). */
public enum Order {
    /** Row-major: the last dimension varies fastest. */
    C,
    /** Column-major: the first dimension varies fastest. */
    FORTRAN
}
