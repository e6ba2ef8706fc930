package dev.peregrine.benchmarks.hand;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A growable output buffer, reused across encodes, that writes Peregrine's encodings: LEB128 varints
 * for lengths, counts and chars (a ninth byte of 8 bits for longs past 56 bits), zigzag prefix
 * varints for short, int and long values, raw little-endian floats and
 * doubles, strings with their length-and-encoding header. It is the minimum machinery the hand-written
 * codecs need, so they measure the practical speed limit of writing Peregrine's bytes field by field.
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

    /** @param v the int, four bytes little-endian */
    private void writeInt(int v) {
        ensure(4);
        INT.set(buffer, position, v);
        position += 4;
    }

    /** @param v the long, eight bytes little-endian */
    private void writeLong(long v) {
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

    /**
     * Writes an unsigned LEB128 varint: 7 bits a byte, low bits first, high bit = more.
     *
     * @param v the value, read as unsigned
     */
    public void writeVarUInt(int v) {
        ensure(5);
        byte[] b = buffer;
        int p = position;
        while ((v & ~0x7F) != 0) {
            b[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        position = p;
    }

    /**
     * Writes a zigzag prefix varint, as Peregrine writes short and int values.
     *
     * @param v the value
     */
    public void writeVarInt(int v) {
        writePrefix(((v << 1) ^ (v >> 31)) & 0xFFFF_FFFFL);
    }

    /**
     * Writes an unsigned prefix varint: below 2^56, the fewest n bytes whose 7n bits hold the value,
     * the first byte's low bits n - 1 ones and a zero, the value after them; else FF and the value's
     * 8 bytes little-endian.
     *
     * @param u the value, read as unsigned
     */
    private void writePrefix(long u) {
        ensure(9);
        byte[] b = buffer;
        int p = position;
        if ((u & ~0x7FL) == 0) {
            b[p] = (byte) (u << 1);
            position = p + 1;
        } else if (u >>> 56 != 0) {
            b[p] = (byte) 0xFF;
            LONG.set(b, p + 1, u);
            position = p + 9;
        } else {
            int n = (70 - Long.numberOfLeadingZeros(u)) / 7;
            LONG.set(b, p, u << n | (1L << (n - 1)) - 1);
            position = p + n;
        }
    }

    /**
     * Writes an unsigned varint of at most 9 bytes: up to eight 7-bit groups, and when the value needs
     * more than 56 bits, a ninth byte with its top 8 bits whole.
     *
     * @param v the value, read as unsigned
     */
    public void writeVarULong(long v) {
        ensure(9);
        byte[] b = buffer;
        int p = position;
        for (int i = 0; i < 8; i++) {
            if ((v & ~0x7FL) == 0) {
                b[p++] = (byte) v;
                position = p;
                return;
            }
            b[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        position = p;
    }

    /**
     * Writes a zigzag prefix varint of a long, as Peregrine writes long values.
     *
     * @param v the value
     */
    public void writeVarLong(long v) {
        writePrefix((v << 1) ^ (v >> 63));
    }

    /**
     * Writes a string as Peregrine does: a varint of its byte length times four plus its encoding
     * (0 Latin-1, 1 UTF-8, 2 UTF-16LE when it holds a lone surrogate), then the bytes.
     *
     * @param s the string, not null
     */
    @SuppressWarnings("deprecation")
    public void writeString(String s) {
        // Perf: the chars checked, then copied as one run by the getter that drops each char's high
        // byte (an array copy for a string the JDK holds as Latin-1), as Peregrine's writer does.
        int n = s.length();
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) > 0xFF) {
                writeWideString(s);
                return;
            }
        }
        writeVarULong((long) n << 2);
        ensure(n);
        s.getBytes(0, n, buffer, position);
        position += n;
    }

    /** A string with a char past U+00FF: UTF-8 measured in one pass and encoded in a second; UTF-16 for a lone surrogate. */
    private void writeWideString(String s) {
        int n = s.length();
        long length = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                length++;
            } else if (c < 0x800) {
                length += 2;
            } else if (!Character.isSurrogate(c)) {
                length += 3;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                length += 4;
                i++;
            } else {
                writeUtf16(s);
                return;
            }
        }
        writeVarULong(length << 2 | 1);
        ensure((int) length);
        byte[] b = buffer;
        int p = position;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | c >> 6);
                b[p++] = (byte) (0x80 | c & 0x3F);
            } else if (!Character.isSurrogate(c)) {
                b[p++] = (byte) (0xE0 | c >> 12);
                b[p++] = (byte) (0x80 | c >> 6 & 0x3F);
                b[p++] = (byte) (0x80 | c & 0x3F);
            } else {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                b[p++] = (byte) (0xF0 | cp >> 18);
                b[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
                b[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
                b[p++] = (byte) (0x80 | cp & 0x3F);
            }
        }
        position = p;
    }

    private void writeUtf16(String s) {
        writeVarULong((long) s.length() << 3 | 2);
        ensure(s.length() * 2);
        for (int i = 0; i < s.length(); i++) {
            SHORT.set(buffer, position, (short) s.charAt(i));
            position += 2;
        }
    }

    /**
     * Writes bytes as they are.
     *
     * @param bytes the bytes
     */
    public void writeBytes(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, position, bytes.length);
        position += bytes.length;
    }
}
