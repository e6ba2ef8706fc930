package dev.peregrine.compat;

import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Format version 7's preload built by hand, and version 8's compressed one taken apart with the
 * JDK's {@link Inflater}, apart from {@link Preload} and {@link PreloadCompression}, for tests to
 * compare with.
 */
public final class PreloadBytes {
    private PreloadBytes() {
    }

    /**
     * @param defs a version 5 preload without the root's def reference: {@code varint(k)}, then k
     *             times a package reference and a def
     * @return {@code 00 07}, the first eight bytes of SHA-256 over {@code defs}, their length, the
     *         defs, then the root's def reference {@code 00}
     */
    public static byte[] tokenThen(byte[] defs) {
        return tokenThen(defs, 7);
    }

    /**
     * @param defs as {@link #tokenThen(byte[])}
     * @param mark what follows the {@code 00}: 7, or 6 for a version 6 preload (LEB128 values)
     * @return {@code 00}, the mark, then as {@link #tokenThen(byte[])}
     */
    public static byte[] tokenThen(byte[] defs, int mark) {
        byte[] sha = sha256(defs);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0);
        out.write(mark);
        out.write(sha, 0, 8);
        writeLeb(out, defs.length);
        out.writeBytes(defs);
        out.write(0);
        return out.toByteArray();
    }

    /**
     * A version 8 lead taken apart.
     *
     * @param token  its eight token bytes
     * @param plain  the defs its compressed bytes inflate to
     * @param length the defs' length it states
     * @param end    the payload offset just past the compressed bytes
     */
    public record Deflated(byte[] token, byte[] plain, int length, int end) {
        /** @return whether the token is the first eight bytes of SHA-256 over the inflated defs */
        public boolean tokenMatches() {
            return Arrays.equals(token, Arrays.copyOf(sha256(plain), 8));
        }
    }

    /**
     * @param payload a payload whose header byte is followed by {@code 00 08}
     * @return its lead: token, stated length, the raw DEFLATE run (stated compressed length) inflated
     * @throws AssertionError when it is not such a lead or does not inflate to exactly its bytes
     */
    public static Deflated deflated(byte[] payload) {
        if (payload[1] != 0 || payload[2] != 8) {
            throw new AssertionError("no 00 08 after the header");
        }
        byte[] token = Arrays.copyOfRange(payload, 3, 11);
        int[] at = {11};
        int length = leb(payload, at);
        int compressed = leb(payload, at);
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(payload, at[0], compressed);
            byte[] plain = new byte[length];
            int n = inflater.inflate(plain);
            if (n != length || !inflater.finished() || inflater.getRemaining() != 0) {
                throw new AssertionError("inflated " + n + " of " + length + " bytes, finished " + inflater.finished());
            }
            return new Deflated(token, plain, length, at[0] + compressed);
        } catch (DataFormatException e) {
            throw new AssertionError(e);
        } finally {
            inflater.end();
        }
    }

    /**
     * Writes an unsigned LEB128 varint: seven bits a byte, low bits first.
     *
     * @param out the output
     * @param n   a non-negative value
     */
    public static void writeLeb(ByteArrayOutputStream out, int n) {
        while (n >= 0x80) {
            out.write(n & 0x7F | 0x80);
            n >>>= 7;
        }
        out.write(n);
    }

    /**
     * @param b  bytes
     * @param at the offset of an unsigned LEB128 varint, advanced past it
     * @return its value
     */
    static int leb(byte[] b, int[] at) {
        int n = 0;
        for (int shift = 0; ; shift += 7) {
            int x = b[at[0]++] & 0xFF;
            n |= (x & 0x7F) << shift;
            if (x < 0x80) {
                return n;
            }
        }
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
