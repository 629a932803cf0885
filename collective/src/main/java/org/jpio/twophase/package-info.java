/**
 * ROMIO's two-phase collective I/O arithmetic as pure functions (the parts of ad_aggregate.c and
 * ad_write_coll.c that decide, not the parts that move bytes): access ranges per rank
 * ({@link org.jpio.twophase.Access}), aggregator choice from hosts and {@code cb_config_list}
 * ({@link org.jpio.twophase.Aggregators}), file domains aligned to {@code striping_unit}
 * ({@link org.jpio.twophase.FileDomains}), cycles of at most {@code cb_buffer_size}
 * ({@link org.jpio.twophase.Cycles}) and, per cycle, which piece of which rank's data goes where
 * ({@link org.jpio.twophase.Exchange}). Every answer is computed lazily from the ranks' views, so memory
 * stays bounded by a cycle, never by the number of runs of an access.
 */
package org.jpio.twophase;
