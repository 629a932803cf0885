package org.jpio.comm;

/**
 * A communicator that forwards every method a Comm must implement to another one (a LocalComm), for tests
 * that change what one of them answers. The default methods stay Comm's own: no shared memory, no shared
 * counters, no naming of calls, the host names gathered from {@link #hostName()}.
 */
public class ForwardingComm implements Comm {
    private final Comm c;

    public ForwardingComm(Comm c) { this.c = c; }

    @Override public int rank() { return c.rank(); }
    @Override public int size() { return c.size(); }
    @Override public String hostName() { return c.hostName(); }
    @Override public void barrier() { c.barrier(); }
    @Override public void bcast(Object buf, int index, int count, int root) { c.bcast(buf, index, count, root); }
    @Override public void allgather(Object s, int si, int n, Object r, int ri) { c.allgather(s, si, n, r, ri); }
    @Override public void allgatherv(Object s, int si, int n, Object r, int[] rc, int[] d) { c.allgatherv(s, si, n, r, rc, d); }
    @Override public void alltoallv(Object s, int[] sc, int[] sd, Object r, int[] rc, int[] rd) { c.alltoallv(s, sc, sd, r, rc, rd); }
    @Override public void allreduce(Object s, Object r, int n, Op op) { c.allreduce(s, r, n, op); }
    @Override public void sendrecv(Object s, int si, int sn, int dest, Object r, int ri, int rn, int src) { c.sendrecv(s, si, sn, dest, r, ri, rn, src); }
    @Override public Comm split(int color, int key) { return c.split(color, key); }
    @Override public void abort(int status, String reason) { c.abort(status, reason); }
}
