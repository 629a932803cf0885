package org.jpio.examples.bench;

import java.io.IOException;

/**
 * P ranks that run phases together: every rank is {@link RankWorker#set} first, then all are released at
 * once and the phase is timed until the last rank is done, then they verify. Implementations: ranks as
 * threads of this JVM ({@link ThreadTeam}) or as processes speaking {@link LineProtocol} ({@link ProcessTeam}).
 */
public interface Team extends AutoCloseable {
    Phase run(String op, int salt) throws IOException;

    @Override void close() throws IOException;
}
