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
     * A writer for a payload that starts with {@code lead}, positioned just past it. Perf: every
     * array kept here held a payload of this one {@code Codec}, and each of its compatible payloads
     * starts with the same lead (a growth copies it along), so a kept array holds it already and
     * only a new one is given it: a copy fewer per payload, the size of the root's class defs
     * (compatible SimpleObject serialize 20.2 / 20.2 -> 17.6 / 18.0 ns, Struct 174.8 / 185.4 ->
     * 166.5 / 169.8; DESIGN.md, forty-fourth round).
     *
     * @param lead the first bytes of every payload written through this instance's writers since
     *             it was made; an instance used with a lead is used with that lead alone
     * @return a growable writer
     */
    BufferWriter writer(byte[] lead) {
        byte[] scratch = spare.take();
        if (scratch != null) {
            BufferWriter out = BufferWriter.growable(scratch);
            out.position(lead.length);
            return out;
        }
        BufferWriter out = BufferWriter.growable(new byte[Math.max(sizeHint, lead.length)]);
        out.writeBytes(lead, 0, lead.length);
        return out;
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
