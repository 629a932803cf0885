/**
 * The ROMIO backend: MPI-IO (ROMIO, or Open MPI's OMPIO) reached through a thin JNI bridge in
 * jpio's MPI bridge ({@code libjpiompi-<abi>.so}), on the same processes and communicator as {@code MpiComm}.
 *
 * <p>{@link org.jpio.romio.RomioFile} is an MPI file ({@code MPI_File}): open with hints, set a view
 * from jpio's file-view description (translated to MPI datatypes by {@link org.jpio.romio.RomioTypes}),
 * independent and collective reads and writes from Java arrays (pinned, no staging copy) and direct
 * buffers, nonblocking ones returning a {@link org.jpio.romio.RomioRequest}. {@link
 * org.jpio.romio.RomioBackend} says whether it can run here and why not. See docs/ROMIO.md.
 */
package org.jpio.romio;
