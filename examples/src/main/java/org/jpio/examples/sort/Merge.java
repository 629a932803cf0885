package org.jpio.examples.sort;

import java.io.IOException;
import java.util.List;

/** The k-way merge of sorted runs, written once for all variants against {@link Blocks}. */
final class Merge {
    private Merge() { }

    /** Merges the runs into {@code out} through a binary min-heap of run heads; closes {@code out}. */
    static void merge(List<Blocks.In> ins, Blocks.Out out) throws IOException {
        int k = ins.size();
        long[][] bufs = new long[k][];
        int[] len = new int[k], pos = new int[k];
        int[] heap = new int[k];
        long[] head = new long[k];
        int size = 0;
        for (int r = 0; r < k; r++) {
            len[r] = ins.get(r).next();
            bufs[r] = ins.get(r).buf();
            if (len[r] > 0) {
                head[r] = bufs[r][0];
                heap[size] = r;
                siftUp(heap, head, size++);
            }
        }
        long[] ob = out.buf();
        int on = 0;
        while (size > 0) {
            int r = heap[0];
            ob[on++] = head[r];
            if (on == ob.length) {
                out.emit(on);
                ob = out.buf();
                on = 0;
            }
            if (++pos[r] == len[r]) {
                len[r] = ins.get(r).next();
                bufs[r] = ins.get(r).buf();
                pos[r] = 0;
                if (len[r] == 0) {
                    heap[0] = heap[--size];
                    if (size > 0) siftDown(heap, head, size);
                    continue;
                }
            }
            head[r] = bufs[r][pos[r]];
            siftDown(heap, head, size);
        }
        if (on > 0) out.emit(on);
        out.close();
    }

    private static void siftUp(int[] heap, long[] head, int i) {
        int x = heap[i];
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (head[heap[p]] <= head[x]) break;
            heap[i] = heap[p];
            i = p;
        }
        heap[i] = x;
    }

    private static void siftDown(int[] heap, long[] head, int size) {
        int i = 0, x = heap[0];
        long v = head[x];
        while (true) {
            int c = 2 * i + 1;
            if (c >= size) break;
            if (c + 1 < size && head[heap[c + 1]] < head[heap[c]]) c++;
            if (v <= head[heap[c]]) break;
            heap[i] = heap[c];
            i = c;
        }
        heap[i] = x;
    }
}
