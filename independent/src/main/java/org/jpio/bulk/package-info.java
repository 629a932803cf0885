/**
 * The bulk I/O extensions to java.io: {@link org.jpio.bulk.BulkDataInput}/{@link org.jpio.bulk.BulkDataOutput}
 * and the stream and random-access classes that implement them. The on-disk format is DataOutput's
 * (big-endian); for native-order positional I/O use {@link org.jpio.file.ArrayFile}.
 */
package org.jpio.bulk;
