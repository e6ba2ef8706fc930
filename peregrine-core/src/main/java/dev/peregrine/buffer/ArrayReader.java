package dev.peregrine.buffer;

import dev.peregrine.MalformedInputException;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** {@link BufferReader} over a slice of a {@code byte[]}. */
public final class ArrayReader extends BufferReader {
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] buf;
    private final int start;
    private final int end;
    private int pos;

    /**
     * Creates a reader over {@code buf[offset, offset + length)}.
     *
     * @param buf    the bytes
     * @param offset first byte of the payload
     * @param length payload length
     */
    public ArrayReader(byte[] buf, int offset, int length) {
        if (offset < 0 || length < 0 || offset > buf.length - length) {
            throw new IllegalArgumentException("bad range offset " + offset + ", length " + length
                    + " for array of " + buf.length);
        }
        this.buf = buf;
        this.start = offset;
        this.end = offset + length;
        this.pos = offset;
    }

    @Override
    public int position() {
        return pos - start;
    }

    @Override
    public int remaining() {
        return end - pos;
    }

    private MalformedInputException truncated(int n) {
        return new MalformedInputException("input ends early: needed " + n + " more bytes, "
                + remaining() + " remain", position());
    }

    @Override
    public byte readByte() {
        if (pos >= end) {
            throw truncated(1);
        }
        return buf[pos++];
    }

    @Override
    public int readIntLE() {
        if (end - pos < 4) {
            throw truncated(4);
        }
        int v = (int) INT_LE.get(buf, pos);
        pos += 4;
        return v;
    }

    @Override
    public long readLongLE() {
        if (end - pos < 8) {
            throw truncated(8);
        }
        long v = (long) LONG_LE.get(buf, pos);
        pos += 8;
        return v;
    }

    @Override
    public void readBytes(byte[] dst, int offset, int length) {
        if (end - pos < length) {
            throw truncated(length);
        }
        System.arraycopy(buf, pos, dst, offset, length);
        pos += length;
    }

    @Override
    public String readString() {
        long header = readStringHeader();
        int length = (int) (header >>> 2);
        String s = StringEncoding.decode(buf, pos, length, (int) (header & 3), position());
        pos += length;
        return s;
    }
}
