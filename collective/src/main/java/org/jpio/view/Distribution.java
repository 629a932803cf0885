package org.jpio.view;

/** How darray spreads one dimension over the process grid (MPI_DISTRIBUTE_BLOCK, _CYCLIC, _NONE). */
public enum Distribution { BLOCK, CYCLIC, NONE }
