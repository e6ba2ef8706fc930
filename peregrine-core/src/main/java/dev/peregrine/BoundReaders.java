package dev.peregrine;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.Reusable;
import dev.peregrine.codec.TypeCodec;

/**
 * Array readers and their contexts, kept between the decodes of a {@link Peregrine}: one for the
 * first thread, one shared by the others (see {@link Reusable}); a call that finds none free makes
 * its own pair. {@link Codec#decode(byte[], int, int)} repeats these steps rather than calling them,
 * for a call level fewer.
 *
 * <p>Perf: a decode then allocates only the decoded objects, where a reader and a context per call
 * escaped into the codecs and were allocated every time.
 */
final class BoundReaders {
    private static final byte[] EMPTY = new byte[0];

    private final Session session;
    private final Reusable<ReadContext> kept = new Reusable<>();

    BoundReaders(Session session) {
        this.session = session;
    }

    /**
     * Decodes a payload from a slice of an array that holds exactly one payload.
     *
     * @param src       the array
     * @param offset    first byte
     * @param length    payload length
     * @param expected  the type the caller expects
     * @param rootCodec the codec of a known root (no tag in the payload), or null to read the tag
     * @param <T>       the expected type
     * @return the value
     */
    <T> T read(byte[] src, int offset, int length, Class<T> expected, TypeCodec<?> rootCodec) {
        ReadContext ctx = kept.take();
        if (ctx == null) {
            ctx = session.newReadContext(new ArrayReader(EMPTY, 0, 0));
        }
        ArrayReader in = (ArrayReader) ctx.in();
        try {
            in.retarget(src, offset, length);
            T value = session.read(ctx, expected, rootCodec);
            Session.requireEnd(in);
            return value;
        } finally {
            in.retarget(EMPTY, 0, 0);
            ctx.release();
            kept.giveBack(ctx);
        }
    }
}
