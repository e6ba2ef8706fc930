package dev.peregrine.buffer;

import dev.peregrine.MalformedInputException;

/**
 * Little-endian reader of fixed-width values, varints and strings, checked against the bytes remaining.
 *
 * <p>A closed set of two final implementations, one over a {@code byte[]} and one over a
 * {@link java.nio.ByteBuffer}, so call sites see at most two receiver types. Every read that would
 * pass the end throws {@link MalformedInputException} with the payload offset; nothing here throws an
 * index exception. Offsets are counted from the first byte of the payload.
 */
public abstract sealed class BufferReader permits ArrayReader, ByteBufferReader {
    private int maxStringBytes = Integer.MAX_VALUE;
    /**
     * Whether the payload being read holds its {@code short}, {@code int} and {@code long} values as
     * LEB128 varints, as formats before same-schema 3 and compatible 7 did, rather than as prefix
     * varints. Set per payload once its header is read ({@link #valuesInLeb128}).
     */
    boolean leb128Values;

    /**
     * Bounds the encoded length of every string read from now on.
     *
     * @param bytes largest encoded string accepted
     */
    public final void limitStrings(int bytes) {
        this.maxStringBytes = bytes;
    }

    /** @return the bound set by {@link #limitStrings} */
    final int maxStringBytes() {
        return maxStringBytes;
    }

    /**
     * Says how the payload being read holds its {@code short}, {@code int} and {@code long} values:
     * as LEB128 varints (same-schema formats 1 and 2, compatible 2 to 6), or as prefix varints
     * ({@link Varints#putPrefixUInt}, the formats after them). Lengths, counts, tags and chars are
     * LEB128 in every format.
     *
     * @param leb128 true for a payload of a format before same-schema 3 and compatible 7
     */
    public final void valuesInLeb128(boolean leb128) {
        this.leb128Values = leb128;
    }

    /** @return what {@link #valuesInLeb128(boolean)} last set: whether values are LEB128 varints */
    public final boolean leb128Values() {
        return leb128Values;
    }

    /** @return bytes consumed since the start of the payload */
    public abstract int position();

    /** @return bytes left before the end of the payload */
    public abstract int remaining();

    /** @return the next byte, unsigned, without consuming it; -1 at the end */
    public abstract int peekByte();

    /** @return the next byte, signed */
    public abstract byte readByte();

    /** @return the next four bytes as a little-endian int */
    public abstract int readIntLE();

    /** @return the next eight bytes as a little-endian long */
    public abstract long readLongLE();

    /**
     * Copies the next bytes out.
     *
     * @param dst    destination
     * @param offset first index in {@code dst}
     * @param length number of bytes
     */
    public abstract void readBytes(byte[] dst, int offset, int length);

    /**
     * Takes the next {@code n} bytes for generated code to load a run of fixed-width fields from
     * without a check each: they are at the returned index of {@link #runArray()}, and the position
     * is past them.
     *
     * @param n the run's size in bytes
     * @return the index of the run's first byte in {@link #runArray()}
     * @throws dev.peregrine.MalformedInputException when fewer than {@code n} bytes remain
     */
    public abstract int openRun(int n);

    /** @return the array holding the bytes of the last {@link #openRun} */
    public abstract byte[] runArray();

    /**
     * Consumes the next bytes if they equal {@code expected}, otherwise consumes nothing.
     *
     * @param expected the bytes to compare with
     * @return true when they matched and were consumed
     */
    public abstract boolean skipIfNext(byte[] expected);

    /**
     * Consumes as many bytes as {@code expected} has when their first {@code head} bytes and
     * their last byte equal {@code expected}'s, otherwise consumes nothing; the bytes between are
     * not compared. For runs whose head says what the rest holds (a compatible lead's token).
     *
     * @param expected the bytes to take the next ones for
     * @param head     how many of the first bytes to compare, 8 to 16, and no more than
     *                 {@code expected} has
     * @return true when they matched and were consumed
     */
    public abstract boolean skipIfNext(byte[] expected, int head);

    /**
     * Reads a string written by {@link BufferWriter#writeString}.
     *
     * @return the string
     */
    public abstract String readString();

    /**
     * Fails unless at least {@code n} bytes remain; called before allocating for a declared length.
     *
     * @param n    bytes the caller is about to need
     * @param what the construct, for the error message
     */
    public final void require(long n, String what) {
        if (n > remaining() || n < 0) {
            throw new MalformedInputException(what + " needs " + n + " bytes but only " + remaining()
                    + " remain", position());
        }
    }

    /** @return one byte that must be 0 or 1 */
    public final boolean readBoolean() {
        byte b = readByte();
        if ((b & ~1) != 0) {
            throw new MalformedInputException("boolean byte " + b + " is neither 0 nor 1", position() - 1);
        }
        return b != 0;
    }

    /** @return four bytes as an IEEE 754 float */
    public final float readFloat() {
        return Float.intBitsToFloat(readIntLE());
    }

    /** @return eight bytes as an IEEE 754 double */
    public final double readDouble() {
        return Double.longBitsToDouble(readLongLE());
    }

    /** @return an unsigned LEB128 value of at most 32 bits */
    public abstract int readVarUInt();

    /** @return an unsigned varint long as {@link BufferWriter#writeVarULong} writes it, 1 to 9 bytes */
    public abstract long readVarULong();

