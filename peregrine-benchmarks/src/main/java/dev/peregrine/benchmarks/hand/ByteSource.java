package dev.peregrine.benchmarks.hand;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Reads what {@link ByteSink} writes, from a wrapped array. Malformed input may throw any runtime exception. */
public final class ByteSource {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Element-header flag: a presence bitmap follows the header. */
    private static final int HAS_NULL = 1;

    private byte[] buffer;
    private int position;

    /** @param bytes the array to read from the start */
    public void wrap(byte[] bytes) {
        buffer = bytes;
        position = 0;
    }

    /** @return the next byte */
    public byte readByte() {
        return buffer[position++];
    }

    /** @return the next boolean byte */
    public boolean readBoolean() {
        return buffer[position++] != 0;
    }

    /** @return the next little-endian int */
    private int readInt() {
        int v = (int) INT.get(buffer, position);
        position += 4;
        return v;
    }

    /** @return the next little-endian long */
    private long readLong() {
        long v = (long) LONG.get(buffer, position);
        position += 8;
        return v;
    }

    /** @return the next float */
    public float readFloat() {
        return Float.intBitsToFloat(readInt());
    }

    /** @return the next double */
    public double readDouble() {
        return Double.longBitsToDouble(readLong());
    }

    /**
     * Reads an unsigned LEB128 varint of at most 5 bytes.
     *
     * @return the value
     */
    public int readVarUInt() {
        byte[] b = buffer;
        int p = position;
        int v = b[p++];
        if (v >= 0) {
            position = p;
            return v;
        }
        v &= 0x7F;
        for (int shift = 7; ; shift += 7) {
            int x = b[p++];
            v |= (x & 0x7F) << shift;
            if (x >= 0) {
                position = p;
                return v;
            }
        }
    }

    /**
     * Reads a zigzag prefix varint of an int.
     *
     * @return the value
     */
    public int readVarInt() {
        int v = (int) readPrefix();
        return (v >>> 1) ^ -(v & 1);
    }

    /**
     * Reads an unsigned prefix varint ({@link ByteSink}): one byte by its low bit; with a word's
     * room left, the length from the word's trailing ones; else byte by byte.
     *
     * @return the value
     */
    private long readPrefix() {
        byte[] b = buffer;
        int p = position;
        int first = b[p] & 0xFF;
        if ((first & 1) == 0) {
            position = p + 1;
            return first >>> 1;
        }
        if (first == 0xFF) {
            position = p + 9;
            return (long) LONG.get(b, p + 1);
        }
        int n = Integer.numberOfTrailingZeros(~first) + 1;
        position = p + n;
        if (b.length - p >= 8) {
            return (long) LONG.get(b, p) >>> n & -1L >>> 64 - 7 * n;
        }
        long v = first >>> n;
        for (int i = 1; i < n; i++) {
            v |= (b[p + i] & 0xFFL) << 8 * i - n;
        }
        return v;
    }

    /**
     * Reads an unsigned varint of at most 9 bytes, the ninth carrying 8 bits.
     *
     * @return the value
     */
    public long readVarULong() {
        byte[] b = buffer;
        int p = position;
        long v = 0;
        for (int shift = 0; shift < 56; shift += 7) {
            int x = b[p++];
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                position = p;
                return v;
            }
        }
        v |= (long) (b[p++] & 0xFF) << 56;
        position = p;
        return v;
    }

    /**
     * Reads a zigzag prefix varint of a long.
     *
     * @return the value
     */
    public long readVarLong() {
        long v = readPrefix();
        return (v >>> 1) ^ -(v & 1);
    }

    /**
     * Reads a string written by {@link ByteSink#writeString}.
     *
     * @return the string
     */
    public String readString() {
        long header = readVarULong();
        int n = (int) (header >>> 2);
        int p = position;
        position = p + n;
        switch ((int) header & 3) {
            case 0:
                return new String(buffer, p, n, StandardCharsets.ISO_8859_1);
            case 1:
                return new String(buffer, p, n, StandardCharsets.UTF_8);
            default:
                char[] chars = new char[n / 2];
                for (int i = 0; i < chars.length; i++) {
                    chars[i] = (char) (short) SHORT.get(buffer, p + 2 * i);
                }
                return new String(chars);
        }
    }

    /**
     * Reads bytes that must equal the given ones.
     *
     * @param bytes the bytes expected
     * @throws IllegalArgumentException when they differ
     */
    public void expect(byte[] bytes) {
        if (!Arrays.equals(buffer, position, position + bytes.length, bytes, 0, bytes.length)) {
            throw new IllegalArgumentException("not a payload of these classes");
        }
        position += bytes.length;
    }

    /**
     * Reads the presence bitmap of a run of elements when its flags have {@code HAS_NULL}.
     *
     * @param flags the run's flags
     * @param n     the number of elements
     * @return the bitmap, bit i set when element i is present; null when the flags say none follows
     */
    public byte[] readPresence(int flags, int n) {
        if ((flags & HAS_NULL) == 0) {
            return null;
        }
        byte[] present = new byte[(n + 7) >>> 3];
        for (int i = 0; i < present.length; i++) {
            present[i] = readByte();
        }
        return present;
    }

    /**
     * Tells whether element i of a run is present.
     *
     * @param present the run's presence bitmap, or null when every element is present
     * @param i       the element's index
     * @return whether it is present
     */
    public static boolean isPresent(byte[] present, int i) {
        return present == null || (present[i >>> 3] & 1 << (i & 7)) != 0;
    }
}
