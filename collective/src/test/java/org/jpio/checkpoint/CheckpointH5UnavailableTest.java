package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * h5 checkpoints in a JVM without the HDF5 bindings: the registry keeps h5 and says why it cannot run,
 * {@code CheckpointOptions.format(h5)} refuses with that reason before the store's directory exists,
 * and an h5 checkpoint already written still verifies and restarts (jpio reads the data where the manifest
 * puts it, and the file's metadata checksum stands for its header). The same JVM with the bindings is the
 * negative control: there h5 checkpoints commit.
 */
class CheckpointH5UnavailableTest {
    @TempDir Path dir;

    private String run(String classPath) throws Exception {
        Path store = ManifestFixtureTest.copy("v2", dir).getParent();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String nativeDir = "-Djpio.native.dir=" + System.getProperty("jpio.native.dir", "");
        return ManifestFixtureTest.run(java, "-XX:TieredStopAtLevel=1", nativeDir, "-cp", classPath, CheckpointH5MissingMain.class.getName(),
                dir.resolve("ckpt").toString(), store.toString());
    }

    @Test
    void withoutHdf5TheOptionIsRefusedBeforeAnythingIsMadeAndH5CheckpointsStillRestart() throws Exception {
        String cp = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("jarhdf5") && !e.contains("slf4j")).collect(Collectors.joining(File.pathSeparator));
        String out = run(cp);
        assertTrue(out.contains("registry: h5 listed=true unavailable=the HDF5 Java bindings (class hdf.hdf5lib.H5 of jarhdf5.jar) are not on the class path"), out);
        assertTrue(out.contains("h5 refused: format h5 is unavailable: the HDF5 Java bindings") && out.contains("apt-get install libhdf5-java libhdf5-jni"), out);
        assertTrue(out.contains("directory made: false"), out);
        assertTrue(out.contains("fixture verified: 12787 bytes") && out.contains("fixture restarted on 3 ranks"), out);
    }

    @Test
    void withHdf5H5CheckpointsCommit() throws Exception {
        String out = run(System.getProperty("java.class.path"));
        assertTrue(out.contains("registry: h5 listed=true unavailable=no") && out.contains("h5 committed: checkpoint.h5") && out.contains("directory made: true"), out);
        assertTrue(out.contains("fixture restarted on 3 ranks"), out);
    }
}
