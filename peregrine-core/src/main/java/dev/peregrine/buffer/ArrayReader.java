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

    private byte[] buf;
    private int start;
    private int end;
    private int pos;

    /**
     * Creates a reader over {@code buf[offset, offset + length)}.
     *
     * @param buf    the bytes
     * @param offset first byte of the payload
     * @param length payload length
     */
    public ArrayReader(byte[] buf, int offset, int length) {
        retarget(buf, offset, length);
    }

    /**
     * Points this reader at a new slice, so that one reader serves many calls without being allocated
     * again.
     *
     * @param buf    the bytes
     * @param offset first byte of the payload
     * @param length payload length
     */
    public void retarget(byte[] buf, int offset, int length) {
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
    public int peekByte() {
        return pos < end ? buf[pos] & 0xFF : -1;
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

    /**
     * Perf: with 8 bytes left, one word load, then the length found by a ladder of branches on the
     * continuation bits, each rung setting the position by a constant and (past one byte) gathering
     * the 7-bit groups with shifts and masks (see {@link Varints}). Computing the length from the
     * bits instead (a bit count) made every read's position wait for the previous read's bytes, a
     * chain of dependent loads through a whole run of fields; with branches, which the CPU predicts
     * when neighbouring values have the same length, the next read starts at once. Near the end,
     * the checked byte-at-a-time loop.
     */
    @Override
    public int readVarUInt() {
        int p = pos;
        if (end - p < Varints.ROOM) {
            return readVarUIntByBytes();
        }
        long word = Varints.word(buf, p);
        if ((word & 0x80L) == 0) {
            pos = p + 1;
            return (int) word & 0x7F;
        }
        if ((word & 0x8000L) == 0) {
            pos = p + 2;
            return Varints.fromTwoBytes(word);
        }
        return readVarUIntOfThreeOrMore(p, word);
    }

    /**
     * {@link #readVarUInt} past two bytes. Perf: a method of its own so that what every int field
     * inlines stays small (C2 counts each inlined method's whole bytecode against one budget per
     * compiled method, and a field whose values are short never reaches this call).
     */
    private int readVarUIntOfThreeOrMore(int p, long word) {
        if ((word & 0x80_0000L) == 0) {
            pos = p + 3;
            return (int) Varints.gather(word & 0xFF_FFFFL);
        }
        if ((word & 0x8000_0000L) == 0) {
            pos = p + 4;
            return (int) Varints.gather(word & 0xFFFF_FFFFL);
        }
        // A fifth byte may carry only the top 4 bits of the int, and must end the varint.
        if ((word & 0xF0_0000_0000L) != 0) {
            throw varIntOverflow(position());
        }
        pos = p + 5;
        return (int) Varints.gather(word & 0xFF_FFFF_FFFFL);
    }

    /**
     * Perf: as {@link #readVarUInt}, a ladder of branches on the continuation bits, the one- and
     * two-byte forms inline and the rest in a method of its own.
     */
    @Override
    public long readVarULong() {
        int p = pos;
        if (end - p < 9) {
            return readVarULongByBytes();
        }
        long word = Varints.word(buf, p);
        if ((word & 0x80L) == 0) {
            pos = p + 1;
            return word & 0x7F;
        }
        if ((word & 0x8000L) == 0) {
            pos = p + 2;
            return Varints.fromTwoBytes(word);
        }
        return readVarULongOfThreeOrMore(p, word);
    }

    /**
     * {@link #readVarULong} past two bytes, the nine-byte form (any value of 2^56 or more, so most
     * random or hashed longs) tested first rather than at the bottom of the ladder.
     */
    private long readVarULongOfThreeOrMore(int p, long word) {
        if ((~word & 0x8080_8080_8080_8080L) == 0) {
            pos = p + 9;
            return Varints.gather(word) | (buf[p + 8] & 0xFFL) << 56;
        }
        if ((word & 0x80_0000L) == 0) {
            pos = p + 3;
            return Varints.gather(word & 0xFF_FFFFL);
        }
        if ((word & 0x8000_0000L) == 0) {
            pos = p + 4;
            return Varints.gather(word & 0xFFFF_FFFFL);
        }
        if ((word & 0x80_0000_0000L) == 0) {
            pos = p + 5;
            return Varints.gather(word & 0xFF_FFFF_FFFFL);
        }
        if ((word & 0x8000_0000_0000L) == 0) {
            pos = p + 6;
            return Varints.gather(word & 0xFFFF_FFFF_FFFFL);
        }
        if ((word & 0x80_0000_0000_0000L) == 0) {
            pos = p + 7;
            return Varints.gather(word & 0xFF_FFFF_FFFF_FFFFL);
        }
        pos = p + 8;
        return Varints.gather(word);
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
    public boolean skipIfNext(byte[] expected) {
        int n = expected.length;
        if (end - pos < n || !java.util.Arrays.equals(buf, pos, pos + n, expected, 0, n)) {
            return false;
        }
        pos += n;
        return true;
    }

    @Override
    public String readString() {
        // Perf: a Latin-1 string of under 32 bytes has a one-byte header (length << 2, encoding 0);
        // decoding it here skips the long varint, the limit and the encoding dispatch.
        int p = pos;
        if (p < end) {
            int h = buf[p];
            int length = h >> 2;
            if ((h & 0x83) == 0 && length < end - p && length <= maxStringBytes()) {
                pos = p + 1 + length;
                return StringEncoding.latin1(buf, p + 1, length);
            }
        }
        long header = readStringHeader();
        int length = (int) (header >>> 2);
        String s = StringEncoding.decode(buf, pos, length, (int) (header & 3), position());
        pos += length;
        return s;
    }
}
