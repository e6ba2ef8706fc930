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
     * the checked byte-at-a-time loop. The ladder is in {@link VarintLoads}, which generated codecs
     * copy per field.
     */
    @Override
    public int readVarUInt() {
        return VarintLoads.readVarUInt(this);
    }

    /**
     * Perf: a primitive array's length, read before its elements, with a plain byte load when it
     * is below 128, rather than the general read's word load and ladder, which cost C2 about 500
     * parse nodes more (a chain of {@code VarHandle} guard methods) at every array field a compile
     * inlines; Sample decode 180-201 -> 165-180 ns (DESIGN.md, thirty-fifth round).
     */
    @Override
    int readLengthVarUInt() {
        int p = pos;
        if (p < end) {
            byte b = buf[p];
            if (b >= 0) {
                pos = p + 1;
                return b;
            }
        }
        return readVarUInt();
    }

    @Override
    public boolean skipPrefix(long prefix) {
        int p = pos;
        if (end - p >= 5 && buf[p] == (byte) prefix && (int) INT_LE.get(buf, p + 1) == (int) (prefix >>> 8)) {
            pos = p + 5;
            return true;
        }
        return false;
    }

    /**
     * Perf: a one-byte length within both limits is taken with one byte load and one branch, where
     * {@code readLength} and {@code require} computed the error offset and the bytes remaining
     * apart; any other length, valid or not, goes the general way, which reports what is wrong.
     */
    @Override
    public int readArrayLength(int max, int minBytesEach, String what) {
        int p = pos;
        if (p < end) {
            int n = buf[p];
            if (n >= 0 & n <= max & (long) n * minBytesEach < end - p) {
                pos = p + 1;
                return n;
            }
        }
        return super.readArrayLength(max, minBytesEach, what);
    }

    /** Perf: as {@link #readVarUInt}, the nine-byte form needing 9 bytes of room. */
    @Override
    public long readVarULong() {
        return VarintLoads.readVarULong(this);
    }

    // Perf: the array runs below keep the position in a local from the first element to the last
    // and store it once; through readVarUInt per element, every element stored it and the next one
    // loaded it again. Each rung moves the local by a constant, so the next element's load does not
    // wait for this one's bytes (a position handed back packed with the value did, and measured
    // slower than the per-element reads).

    @Override
    public int readPrefixUInt() {
        return VarintLoads.readPrefixUInt(this);
    }

    @Override
    public long readPrefixULong() {
        return VarintLoads.readPrefixULong(this);
    }

    @Override
    public void readVarInts(int[] v) {
        if (leb128Values) {
            readVarUInts(v.length, v, null, null);
        } else {
            readPrefixUInts(v.length, v, null);
        }
    }

    @Override
    public void readVarShorts(short[] v) {
        if (leb128Values) {
            readVarUInts(v.length, null, v, null);
        } else {
            readPrefixUInts(v.length, null, v);
        }
    }

    /**
     * Reads {@code n} zigzag prefix varints into the one array given, {@code ints} or
     * {@code shorts}, as {@link #readVarUInts} reads LEB128 ones.
     */
    private void readPrefixUInts(int n, int[] ints, short[] shorts) {
        int p = pos;
        for (int i = 0; i < n; i++) {
            int u;
            if (end - p >= Varints.ROOM) {
                long word = Varints.word(buf, p);
                if ((word & 1) == 0) {
                    u = (int) word >>> 1 & 0x7F;
                    p++;
                } else if ((word & 2) == 0) {
                    u = (int) word >>> 2 & 0x3FFF;
                    p += 2;
                } else {
                    u = VarintLoads.prefixUIntPastTwo(this, p, word);
                    p = pos;
                }
            } else {
                pos = p;
                u = readPrefixUIntChecked();
                p = pos;
            }
            int zigzag = (u >>> 1) ^ -(u & 1);
            if (ints != null) {
                ints[i] = zigzag;
            } else {
                shorts[i] = (short) zigzag;
            }
        }
        pos = p;
    }

    @Override
    public void readVarChars(char[] v) {
        readVarUInts(v.length, null, null, v);
    }

    /**
     * Reads {@code n} unsigned varint ints into the one array given: zigzag-decoded into
     * {@code ints} or {@code shorts}, or as they are into {@code chars}. Perf: one loop for the
     * three, the two null arrays folded away where each caller inlines it.
     */
    private void readVarUInts(int n, int[] ints, short[] shorts, char[] chars) {
        int p = pos;
        for (int i = 0; i < n; i++) {
            int u;
            if (end - p >= Varints.ROOM) {
                long word = Varints.word(buf, p);
                if ((word & 0x80L) == 0) {
                    u = (int) word & 0x7F;
                    p++;
                } else if ((word & 0x8000L) == 0) {
                    u = Varints.fromTwoBytes(word);
                    p += 2;
                } else {
                    u = VarintLoads.varUIntPastTwo(this, p, word);
                    p = pos;
                }
            } else {
                pos = p;
                u = readVarUIntByBytes();
                p = pos;
            }
            if (chars != null) {
                chars[i] = (char) u;
            } else {
                int zigzag = (u >>> 1) ^ -(u & 1);
                if (ints != null) {
                    ints[i] = zigzag;
                } else {
                    shorts[i] = (short) zigzag;
                }
            }
        }
        pos = p;
    }

    @Override
    public void readVarLongs(long[] v) {
        if (leb128Values) {
            readLeb128Longs(v);
            return;
        }
        int p = pos;
        for (int i = 0; i < v.length; i++) {
            long u;
            if (end - p >= VarintLoads.LONG_ROOM) {
                long word = Varints.word(buf, p);
                if ((word & 1) == 0) {
                    u = word >>> 1 & 0x7F;
                    p++;
                } else if ((word & 2) == 0) {
                    u = word >>> 2 & 0x3FFF;
                    p += 2;
                } else {
                    u = VarintLoads.prefixULongPastTwo(this, p, word);
                    p = pos;
                }
            } else {
                pos = p;
                u = readPrefixULongChecked();
                p = pos;
            }
            v[i] = (u >>> 1) ^ -(u & 1);
        }
        pos = p;
    }

    /** {@link #readVarLongs} in a payload of a format whose values are LEB128 varints. */
    private void readLeb128Longs(long[] v) {
        int p = pos;
        for (int i = 0; i < v.length; i++) {
            long u;
            if (end - p >= 9) {
                long word = Varints.word(buf, p);
                if ((word & 0x80L) == 0) {
                    u = word & 0x7F;
                    p++;
                } else if ((word & 0x8000L) == 0) {
                    u = Varints.fromTwoBytes(word);
                    p += 2;
                } else {
                    u = VarintLoads.varULongPastTwo(this, p, word);
                    p = pos;
                }
            } else {
                pos = p;
                u = readVarULongByBytes();
                p = pos;
            }
            v[i] = (u >>> 1) ^ -(u & 1);
        }
        pos = p;
    }

    @Override
    public void readFloats(float[] v) {
        int p = pos;
        if ((long) v.length * 4 > end - p) {
            // Short input: element by element, to fail where the per-element reads fail.
            super.readFloats(v);
            return;
        }
        byte[] b = buf;
        for (int i = 0; i < v.length; i++) {
            v[i] = Float.intBitsToFloat((int) INT_LE.get(b, p));
            p += 4;
        }
        pos = p;
    }

    @Override
    public void readDoubles(double[] v) {
        int p = pos;
        if ((long) v.length * 8 > end - p) {
            // Short input: element by element, to fail where the per-element reads fail.
            super.readDoubles(v);
            return;
        }
        byte[] b = buf;
        for (int i = 0; i < v.length; i++) {
            v[i] = Double.longBitsToDouble((long) LONG_LE.get(b, p));
            p += 8;
        }
        pos = p;
    }

    /**
     * Where an unchecked varint load may start: {@link VarintLoads}' ladders load a whole word from
     * it and move the position past the varint themselves.
     *
     * @param room the bytes the load needs from the position on
     * @return the array index of the position, or -1 when fewer than {@code room} bytes remain
     */
    public int varintStart(int room) {
        int p = pos;
        return end - p >= room ? p : -1;
    }

    /** @return the array index of the position, where an unchecked varint load starts */
    public int index() {
        return pos;
    }

    /**
     * @param p an array index with at least 8 bytes of the input from it
     * @return the 8 bytes from {@code p}, little-endian
     */
    public long wordAt(int p) {
        return Varints.word(buf, p);
    }

    /**
     * @param p an array index inside the input
     * @return the byte at {@code p}, unsigned
     */
    public int byteAt(int p) {
        return buf[p] & 0xFF;
    }

    /**
     * Moves the position to an array index, past an unchecked load.
     *
     * @param p an array index inside the input or at its end
     */
    public void moveTo(int p) {
        pos = p;
    }

    /**
     * @param p the array index where the varint starts
     * @return the error for a varint at {@code p} that overflows 32 bits
     */
    public MalformedInputException varIntOverflowAt(int p) {
        return varIntOverflow(p - start);
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
    public int openRun(int n) {
        int p = pos;
        if (end - p < n) {
            throw truncated(n);
        }
        pos = p + n;
        return p;
    }

    @Override
    public byte[] runArray() {
        return buf;
    }

    /** Perf: the head compared as two (overlapping) little-endian longs, not by a mismatch stub. */
    @Override
    public boolean skipIfNext(byte[] expected, int head) {
        assert head >= 8 && head <= 16 && head <= expected.length : "head " + head;
        int p = pos;
        int n = expected.length;
        if (end - p < n || (long) LONG_LE.get(buf, p) != (long) LONG_LE.get(expected, 0)
                || (long) LONG_LE.get(buf, p + head - 8) != (long) LONG_LE.get(expected, head - 8)
                || buf[p + n - 1] != expected[n - 1]) {
            return false;
        }
        pos = p + n;
        return true;
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
        // Perf: a Latin-1 string of under 32 bytes has a one-byte header (length << 2, encoding 0),
        // one of under 8,192 bytes a two-byte header; decoding them here skips the long varint, the
        // limit's separate error offset and the encoding dispatch.
        int p = pos;
        if (p < end) {
            int h = buf[p];
            int length = h >> 2;
            if ((h & 0x83) == 0 && length < end - p && length <= maxStringBytes()) {
                pos = p + 1 + length;
                return StringEncoding.latin1(buf, p + 1, length);
            }
            if ((h & 0x83) == 0x80 && end - p > 1) {
                int h2 = buf[p + 1];
                length = (h & 0x7F) >> 2 | h2 << 5;
                if (h2 >= 0 && length < end - p - 1 && length <= maxStringBytes()) {
                    pos = p + 2 + length;
                    return StringEncoding.latin1(buf, p + 2, length);
                }
            }
        }
        long header = readStringHeader();
        int length = (int) (header >>> 2);
        String s = StringEncoding.decode(buf, pos, length, (int) (header & 3), position());
        pos += length;
        return s;
    }
}
