package org.jpio.layout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import org.jpio.engine.NativeEngine;
import org.jpio.engine.NativeLibrary;

/**
 * The real system calls, through {@code libjpio.so}; the mount table's type name through the JDK's FileStore.
 *
 * <p>The type name of a mount is kept for the life of the JVM, keyed by its device and statfs magic (a
 * different file system mounted on the same device number has another magic), because a FileStore
 * look-up parses the whole mount table: 170-250 us here, against the 10-20 us of ROMIO's open. (The block
 * device's I/O sizes, read from sysfs, are kept by {@link LayoutProbes} with the probe's answer.)
 */
public final class NativeFsCalls implements FsCalls {
    public static final NativeFsCalls INSTANCE = new NativeFsCalls();
    private final java.util.concurrent.ConcurrentHashMap<String, String> typeNames = new java.util.concurrent.ConcurrentHashMap<>();

    private NativeFsCalls() { }

    @Override public Optional<String> unavailable() {
        return NativeLibrary.load(NativeEngine.LIBRARY).map(why -> "lib" + NativeEngine.LIBRARY + ".so did not load: " + why);
    }

    private String ready(Path path) {
        Optional<String> why = unavailable();
        if (why.isPresent()) throw new IllegalStateException("layout calls unavailable: " + why.get() + ": path=" + path);
        return path.toString();
    }

    @Override public FsStat stat(Path path) throws IOException {
        long[] s = LayoutNative.fsStat(ready(path));
        String key = s[3] + ":" + s[4] + ":" + Long.toHexString(s[0]);
        String type = typeNames.get(key);
        if (type == null) {
            type = Files.getFileStore(path).type();
            typeNames.put(key, type);
        }
        return new FsStat(s[0], s[1], s[2], s[3], s[4], type);
    }

    @Override public int[] xfsGeometry(Path path) throws IOException { return LayoutNative.xfsGeometry(ready(path)); }

    @Override public byte[] lustreStripe(Path path) throws IOException { return LayoutNative.lustreStripe(ready(path)); }

    @Override public byte[] getxattr(Path path, String name) throws IOException { return LayoutNative.getxattr(ready(path), name); }

    @Override public void setxattr(Path path, String name, byte[] value) throws IOException { LayoutNative.setxattr(ready(path), name, value); }

    @Override public int[] fsxattr(Path path) throws IOException { return LayoutNative.fsxattr(ready(path)); }

    @Override public void setFsxattr(Path path, int xflags, int extsize) throws IOException { LayoutNative.setFsxattr(ready(path), xflags, extsize); }

    @Override public String sysfs(String relative) throws IOException {
        try {
            return Files.readString(Path.of("/sys").resolve(relative)).trim();
        } catch (NoSuchFileException e) {
            return null;
        }
    }
}
