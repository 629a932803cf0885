package org.jpio.parallel;

import java.nio.file.Path;
import java.util.EnumSet;
import org.jpio.comm.local.LocalComm;

/**
 * Run by {@link WriteOnlyPermissionTest} as an unprivileged user who may write FILE but not read it (mode
 * 0200): 2 in-JVM ranks write through a write-only handle with a view with holes. Prints the
 * {@code jpio_write_only} hint and "permission ok".
 */
public final class WriteOnlyPermissionMain {
    private WriteOnlyPermissionMain() { }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        String engine = args[1], config = args[2];
        LocalComm.run(2, comm -> {
            int[] mine = new int[WriteOnly.COUNT];
            for (int i = 0; i < mine.length; i++) mine[i] = WriteOnly.value(comm.rank(), i);
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.WRONLY), WriteOnly.hints(config, engine))) {
                f.setView(WriteOnly.view(comm));
                if (config.equals("write_at")) f.writeAt(0, Elements.of(mine));
                else f.writeAll(Elements.of(mine));
                if (comm.rank() == 0) System.out.println("jpio_write_only=" + f.hints().get("jpio_write_only"));
            }
        });
        System.out.println("permission ok");
    }
}
