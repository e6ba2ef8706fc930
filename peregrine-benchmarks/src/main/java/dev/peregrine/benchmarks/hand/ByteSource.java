package dev.peregrine.benchmarks.hand;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Reads what {@link ByteSink} writes, from a wrapped array. Malformed input may throw any runtime exception. */
public final class ByteSource {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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

    /** @return the next little-endian short */
    public short readShort() {
        short v = (short) SHORT.get(buffer, position);
        position += 2;
        return v;
    }

    /** @return the next little-endian int */
    public int readInt() {
        int v = (int) INT.get(buffer, position);
        position += 4;
        return v;
    }

    /** @return the next little-endian long */
    public long readLong() {
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

    /** @return the next unsigned varint */
    public int readVarInt() {
        int b = buffer[position++];
        if (b >= 0) {
            return b;
        }
        int v = b & 0x7F;
        for (int shift = 7; ; shift += 7) {
            b = buffer[position++];
            v |= (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
    }

    /** @return the next zig-zag varint */
    public int readSignedVarInt() {
        int v = readVarInt();
        return (v >>> 1) ^ -(v & 1);
    }

    /** @return the next unsigned varint long */
    public long readVarLong() {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = buffer[position++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
    }

    /** @return the next zig-zag varint long */
    public long readSignedVarLong() {
        long v = readVarLong();
        return (v >>> 1) ^ -(v & 1);
    }

    /** @return the next string, or null */
    public String readString() {
        int length = readVarInt() - 1;
        if (length < 0) {
            return null;
        }
        char[] chars = new char[length];
        byte[] b = buffer;
        int p = position;
        for (int i = 0; i < length; i++) {
            int c = b[p++];
            if (c >= 0) {
                chars[i] = (char) c;
            } else if ((c & 0xE0) == 0xC0) {
                chars[i] = (char) ((c & 0x1F) << 6 | b[p++] & 0x3F);
            } else {
                chars[i] = (char) ((c & 0x0F) << 12 | (b[p++] & 0x3F) << 6 | b[p++] & 0x3F);
            }
        }
        position = p;
        return new String(chars);
    }
}
