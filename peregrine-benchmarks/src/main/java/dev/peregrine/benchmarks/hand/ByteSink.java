package dev.peregrine.benchmarks.hand;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A growable little-endian output buffer with varints and strings, reused across encodes. It is the
 * minimum machinery the hand-written codecs need, so they measure the practical speed limit of
 * field-by-field encoding on the JVM.
 */
public final class ByteSink {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buffer;
    private int position;

    /**
     * Creates a sink.
     *
     * @param capacity initial capacity in bytes
     */
    public ByteSink(int capacity) {
        buffer = new byte[capacity];
    }

    /**
     * Writes into the given array from index 0 until it is full, then into a larger copy.
     *
     * @param dst the array
     */
    public void wrap(byte[] dst) {
        buffer = dst;
        position = 0;
    }

    /** @return the current backing array: the wrapped one unless it overflowed */
    public byte[] array() {
        return buffer;
    }

    /** @return the number of bytes written since the last reset or wrap */
    public int position() {
        return position;
    }

    /** Forgets everything written, keeping the buffer. */
    public void reset() {
        position = 0;
    }

    /** @return a copy of the bytes written since the last reset */
    public byte[] toBytes() {
        return Arrays.copyOf(buffer, position);
    }

    private void ensure(int bytes) {
        if (position + bytes > buffer.length) {
            grow(bytes);
        }
    }

    private void grow(int bytes) {
        buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, position + bytes));
    }

    /** @param v the byte */
    public void writeByte(int v) {
        ensure(1);
        buffer[position++] = (byte) v;
    }

    /** @param v the boolean, one byte */
    public void writeBoolean(boolean v) {
        writeByte(v ? 1 : 0);
    }

    /** @param v the short, two bytes little-endian */
    public void writeShort(int v) {
        ensure(2);
        SHORT.set(buffer, position, (short) v);
        position += 2;
    }

    /** @param v the int, four bytes little-endian */
    public void writeInt(int v) {
        ensure(4);
        INT.set(buffer, position, v);
        position += 4;
    }

    /** @param v the long, eight bytes little-endian */
    public void writeLong(long v) {
        ensure(8);
        LONG.set(buffer, position, v);
        position += 8;
    }

    /** @param v the float, its four IEEE bytes */
    public void writeFloat(float v) {
        writeInt(Float.floatToRawIntBits(v));
    }

    /** @param v the double, its eight IEEE bytes */
    public void writeDouble(double v) {
        writeLong(Double.doubleToRawLongBits(v));
    }

    /** @param v an int written as an unsigned LEB128 varint of 1 to 5 bytes */
    public void writeVarInt(int v) {
        ensure(5);
        while ((v & ~0x7F) != 0) {
            buffer[position++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        buffer[position++] = (byte) v;
    }

    /** @param v a signed int written zig-zag, then as a varint */
    public void writeSignedVarInt(int v) {
        writeVarInt((v << 1) ^ (v >> 31));
    }

    /** @param v a long written as an unsigned LEB128 varint of 1 to 10 bytes */
    public void writeVarLong(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buffer[position++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        buffer[position++] = (byte) v;
    }

    /** @param v a signed long written zig-zag, then as a varint */
    public void writeSignedVarLong(long v) {
        writeVarLong((v << 1) ^ (v >> 63));
    }

    /**
     * Writes a string as varint (char count + 1), 0 for null, then each char as 1 to 3 UTF-8 style bytes.
     *
     * @param s the string, may be null
     */
    public void writeString(String s) {
        if (s == null) {
            writeByte(0);
            return;
        }
        int length = s.length();
        writeVarInt(length + 1);
        ensure(length * 3);
        byte[] b = buffer;
        int p = position;
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | c >> 6);
                b[p++] = (byte) (0x80 | c & 0x3F);
            } else {
                b[p++] = (byte) (0xE0 | c >> 12);
                b[p++] = (byte) (0x80 | c >> 6 & 0x3F);
                b[p++] = (byte) (0x80 | c & 0x3F);
            }
        }
        position = p;
    }
}
