package dev.peregrine;

import dev.peregrine.buffer.BufferWriter;
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

    /**
     * Writes one frame.
     *
     * @param out     the stream
     * @param payload the payload's bytes
     * @param length  how many of them
     * @throws StreamException when the stream fails
     */
    static void write(OutputStream out, byte[] payload, int length) {
        BufferWriter prefix = BufferWriter.growable(5);
        prefix.writeVarUInt(length);
        try {
            out.write(prefix.array(), 0, prefix.size());
            out.write(payload, 0, length);
        } catch (IOException e) {
            throw new StreamException(e);
        }
    }

    static byte[] read(InputStream in, int maxBytes) {
        try {
            int length = readLength(in);
            if (length > maxBytes) {
                throw new LimitExceededException("stream payload of " + length + " bytes exceeds the limit of "
                        + maxBytes, 0);
            }
            // Perf: grow with the bytes actually received, so a false length cannot allocate much.
            byte[] buf = new byte[Math.min(length, CHUNK)];
            int have = 0;
            while (have < length) {
                if (have == buf.length) {
                    buf = Arrays.copyOf(buf, (int) Math.min(length, (long) buf.length * 2));
                }
                int n = in.readNBytes(buf, have, buf.length - have);
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
