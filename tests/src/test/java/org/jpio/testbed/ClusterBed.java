package org.jpio.testbed;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The simulated cluster of scripts/testbed/cluster.sh for a test class, with the file system its ranks
 * share: a striped XFS mounted before the hosts are made (every host sees it), or CephFS with its daemons
 * in the bridge's namespace and one ceph-fuse client per host, mounted in each host's own mount namespace
 * at the same path (hosts then share no page cache, as cluster nodes do not). {@link #close} tears down in
 * the order that leaves nothing hanging: ceph clients and daemons, then the hosts, then the XFS.
 */
final class ClusterBed implements AutoCloseable {
    enum Fs { XFS, CEPH }

    final Path dir, cluster, fsDir, mnt;
    final Fs fs;

    private ClusterBed(Path dir, Fs fs) {
        this.dir = dir;
        this.cluster = dir.resolve("cluster");
        this.fsDir = dir.resolve(fs == Fs.XFS ? "xfs" : "ceph");
        this.mnt = fs == Fs.XFS ? fsDir.resolve("mnt") : dir.resolve("cephfs");
        this.fs = fs;
    }

    /** {@code hosts} hosts with links of {@code rate} (tc syntax) sharing a file system of kind {@code fs}. */
    static ClusterBed up(String name, int hosts, String rate, Fs fs) throws Exception {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "jpio-" + name + "-" + ProcessHandle.current().pid());
        Files.createDirectories(dir);
        ClusterBed b = new ClusterBed(dir, fs);
        try {
            if (fs == Fs.XFS) TestBed.run("xfs.sh", 120, "up", b.fsDir.toString(), "64k", "4");
            TestBed.run("cluster.sh", 60, "up", b.cluster.toString(), Integer.toString(hosts), rate);
            if (fs == Fs.CEPH) {
                TestBed.run("cluster.sh", 180, "exec", b.cluster.toString(), "sw", "bash", TestBed.script("ceph.sh").toString(), "up", b.fsDir.toString(), "10.213.77.254");
                Files.createDirectories(b.mnt);
                for (int h = 1; h <= hosts; h++)
                    TestBed.run("ceph.sh", 60, "mount", b.fsDir.toString(), b.mnt.toString(), b.pid("h" + h));
            }
            return b;
        } catch (Throwable t) {
            b.close();
            throw t;
        }
    }

    /** The process holding host {@code h}'s namespaces. */
    String pid(String h) throws Exception {
        for (String line : Files.readAllLines(cluster.resolve("hosts"))) {
            String[] f = line.split(" ");
            if (f[0].equals(h)) return f[1];
        }
        throw new IllegalArgumentException("no host " + h + " in " + cluster.resolve("hosts"));
    }

    /** What starts mpirun inside h1 with the cluster's options; -np, --host and the program follow. */
    List<String> launcher() { return List.of("bash", TestBed.script("cluster.sh").toString(), "mpirun", cluster.toString()); }

    @Override public void close() {
        if (Files.exists(fsDir) && fs == Fs.CEPH) TestBed.run("ceph.sh", 120, "down", fsDir.toString());
        if (Files.exists(cluster)) TestBed.run("cluster.sh", 60, "down", cluster.toString());
        if (Files.exists(fsDir) && fs == Fs.XFS) TestBed.run("xfs.sh", 120, "down", fsDir.toString());
        try {
            if (Files.exists(mnt) && fs == Fs.CEPH) Files.deleteIfExists(mnt);
            Files.deleteIfExists(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cluster test bed left " + dir, e);
        }
    }
}
