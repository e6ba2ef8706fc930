package dev.peregrine;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.codec.ReadContext;

import java.io.IOException;
import java.io.InputStream;

/**
 * A stream session for reading what a {@link StreamWriter} wrote, frame by frame, in order. In the
 * compatible format it keeps the class definitions earlier frames carried, which later frames refer
 * to. Each frame is bounded by {@code maxPayloadBytes} and read with every other limit. In the
 * compatible format a frame that fails to read may leave the definitions it carried half read, and
 * later frames refer to them without repeating them, so after such a failure every later
 * {@link #read} fails too: a new stream starts over. So does every read after a frame whose length
 * is refused or whose bytes end early, in either format: the reader no longer knows where the next
 * frame starts. A read that fails before taking any byte of its frame (a timeout between frames)
 * leaves the reader usable.
 *
 * <p>Not thread-safe: one reader per stream, used by one thread at a time.
 */
public final class StreamReader implements AutoCloseable {
    /** Largest frame array kept between frames. */
    private static final int KEPT_MAX = 1 << 20;

    private final Session session;
    private final Counting in;
    private final ReadContext ctx;
    /**
     * Perf: the array frames are read into, kept from frame to frame (a new array per frame cost an
     * allocation and its zeroing); one larger than {@link #KEPT_MAX} is not kept.
     */
    private byte[] kept = new byte[256];
    /** Why later reads fail, once a frame's framing or, in the compatible format, its content has; else null. */
    private String failed;

    StreamReader(Session session, InputStream in) {
        this.session = session;
        this.in = new Counting(in);
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
        if (failed != null) {
            throw new MalformedInputException(failed, -1);
        }
        int length;
        byte[] payload;
        long before = in.count;
        try {
            length = Frames.readFrameLength(in, session.limits().maxPayloadBytes());
            payload = Frames.readPayload(in, length, kept);
        } catch (RuntimeException e) {
            // A failure before the frame's first byte (a timeout, the end of what has arrived so
            // far) leaves the stream where it was, and a later read may go on from there.
            if (in.count != before) {
                failed = "an earlier frame of this stream could not be read (" + e.getMessage() + "), so where "
                        + "the next one starts is unknown and the stream cannot be read further";
            }
            throw e;
        }
        if (payload.length <= KEPT_MAX) {
            kept = payload;
        }
        ArrayReader reader = (ArrayReader) ctx.in();
        reader.retarget(payload, 0, length);
        try {
            T value = session.read(ctx, type, null);
            Session.requireEnd(reader);
            return value;
        } catch (RuntimeException e) {
            if (ctx.carriesDefs()) {
                failed = "an earlier frame of this compatible stream failed to read (" + e.getMessage()
                        + "); later frames may refer to class definitions it carried, so the stream cannot be "
                        + "read further";
            }
            throw e;
        } finally {
            ctx.release();
        }
    }

    /** Counts the bytes taken from the stream, to tell whether a failed frame consumed any. */
    private static final class Counting extends java.io.FilterInputStream {
        long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count += Math.max(0, skipped);
            return skipped;
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
