package dev.peregrine.codegen;

import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

/**
 * The bitmap of an object as generated code moves it: one {@code long} per 64 bits, bytes
 * little-endian, exactly as {@link dev.peregrine.codec.ObjectCodec} lays it out.
 *
 * <p>Public because generated classes live in user packages. Each method handles one word, so a
 * class with at most 64 booleans and references makes one call each way.
 */
public final class Bitmaps {
    private Bitmaps() {
    }

    /**
     * Fills bytes reserved for one word of the bitmap.
     *
     * @param out   the output
     * @param at    absolute index of the word's first reserved byte
     * @param word  the bits
     * @param bytes how many bytes of the word the bitmap has (1 to 8)
     */
    public static void patch(BufferWriter out, int at, long word, int bytes) {
        for (int i = 0; i < bytes; i++) {
            out.putByte(at + i, (byte) (word >>> (i << 3)));
        }
    }

    /**
     * Writes one word of the bitmap, each byte checked: a word that no run's capacity check covers.
     *
     * @param out   the output
     * @param word  the bits
     * @param bytes how many bytes of the word the bitmap has (1 to 8)
     */
    public static void write(BufferWriter out, long word, int bytes) {
        for (int i = 0; i < bytes; i++) {
            out.writeByte((int) (word >>> (i << 3)));
        }
    }

    /**
     * Reads one word of the bitmap.
     *
     * @param in    the input
     * @param bytes how many bytes of the word the bitmap has (1 to 8)
     * @return the bits
     */
    public static long read(BufferReader in, int bytes) {
        long word = 0;
        for (int i = 0; i < bytes; i++) {
            word |= (in.readByte() & 0xFFL) << (i << 3);
        }
        return word;
    }

    /**
     * Rejects a last word whose unused high bits are set.
     *
     * @param word     the last word read
     * @param used     bits of it in use (1 to 63)
     * @param in       the input, just past the bitmap
     * @param typeName the class being read, for the message
     */
    public static void checkUnused(long word, int used, BufferReader in, String typeName) {
        if ((word >>> used) != 0) {
            throw new MalformedInputException("unused bits set in the bitmap of " + typeName, in.position() - 1);
        }
    }
}
