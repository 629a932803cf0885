package org.jpio.layout;

/**
 * What clients on different hosts contend for when they write one file, by file system type (the mount
 * table's name): what the automatic collective choice weighs against moving data between hosts.
 * <ul>
 * <li>{@link #EXTENT}: Lustre (LDLM extent locks, per stripe object) and GPFS (byte-range tokens, per
 *     block): two hosts writing within one stripe take the lock in turn, so aggregation by whole
 *     stripes spares the contention.</li>
 * <li>{@link #FILE}: CephFS (capabilities per file: a second writer makes every client's writes go to the
 *     OSDs synchronously) and NFS (close-to-open): the whole file is shared alike whether each rank or
 *     one aggregator per host writes, so aggregation spares nothing.</li>
 * <li>{@link #NONE}: a local file system (one kernel, one page cache): nothing to contend for.</li>
 * </ul>
 */
public enum Locking {
    NONE("no locks between hosts: one kernel's file system"),
    EXTENT("extent locks per stripe between hosts"),
    FILE("per-file capabilities between hosts");

    private final String what;

    Locking(String what) { this.what = what; }

    public static Locking of(String fsType) {
        String t = fsType == null ? "" : fsType;
        if (t.equals("lustre") || t.equals("gpfs")) return EXTENT;
        if (t.equals("ceph") || t.startsWith("fuse.ceph") || t.startsWith("nfs")) return FILE;
        return NONE;
    }

    @Override public String toString() { return name().toLowerCase() + " (" + what + ")"; }
}
