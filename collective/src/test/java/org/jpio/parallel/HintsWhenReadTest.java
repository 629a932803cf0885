package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.jpio.comm.local.LocalComm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParallelFile#hintsWhenRead()} renders its map when it is first read, possibly after close, and reads
 * then exactly what {@link ParallelFile#hints()} said when it was taken: the counts are taken at the call
 * (close makes collectives of its own), the driver's choices are those of the last transfer.
 */
class HintsWhenReadTest {
    @TempDir Path dir;

    @Test
    void readAfterCloseItSaysWhatHintsSaidWhenTaken() throws Exception {
        LocalComm.run(2, comm -> {
            int[] buf = new int[1024];
            Map<String, String> now, later, afterClose;
            try (ParallelFile f = ParallelFile.open(comm, dir.resolve("f.bin"), EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.defaults())) {
                f.writeAtAll((long) comm.rank() * 4096, Elements.of(buf));
                now = f.hints();
                later = f.hintsWhenRead();
                f.readAtAll((long) comm.rank() * 4096, Elements.of(buf));
                afterClose = f.hintsWhenRead(); // taken after the read, read after close
            }
            assertEquals(now, later, "rendered after close, taken after the write");
            assertEquals(now.keySet(), later.keySet());
            assertEquals(String.valueOf(now.get("jpio_cb_write_choice")), later.get("jpio_cb_write_choice"));
            // the read came after the map was taken: its choice is not in it (the driver's choices are kept at
            // the call; made into strings from the driver's state when read, the map had it, and failed above)
            assertFalse(later.containsKey("jpio_cb_read_choice"), later.toString());
            assertTrue(afterClose.containsKey("jpio_cb_read_choice"), afterClose.toString());
            // the negative control: a map taken later counts more calls and collectives, so rendering the
            // counts when the map is read (after close's own collectives) would not match what hints() said
            assertNotEquals(now.get("jpio_count_calls"), afterClose.get("jpio_count_calls"));
            assertNotEquals(now.get("jpio_count_collectives"), afterClose.get("jpio_count_collectives"));
            assertThrows(UnsupportedOperationException.class, () -> later.put("x", "y"));
        });
    }
}
