package org.jpio.examples.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Ranks as threads of this JVM. Each phase: every thread sets up, all meet at a barrier, the clock starts,
 * they do the I/O, meet again, the clock stops, then each verifies. A rank that fails still passes both
 * barriers so the others are never left waiting, and its exception is rethrown with its rank.
 */
public final class ThreadTeam implements Team {
    private final List<RankWorker> ranks;
    private final ExecutorService pool;

    public ThreadTeam(List<RankWorker> ranks) {
        this.ranks = List.copyOf(ranks);
        this.pool = Executors.newFixedThreadPool(ranks.size(), r -> {
            Thread t = new Thread(r, "bench-rank");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public Phase run(String op, int salt) throws IOException {
        int p = ranks.size();
        CyclicBarrier ready = new CyclicBarrier(p + 1), done = new CyclicBarrier(p + 1);
        List<Future<Long>> results = new ArrayList<>();
        for (RankWorker w : ranks) {
            results.add(pool.submit(() -> {
                Exception failed = null;
                try {
                    w.set(op, salt);
                } catch (Exception e) {
                    failed = e;
                }
                ready.await();
                if (failed == null) {
                    try {
                        w.go();
                    } catch (Exception e) {
                        failed = e;
                    }
                }
                done.await();
                if (failed != null) throw failed;
                return w.check();
            }));
        }
        try {
            ready.await();
            long t0 = System.nanoTime();
            done.await();
            double secs = (System.nanoTime() - t0) / 1e9;
            long errors = 0;
            for (int r = 0; r < p; r++) {
                try {
                    errors += results.get(r).get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IOException("rank=" + r + " op=" + op + " failed: " + e.getCause(), e.getCause());
                }
            }
            return new Phase(secs, errors);
        } catch (InterruptedException | java.util.concurrent.BrokenBarrierException e) {
            throw new IOException("op=" + op + " interrupted", e);
        }
    }

    @Override
    public void close() throws IOException {
        pool.shutdownNow();
        Exception first = null;
        for (RankWorker w : ranks) {
            try {
                w.close();
            } catch (Exception e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw new IOException("closing a rank failed: " + first, first);
    }
}
