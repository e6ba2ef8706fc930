package dev.peregrine.compat;

import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Format version 6's preload built by hand, apart from {@link Preload}, for tests to compare with. */
public final class PreloadBytes {
    private PreloadBytes() {
    }

    /**
     * @param defs a version 5 preload without the root's def reference: {@code varint(k)}, then k
     *             times a package reference and a def
     * @return {@code 00 06}, the first eight bytes of SHA-256 over {@code defs}, their length, the
     *         defs, then the root's def reference {@code 00}
     */
    public static byte[] tokenThen(byte[] defs) {
        byte[] sha;
        try {
            sha = MessageDigest.getInstance("SHA-256").digest(defs);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0);
        out.write(6);
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
