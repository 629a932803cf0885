package org.jpio.engine;

/** Access-pattern advice, as {@code posix_fadvise}'s POSIX_FADV_* values. */
public enum Advice { NORMAL, SEQUENTIAL, RANDOM, WILLNEED, DONTNEED, NOREUSE }
