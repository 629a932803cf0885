/**
 * Checkpoint/restart of distributed arrays: a {@link org.jpio.checkpoint.CheckpointStore} over a directory
 * commits checkpoints atomically (written unpublished, synced, a manifest, one rename), verifies every block
 * by CRC32C, writes in the background on request ({@code commitAsync}, bounded staging memory), keeps the
 * last K, and restarts on any number of ranks with any grid and distribution. The layout and the manifest
 * are specified in docs/FORMATS.md; the design in docs/CHECKPOINT.md. {@link org.jpio.checkpoint.Catalog}
 * lists, verifies and prunes a directory without ranks (the {@code bin/jpio ckpt} command).
 */
package org.jpio.checkpoint;