    /**
     * {@link #readVarUInt} one checked byte at a time, for inputs near their end.
     *
     * @return the value
     */
    public final int readVarUIntByBytes() {
        int start = position();
        int result = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = readByte();
            if (shift == 28 && (b & 0xF0) != 0) {
                throw varIntOverflow(start);
            }
            result |= (b & 0x7F) << shift;
            if (b >= 0) {
                return result;
            }
        }
        throw varIntOverflow(start);
    }

    static MalformedInputException varIntOverflow(int at) {
        return new MalformedInputException("varint overflows 32 bits", at);
    }

    /**
     * {@link #readVarULong} one checked byte at a time, for inputs near their end.
     *
     * @return the value
     */
    public final long readVarULongByBytes() {
        long result = 0;
        for (int shift = 0; shift < 56; shift += 7) {
            long b = readByte();
            result |= (b & 0x7F) << shift;
            if (b >= 0) {
                return result;
            }
        }
        return result | (readByte() & 0xFFL) << 56;
    }

    /** @return an unsigned prefix varint int, or LEB128 in a payload of an older format ({@link #valuesInLeb128}) */
    public int readPrefixUInt() {
        return readPrefixUIntChecked();
    }

    /** @return an unsigned prefix varint long, or LEB128 in a payload of an older format */
    public long readPrefixULong() {
        return readPrefixULongChecked();
    }

    /**
     * {@link #readPrefixUInt} one checked byte at a time, for inputs near their end.
     *
     * @return the value
     */
    public final int readPrefixUIntChecked() {
        if (leb128Values) {
            return readVarUInt();
        }
        int start = position();
        int first = readByte() & 0xFF;
        int n = Integer.numberOfTrailingZeros(~first) + 1;
        if (n > 5) {
            throw varIntOverflow(start);
        }
        long v = readPrefixRest(first, n);
        if (v >>> 32 != 0) {
            throw varIntOverflow(start);
        }
        return (int) v;
    }

    /**
     * {@link #readPrefixULong} one checked byte at a time, for inputs near their end.
     *
     * @return the value
     */
    public final long readPrefixULongChecked() {
        if (leb128Values) {
            return readVarULong();
        }
        int first = readByte() & 0xFF;
        if (first == 0xFF) {
            return readLongLE();
        }
        return readPrefixRest(first, Integer.numberOfTrailingZeros(~first) + 1);
    }

    /** The value of a prefix varint of {@code n} bytes, 1 to 8, whose first byte is read. */
    private long readPrefixRest(int first, int n) {
        long v = (long) first >>> n;
        for (int i = 1; i < n; i++) {
            v |= (readByte() & 0xFFL) << 8 * i - n;
        }
        return v;
    }

    /** @return a zigzag varint int: a prefix varint, or LEB128 in a payload of an older format */
    public final int readVarInt() {
        int v = readPrefixUInt();
        return (v >>> 1) ^ -(v & 1);
    }

    /** @return a zigzag varint long: a prefix varint, or LEB128 in a payload of an older format */
    public final long readVarLong() {
        long v = readPrefixULong();
        return (v >>> 1) ^ -(v & 1);
    }

    /**
     * Fills {@code v} with zigzag varints, as {@link BufferWriter#writeVarInts} writes them. Perf: one
     * call per array, so that {@link ArrayReader} keeps its position in a local for the whole run.
     *
     * @param v the array to fill
     */
    public void readVarInts(int[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] = readVarInt();
        }
    }

    /** @param v the array to fill with zigzag varints, as {@link #readVarInts} */
    public void readVarLongs(long[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] = readVarLong();
        }
    }

    /** @param v the array to fill with zigzag varints, each cut to a short, as {@link #readVarInts} */
    public void readVarShorts(short[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] = (short) readVarInt();
        }
    }

    /** @param v the array to fill with unsigned varints, each cut to a char, as {@link #readVarInts} */
    public void readVarChars(char[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] = (char) readVarUInt();
        }
    }

    /** @param v the array to fill with floats, four bytes each, as {@link #readVarInts} */
    public void readFloats(float[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] = readFloat();
        }
    }

    /** @param v the array to fill with doubles, eight bytes each, as {@link #readVarInts} */
    public void readDoubles(double[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] = readDouble();
        }
    }

    /**
     * Reads a non-negative varint length and checks it against a limit.
     *
     * @param max  largest allowed value
     * @param what the construct, for the error message
     * @return the length
     */
    public final int readLength(int max, String what) {
        int at = position();
        int n = readLengthVarUInt();
        if (n < 0 || n > max) {
            throw new dev.peregrine.LimitExceededException(what + " length " + Integer.toUnsignedString(n)
                    + " exceeds the limit " + max, at);
        }
        return n;
    }

    /**
     * Moves past the next five bytes when they are the given ones, and does nothing otherwise.
     *
     * @param prefix five bytes as a little-endian number (the low 40 bits)
     * @return whether the bytes were there and were skipped
     */
    public boolean skipPrefix(long prefix) {
        return false;
    }

    /**
     * Reads the length of an array whose elements take at least {@code minBytesEach} bytes each,
     * and checks it against a limit and against the bytes remaining: {@link #readLength}, then
     * {@link #require}, with their errors.
     *
     * @param max          largest allowed length
     * @param minBytesEach fewest bytes an element takes
     * @param what         the construct, for the error message
     * @return the length
     */
    public int readArrayLength(int max, int minBytesEach, String what) {
        int n = readLength(max, what);
        require((long) n * minBytesEach, what);
        return n;
    }

    /**
     * {@link #readVarUInt} for a length, which is usually below 128: a reader over an array takes
     * the one-byte form with a single byte load.
     *
     * @return the value
     */
    int readLengthVarUInt() {
        return readVarUInt();
    }

    /** Reads a string header and checks it; returns {@code byteLength << 2 | encoding}. */
    final long readStringHeader() {
        int at = position();
        long header = readVarULong();
        long length = header >>> 2;
        if (length > maxStringBytes) {
            throw new dev.peregrine.LimitExceededException("string of " + length + " bytes exceeds the limit of "
                    + maxStringBytes, at);
        }
        require(length, "string");
        return header;
    }
}
