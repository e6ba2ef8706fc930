package dev.peregrine;

import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Reusable;

/**
 * Arrays for calls that return a new payload array to write into before copying the payload out,
 * sized from the payloads before them: one kept for the first thread, one shared by the others
 * (see {@link Reusable}); a call that finds none free allocates its own.
 *
 * <p>Perf: a new payload then costs one allocation, the exact-size copy, instead of a scratch array
 * as large as the payload plus the copy; and it is written into one array instead of doubling from
 * a small one (a 676-byte payload used to copy through 64, 128, ..., 1024).
 */
final class SpareArrays {
    /** Largest array kept between calls, so one huge payload is not held on to. */
    private static final int MAX_SPARE = 64 * 1024;

    /**
     * First array size when none is kept: the most room the last payloads needed. Plain field,
     * benign race: a stale value only costs one growth.
     */
    private int sizeHint = 16;
    private final Reusable<byte[]> spare = new Reusable<>();

    /**
     * @param out a writer holding a whole payload
     * @return whether its array is small enough to keep between calls
     */
    static boolean keepable(BufferWriter out) {
        return out.array().length <= MAX_SPARE;
    }

    /** @return a growable writer over a kept array, or over a new one of the usual size */
    BufferWriter writer() {
        byte[] scratch = spare.take();
        return BufferWriter.growable(scratch != null ? scratch : new byte[sizeHint]);
    }

    /**
     * Copies the payload out and keeps the writer's array for the next call.
     *
     * @param out a writer from {@link #writer()}, holding a whole payload
     * @return the payload
     */
    byte[] finish(BufferWriter out) {
        int demand = out.peakDemand();
        if (demand > sizeHint) {
            sizeHint = demand;
        }
        byte[] payload = out.toByteArray();
        if (keepable(out)) {
            spare.giveBack(out.array());
        }
        return payload;
    }
}
