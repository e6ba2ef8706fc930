package dev.peregrine.compat;

import dev.peregrine.MalformedInputException;

import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Raw DEFLATE (RFC 1951, no zlib header or checksum) of a {@link Preload}'s defs, the compressed
 * lead of format version 8. Why: the defs are the same bytes in every payload of a {@code Codec},
 * so a writer compresses them once, when the preload is made, and a reader whose own preload has
 * the same token skips them unread; only the payload's length changes, and with it what the array
 * {@code encode(value)} returns costs to fill (DESIGN.md, fiftieth round). A reader with other defs
 * inflates them once per distinct compressed run ({@link DefRegistry#inflate}).
 *
 * <p>Bounds (FORMAT.md): a compressed preload inflates to more bytes than it has, at most
 * {@link #MAX_INFLATED} and at most {@link #MAX_RATIO} times its compressed length; a writer
 * whose defs would exceed either writes them uncompressed (version 7's lead), and a reader
 * refuses a payload that claims otherwise before it allocates anything.
 */
final class PreloadCompression {
    /** Most bytes a compressed preload inflates to. */
    static final int MAX_INFLATED = 1 << 20;
    /**
     * Most times its compressed length a compressed preload inflates to. The fixtures' defs
     * inflate to 1.7 to 3 times theirs; a bound of 8 keeps what a payload can make a reader
     * inflate, and then parse, within its allocation budget per payload byte.
     */
    static final int MAX_RATIO = 8;

    private PreloadCompression() {
    }

    /**
     * @param plain the bytes to compress
     * @return their raw DEFLATE stream at the best compression level
     */
    static byte[] deflate(byte[] plain) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        try {
            deflater.setInput(plain);
            deflater.finish();
            byte[] out = new byte[plain.length + 64];
            int n = 0;
            while (!deflater.finished()) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                n += deflater.deflate(out, n, out.length - n);
            }
            return Arrays.copyOf(out, n);
        } finally {
            deflater.end();
        }
    }

    /**
     * @param compressed a raw DEFLATE stream
     * @param length     the bytes it must inflate to, within the bounds above (checked by the caller)
     * @param at         the payload offset of the compressed preload, for messages
     * @return the inflated bytes
     * @throws MalformedInputException unless the stream is valid, ends exactly at the end of
     *                                 {@code compressed} and inflates to exactly {@code length} bytes
     */
    static byte[] inflate(byte[] compressed, int length, int at) {
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(compressed);
            byte[] out = new byte[length];
            int n = 0;
            while (n < length) {
                int k = inflater.inflate(out, n, length - n);
                if (k == 0) {
                    break;
                }
                n += k;
            }
            // A stream longer than said shows as one more byte; a shorter one ends or asks for input.
            if (n == length && !inflater.finished() && inflater.inflate(new byte[1]) != 0) {
                n++;
            }
            if (n != length || !inflater.finished() || inflater.getRemaining() != 0) {
                throw new MalformedInputException("a compressed preload of " + compressed.length + " bytes said to "
                        + "inflate to " + length + " does not (" + n + (n > length ? " or more" : "") + " bytes, "
                        + (inflater.finished() ? inflater.getRemaining() + " compressed bytes left over" : "unfinished")
                        + ")", at);
            }
            return out;
        } catch (DataFormatException e) {
            throw new MalformedInputException("a compressed preload is not a valid DEFLATE stream: " + e.getMessage(),
                    at, e);
        } finally {
            inflater.end();
        }
    }
}
