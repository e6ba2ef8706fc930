package dev.peregrine;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.codec.ReadContext;

import java.io.IOException;
import java.io.InputStream;

/**
 * A stream session for reading what a {@link StreamWriter} wrote, frame by frame, in order. In the
 * compatible format it keeps the class definitions earlier frames carried, which later frames refer
 * to. Each frame is bounded by {@code maxPayloadBytes} and read with every other limit.
 *
 * <p>Not thread-safe: one reader per stream, used by one thread at a time.
 */
public final class StreamReader implements AutoCloseable {
    private final Session session;
    private final InputStream in;
    private final ReadContext ctx;

    StreamReader(Session session, InputStream in) {
        this.session = session;
        this.in = in;
        this.ctx = session.newReadContext(new ArrayReader(new byte[0], 0, 0), true);
    }

    /**
     * Reads the next value.
     *
     * @param type the type expected
     * @param <T>  that type
     * @return the value, or null when a null was written
     * @throws StreamException when the stream fails or ends before a frame
     */
    public <T> T read(Class<T> type) {
        byte[] payload = Frames.read(in, session.limits().maxPayloadBytes());
        ArrayReader reader = (ArrayReader) ctx.in();
        reader.retarget(payload, 0, payload.length);
        try {
            T value = session.read(ctx, type, null);
            Session.requireEnd(reader);
            return value;
        } finally {
            ctx.release();
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
            in.close();
        } catch (IOException e) {
            throw new StreamException(e);
        }
    }
}
