package dev.peregrine;

import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.buffer.Varints;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Length-prefixed payloads on a stream: {@code varint(length) payload}. Reads one without trusting
 * the length for allocation.
 */
final class Frames {
    private static final int CHUNK = 1 << 16;

    private Frames() {
    }

    /** Bytes a writer leaves free before a payload for {@link #write}: the longest length prefix. */
    static final int PREFIX_ROOM = 5;

    /**
     * Starts a frame in a writer: skips the room its length prefix takes (not zeroed: {@link #write}
     * stores the prefix at its end and sends nothing before it).
     *
     * @param payload a writer, empty
     */
    static void begin(BufferWriter payload) {
        payload.ensure(PREFIX_ROOM);
        payload.position(payload.position() + PREFIX_ROOM);
    }

    /**
     * Writes one frame begun by {@link #begin}: stores the length prefix into the room left before
     * the payload, then hands prefix and payload to the stream as one write.
     *
     * Perf: one call on the stream and no allocation; a frame used to cost a writer for its prefix
     * and two calls.
     *
     * @param out     the stream
     * @param payload the writer, whose bytes after the room are the payload
     * @throws StreamException when the stream fails
     */
    static void write(OutputStream out, BufferWriter payload) {
        byte[] buf = payload.array();
        int length = payload.size() - PREFIX_ROOM;
        int n = BufferWriter.varIntSize(length);
        int at = PREFIX_ROOM - n;
        Varints.putVarUIntBytewise(buf, at, length);
        try {
            out.write(buf, at, n + length);
        } catch (IOException e) {
            throw new StreamException(e);
        }
    }

    /**
     * Reads one frame's payload into a new array of exactly its length.
     *
     * @param in       the stream
     * @param maxBytes the longest payload accepted
     * @return the payload
     * @throws StreamException when the stream fails
     */
    static byte[] read(InputStream in, int maxBytes) {
        // An empty kept array: the array read into grows to exactly the payload's length.
        return readPayload(in, readFrameLength(in, maxBytes), new byte[0]);
    }

    /**
     * Reads a frame's length prefix.
     *
     * @param in       the stream
     * @param maxBytes the longest payload accepted
     * @return the payload's length
     * @throws StreamException when the stream fails
     */
    static int readFrameLength(InputStream in, int maxBytes) {
        try {
            int length = readLength(in);
            if (length > maxBytes) {
                throw new LimitExceededException("stream payload of " + length + " bytes exceeds the limit of "
                        + maxBytes, 0);
            }
            return length;
        } catch (IOException e) {
            throw new StreamException(e);
        }
    }

    /**
     * Reads a payload of a known length into {@code kept} when it fits there, else into an array
     * grown with the bytes actually received, so a false length cannot allocate much.
     *
     * @param in     the stream
     * @param length the payload's length, from {@link #readFrameLength}
     * @param kept   an array the caller reuses between frames
     * @return the array holding the payload from index 0: {@code kept} or a larger one
     * @throws StreamException when the stream fails
     */
    static byte[] readPayload(InputStream in, int length, byte[] kept) {
        try {
            byte[] buf = kept.length >= length ? kept : new byte[Math.min(length, Math.max(CHUNK, kept.length))];
            int have = 0;
            while (have < length) {
                if (have == buf.length) {
                    buf = Arrays.copyOf(buf, (int) Math.min(length, (long) buf.length * 2));
                }
                int n = in.readNBytes(buf, have, Math.min(buf.length, length) - have);
                if (n == 0) {
                    throw new MalformedInputException("stream ended after " + have + " of " + length
                            + " payload bytes", have);
                }
                have += n;
            }
            return buf;
        } catch (IOException e) {
            throw new StreamException(e);
        }
    }

    private static int readLength(InputStream in) throws IOException {
        int result = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = in.read();
            if (b < 0) {
                throw new MalformedInputException("stream ended inside a payload length", 0);
            }
            if (shift == 28 && (b & 0xF0) != 0) {
                throw new MalformedInputException("payload length overflows 32 bits", 0);
            }
            result |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new MalformedInputException("payload length overflows 32 bits", 0);
    }
}
