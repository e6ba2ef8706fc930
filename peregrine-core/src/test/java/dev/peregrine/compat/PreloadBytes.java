package dev.peregrine.compat;

import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Format version 7's preload built by hand, apart from {@link Preload}, for tests to compare with. */
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
        byte[] sha;
        try {
            sha = MessageDigest.getInstance("SHA-256").digest(defs);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0);
        out.write(mark);
        out.write(sha, 0, 8);
        // the length as an unsigned LEB128 varint, seven bits a byte, low bits first
        int n = defs.length;
        while (n >= 0x80) {
            out.write(n & 0x7F | 0x80);
            n >>>= 7;
        }
        out.write(n);
        out.writeBytes(defs);
        out.write(0);
        return out.toByteArray();
    }
}
