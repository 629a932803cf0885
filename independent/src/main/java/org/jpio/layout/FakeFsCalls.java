package org.jpio.layout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * System calls answered from a table, for tests of the probes' decisions on file systems this machine
 * does not have (Lustre, GPFS): each answer is set per path (and attribute name), every call is recorded
 * ({@link #calls()}), and a call without an answer fails as the kernel would when the file system does
 * not know the request (ENOTTY for an ioctl, no attribute for getxattr, no such file under /sys).
 * Attributes set are kept, so a layout set can be read back.
 */
public final class FakeFsCalls implements FsCalls {
    private final Map<Path, FsStat> stats = new HashMap<>();
    private final Map<Path, int[]> xfs = new HashMap<>();
    private final Map<Path, byte[]> lustre = new HashMap<>();
    private final Map<String, byte[]> xattrs = new HashMap<>();
    private final Map<Path, int[]> fsx = new HashMap<>();
    private final Map<String, String> sys = new HashMap<>();
    private final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    private volatile String unavailable;

    public FakeFsCalls stat(Path p, FsStat s) { stats.put(p, s); return this; }

    public FakeFsCalls xfsGeometry(Path p, int blocksize, int sunit, int swidth) { xfs.put(p, new int[] {blocksize, sunit, swidth}); return this; }

    public FakeFsCalls lustreStripe(Path p, byte[] header) { lustre.put(p, header.clone()); return this; }

    public FakeFsCalls xattr(Path p, String name, String value) { xattrs.put(p + "\0" + name, value.getBytes(StandardCharsets.UTF_8)); return this; }

    public FakeFsCalls fsxattr(Path p, int xflags, int extsize, int nextents) { fsx.put(p, new int[] {xflags, extsize, nextents}); return this; }

    public FakeFsCalls sysfs(String relative, String value) { sys.put(relative, value); return this; }

    /** Every call so far, as {@code name path [argument]}. */
    public List<String> calls() { return List.copyOf(calls); }

    /** Makes the calls unavailable, for {@code why} (as a native library that did not load). */
    public FakeFsCalls unavailable(String why) { unavailable = why; return this; }

    @Override public Optional<String> unavailable() { return Optional.ofNullable(unavailable); }

    @Override public FsStat stat(Path path) throws IOException {
        calls.add("stat " + path);
        FsStat s = stats.get(path);
        if (s == null) throw new IOException("statfs failed: path=" + path + " errno=2 (No such file or directory)");
        return s;
    }

    @Override public int[] xfsGeometry(Path path) throws IOException {
        calls.add("XFS_IOC_FSGEOMETRY " + path);
        return answer(xfs.get(path), "XFS_IOC_FSGEOMETRY", path).clone();
    }

    @Override public byte[] lustreStripe(Path path) throws IOException {
        calls.add("LL_IOC_LOV_GETSTRIPE " + path);
        return answer(lustre.get(path), "LL_IOC_LOV_GETSTRIPE", path).clone();
    }

    @Override public byte[] getxattr(Path path, String name) {
        calls.add("getxattr " + path + " " + name);
        byte[] v = xattrs.get(path + "\0" + name);
        return v == null ? null : v.clone();
    }

    @Override public void setxattr(Path path, String name, byte[] value) {
        calls.add("setxattr " + path + " " + name + " " + new String(value, StandardCharsets.UTF_8));
        xattrs.put(path + "\0" + name, value.clone());
    }

    @Override public int[] fsxattr(Path path) throws IOException {
        calls.add("FS_IOC_FSGETXATTR " + path);
        return answer(fsx.get(path), "FS_IOC_FSGETXATTR", path).clone();
    }

    @Override public void setFsxattr(Path path, int xflags, int extsize) throws IOException {
        calls.add("FS_IOC_FSSETXATTR " + path + " xflags=" + xflags + " extsize=" + extsize);
        int[] now = answer(fsx.get(path), "FS_IOC_FSSETXATTR", path);
        fsx.put(path, new int[] {xflags, extsize, now[2]});
    }

    @Override public String sysfs(String relative) {
        calls.add("sysfs " + relative);
        return sys.get(relative);
    }

    private static <T> T answer(T v, String op, Path path) throws IOException {
        if (v == null) throw new IOException(op + " failed: path=" + path + " offset=0 length=0 errno=25 (Inappropriate ioctl for device)");
        return v;
    }
}
