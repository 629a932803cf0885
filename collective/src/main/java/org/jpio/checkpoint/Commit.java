package org.jpio.checkpoint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.jpio.comm.Comm;

/**
 * One commit, collective over the communicator it runs on (the caller's for {@code commit}, the background
 * writer's duplicate for {@code commitAsync}): every array written into the unpublished directory and
 * synced (a shared file then given the attributes and its metadata checksum, {@link SharedFiles}), then, on rank 0, the manifest written and synced, the checkpoints a restart left superseded, one
 * rename publishing the directory and a sync of the parent, and the checkpoints beyond keep-last removed.
 * Any failure reaches every rank (I/O as a CollectiveIOException) and the unpublished directory is removed:
 * the previous checkpoint stays the latest.
 */
final class Commit {
    private Commit() { }

    static CheckpointInfo run(Comm comm, StoreState st, Plan plan, ChunkSource source) throws IOException {
        List<Manifest.Entry> entries = new ArrayList<>();
        try {
            for (int i = 0; i < plan.items().size(); i++)
                entries.add(ArrayWriter.write(comm, plan, i, source, st.options.format(), st.hints, st.options.blockBytes()));
            List<Manifest.SharedFile> files = SharedFiles.complete(comm, plan, st.options.format(), entries);
            return publish(comm, st, plan, entries, files);
        } catch (IOException | RuntimeException | Error e) {
            source.drain();
            if (comm.rank() == 0) discard(plan.partial(), e);
            throw e;
        }
    }

    private static CheckpointInfo publish(Comm comm, StoreState st, Plan plan, List<Manifest.Entry> entries, List<Manifest.SharedFile> files) throws IOException {
        String op = "checkpoint step=" + plan.step() + " commit dir=" + st.catalog.dir();
        byte[] text = null;
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                Manifest m = new Manifest(Manifest.versionFor(entries, files), plan.step(), st.restartedFrom(),
                        Instant.now().truncatedTo(ChronoUnit.MILLIS).toString(),
                        new Manifest.Writer(comm.size(), st.commName, comm.hostName(), Version.JPIO), plan.attributes(), entries, files);
                text = m.toJson().getBytes(StandardCharsets.UTF_8);
                Durable.write(plan.partial().resolve(Manifest.FILE), text);
                st.supersedeBefore(plan.step());
                st.catalog.publish(plan.partial(), plan.step());
                st.committed(plan.step());
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        comm.agree(op, failed);
        failed = null;
        if (comm.rank() == 0 && st.options.keepLast() > 0) {
            try {
                st.catalog.pruneValid(st.options.keepLast());
            } catch (IOException | RuntimeException e) {
                failed = new IOException("step=" + plan.step() + " is committed, but removing the checkpoints beyond keepLast="
                        + st.options.keepLast() + " failed: " + e.getMessage(), e);
            }
        }
        comm.agree(op + " (keep last " + st.options.keepLast() + ")", failed);
        Manifest m = Manifest.parse(new String(comm.bcastBytes(text, 0), StandardCharsets.UTF_8), op);
        Path path = st.catalog.dir().resolve(Catalog.committedName(plan.step()));
        return new CheckpointInfo(plan.step(), path, CheckpointInfo.State.VALID, "", m.bytes(), m);
    }

    /** Removes an unpublished directory after a failure; a failure to remove it is attached to the first. */
    static void discard(Path partial, Throwable failure) {
        try {
            Durable.deleteTree(partial);
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }
}
