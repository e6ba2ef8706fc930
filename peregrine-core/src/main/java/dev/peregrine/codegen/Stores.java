package dev.peregrine.codegen;

import dev.peregrine.buffer.Varints;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Unchecked stores of one fixed-width primitive into a byte array, each returning the index after
 * it; the encodings are {@code BufferWriter}'s. Generated code calls them after one capacity check
 * for a whole run of fields, so none of them checks capacity. Varints are stored by each field's
 * copy of the {@link Varints} ladders ({@code LadderCopies}), which may write up to a whole 8-byte
 * word whatever the value's length, so that check asks for {@link Varints#ROOM} bytes beyond the
 * run's worst case.
 *
 * <p>Public because generated classes live in user packages.
 */
public final class Stores {
    /** Little-endian int and long views of a byte array, shared with {@link Loads}. */
    static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Stores() {
    }

    /**
     * @param b the array
     * @param p where to store
     * @param v a byte (as an int)
     * @return {@code p + 1}
     */
    public static int storeByte(byte[] b, int p, int v) {
        b[p] = (byte) v;
        return p + 1;
    }

    /**
     * @param b the array
     * @param p where to store
     * @param v a float, stored as its raw IEEE bits, little-endian
     * @return {@code p + 4}
     */
    public static int storeFloat(byte[] b, int p, float v) {
        INT_LE.set(b, p, Float.floatToRawIntBits(v));
        return p + 4;
    }

    /**
     * @param b the array
     * @param p where to store
     * @param v a double, stored as its raw IEEE bits, little-endian
     * @return {@code p + 8}
     */
    public static int storeDouble(byte[] b, int p, double v) {
        LONG_LE.set(b, p, Double.doubleToRawLongBits(v));
        return p + 8;
    }

    /**
     * Stores a bitmap word ahead of a run. A word of one byte is stored as a byte; a longer one as
     * all eight bytes of the word, little-endian, so the capacity check must have granted 8: its
     * unused high bytes are zero and what follows writes over them.
     *
     * @param b     the array
     * @param p     where to store
     * @param word  the bits
     * @param bytes how many bytes of the word the bitmap has (1 to 8)
     * @return {@code p + bytes}
     */
    public static int storeBitmap(byte[] b, int p, long word, int bytes) {
        if (bytes == 1) {
            b[p] = (byte) word;
        } else {
            LONG_LE.set(b, p, word);
        }
        return p + bytes;
    }
}
