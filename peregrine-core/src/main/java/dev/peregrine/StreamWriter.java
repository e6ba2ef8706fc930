package dev.peregrine;

import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.WriteContext;
import dev.peregrine.compat.DefTable;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A stream session for writing: values framed one after another on one stream, as
 * {@link Peregrine#serialize(Object, OutputStream)} frames them. In the compatible format the session
 * remembers which class definitions it has written, so each travels once per stream (what other
 * serializers call meta sharing); later frames refer to it by index, so they can only be read, in
 * order, by a {@link StreamReader} over the same stream. Same-schema frames are independent.
 *
 * <p>Not thread-safe: one writer per stream, used by one thread at a time.
 */
public final class StreamWriter implements AutoCloseable {
    private final Session session;
    private final OutputStream out;
    private final WriteContext ctx;

    StreamWriter(Session session, OutputStream out) {
        this.session = session;
        this.out = out;
        this.ctx = session.newContext(BufferWriter.growable(256), true);
    }

    /**
     * Writes one value as one frame.
     *
     * @param value any supported value, or null
     * @throws StreamException when the stream fails
     */
    public void write(Object value) {
        BufferWriter payload = ctx.out();
        payload.reset();
        Frames.begin(payload);
        ctx.reset();
        // Perf: carriesDefs first; see WriteContext.carriesDefs.
        DefTable defs = ctx.carriesDefs() ? ctx.defs() : null;
        long mark = defs == null ? 0 : defs.mark();
        try {
            session.write(ctx, value, null, null);
        } catch (RuntimeException | Error e) {
            if (defs != null) {
                defs.rollBack(mark);
            }
            throw e;
        } finally {
            ctx.release();
        }
        Frames.write(out, payload);
    }

    /**
     * Flushes the stream.
     *
     * @throws StreamException when the stream fails
     */
    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new StreamException(e);
        }
    }

    /**
     * Closes the stream.
     *
     * @throws StreamException when the stream fails
     */
    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new StreamException(e);
        }
    }
}
