package dev.peregrine.buffer;

import dev.peregrine.LimitExceededException;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Little-endian writer into a {@code byte[]}: fixed-width values, varints and strings.
 *
 * <p>It knows nothing of types beyond primitives and strings. A growable writer doubles its array as
 * needed; a bounded writer (over a caller's array) throws {@link LimitExceededException} instead of
 * writing past its limit. Final so that calls from codecs are monomorphic.
 *
 * <p>Varints of two or more bytes are stored as whole words when there is room (see
 * {@link Varints}), so a bounded writer may leave scratch bytes between its final position and its
 * limit; it never writes past its limit.
 */
public final class BufferWriter {
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private byte[] buf;
    private int pos;
    private int end;
    private int start;
    private int limit;
    private final boolean growable;
    private int peak;

    private BufferWriter(byte[] buf, int start, int limit, boolean growable) {
        this.buf = buf;
        this.pos = start;
        this.start = start;
        this.end = growable ? buf.length : limit;
        this.limit = limit;
        this.growable = growable;
    }

    /**
     * Creates a writer over a new array that grows as needed.
     *
     * @param initialCapacity first array size in bytes
     * @return the writer
     */
    public static BufferWriter growable(int initialCapacity) {
        return new BufferWriter(new byte[Math.max(16, initialCapacity)], 0, MAX_ARRAY, true);
    }

    /**
     * Creates a writer that starts writing at the beginning of a given array and grows past it as
     * needed (into new arrays; {@link #array()} is then no longer {@code initial}).
     *
     * @param initial first array, whose contents are overwritten
     * @return the writer
     */
    public static BufferWriter growable(byte[] initial) {
        return new BufferWriter(initial.length < 16 ? new byte[16] : initial, 0, MAX_ARRAY, true);
    }

    /**
     * Points a bounded writer at a new range, so that one writer serves many calls without being
     * allocated again (Perf: what lets an encode into a caller's array allocate nothing).
     *
     * @param dst    the caller's array
     * @param offset first byte to write
     * @param limit  one past the last byte that may be written
     */
    public void retarget(byte[] dst, int offset, int limit) {
        if (growable) {
            throw new IllegalStateException("only a bounded writer can be retargeted");
        }
        if (offset < 0 || limit > dst.length || offset > limit) {
            throw new IllegalArgumentException("bad range [" + offset + ", " + limit + ") for array of " + dst.length);
        }
        this.buf = dst;
        this.pos = offset;
        this.start = offset;
        this.end = limit;
        this.limit = limit;
        this.peak = 0;
    }

    /**
     * Creates a writer over {@code dst[offset..limit)} that never grows.
     *
     * @param dst    the caller's array
     * @param offset first byte to write
     * @param limit  one past the last byte that may be written
     * @return the writer
     */
    public static BufferWriter bounded(byte[] dst, int offset, int limit) {
        if (offset < 0 || limit > dst.length || offset > limit) {
            throw new IllegalArgumentException("bad range [" + offset + ", " + limit + ") for array of " + dst.length);
        }
        return new BufferWriter(dst, offset, limit, false);
    }

    /** @return bytes written so far */
    public int size() {
        return pos - start;
    }

    /** @return the underlying array (valid up to {@link #position()}) */
    public byte[] array() {
        return buf;
    }

    /** @return absolute index in {@link #array()} of the next byte to write */
    public int position() {
        return pos;
    }

    /**
     * The most bytes this writer was asked to hold: the bytes written, or more when a capacity check
     * that made the array grow asked for room beyond them. A caller that writes similar payloads
     * sizes its next writer with it so that it never grows.
     *
     * @return bytes of capacity the writes so far needed, counted from the first byte
     */
    public int peakDemand() {
        return Math.max(peak - start, size());
    }

    /** @return a copy of the bytes written */
    public byte[] toByteArray() {
        return Arrays.copyOfRange(buf, start, pos);
    }

    /** Discards everything written, keeping the array. */
    public void reset() {
        pos = start;
    }

    /**
     * Makes room for {@code n} more bytes.
     *
     * @param n bytes about to be written
     */
    public void ensure(int n) {
        if (n > end - pos) {
            grow(n);
        }
    }

    /**
     * Makes room for {@code n} more bytes if that is possible, for callers that then store up to
     * {@code n} bytes straight into {@link #array()} from {@link #position()} and call
     * {@link #position(int)}. Unlike {@link #ensure}, a bounded writer without room answers false
     * rather than throwing, since fewer bytes than the {@code n} asked for may still fit.
     *
     * @param n most bytes about to be stored
     * @return true when {@code n} bytes may be stored from {@link #position()}
     */
    public boolean tryEnsure(int n) {
        if (n <= end - pos) {
            return true;
        }
        if (!growable || (long) pos + n > limit) {
            return false;
        }
        grow(n);
        return true;
    }

    /**
     * Moves past bytes stored directly into {@link #array()} after {@link #tryEnsure} granted room,
     * or back to an earlier {@link #position()}, to write over what followed it.
     *
     * @param index absolute index of the next byte to write; at most the room granted
     */
    public void position(int index) {
        pos = index;
    }

    private void grow(int n) {
        long needed = (long) pos + n;
        if (!growable || needed > limit) {
            throw new LimitExceededException("output buffer too small: need " + needed
                    + " bytes, limit is " + limit, size());
        }
        peak = (int) needed;
        long doubled = Math.max(needed, (long) buf.length * 2);
        buf = Arrays.copyOf(buf, (int) Math.min(doubled, MAX_ARRAY));
        end = buf.length;
    }

    /**
     * Reserves {@code n} bytes to be filled later with {@link #putByte}.
     *
     * @param n bytes to skip
     * @return absolute index of the first reserved byte
     */
    public int reserve(int n) {
        ensure(n);
        int at = pos;
        for (int i = 0; i < n; i++) {
            buf[pos + i] = 0;
        }
        pos += n;
        return at;
    }

    /**
     * Overwrites one byte already written or reserved.
     *
     * @param index absolute index
     * @param b     the byte
     */
    public void putByte(int index, byte b) {
        buf[index] = b;
    }

    /** @param b one byte */
    public void writeByte(int b) {
        ensure(1);
        buf[pos++] = (byte) b;
    }

    /** @param v a boolean as 0 or 1 */
    public void writeBoolean(boolean v) {
        writeByte(v ? 1 : 0);
    }

    /** @param v four bytes, little-endian */
    public void writeIntLE(int v) {
        ensure(4);
        INT_LE.set(buf, pos, v);
        pos += 4;
    }

    /** @param v eight bytes, little-endian */
    public void writeLongLE(long v) {
        ensure(8);
        LONG_LE.set(buf, pos, v);
        pos += 8;
    }

    /** @param v IEEE 754 bits, four bytes little-endian */
    public void writeFloat(float v) {
        writeIntLE(Float.floatToRawIntBits(v));
    }

    /** @param v IEEE 754 bits, eight bytes little-endian */
    public void writeDouble(double v) {
        writeLongLE(Double.doubleToRawLongBits(v));
    }

    /** @param v unsigned LEB128, 1 to 5 bytes */
    public void writeVarUInt(int v) {
        if (end - pos >= Varints.ROOM) {
            // Perf: one word store when there is room for it (the common case).
            pos = Varints.putVarUInt(buf, pos, v);
            return;
        }
        writeVarUIntNearEnd(v);
    }

    private void writeVarUIntNearEnd(int v) {
        ensure(varIntSize(v));
        pos = Varints.putVarUIntBytewise(buf, pos, v);
    }

    /**
     * Writes an unsigned varint of at most 9 bytes: LEB128 for the first 56 bits, and a ninth byte,
     * when needed, that carries the last 8 bits whole (so a full 64-bit value takes 9 bytes, not 10).
     *
     * @param v the value, taken as unsigned
     */
    public void writeVarULong(long v) {
        if (end - pos >= 9) {
            pos = Varints.putVarULong(buf, pos, v);
            return;
        }
        writeVarULongNearEnd(v);
    }

    private void writeVarULongNearEnd(long v) {
        ensure(varLongSize(v));
        for (int i = 0; i < 8; i++) {
            if ((v & ~0x7FL) == 0) {
                buf[pos++] = (byte) v;
                return;
            }
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
    }

    /**
     * Size of an unsigned LEB128 int.
     *
     * @param v the value
     * @return 1 to 5
     */
    public static int varIntSize(int v) {
        // Perf: ceil(bits / 7) (at least 1) as a multiply and a shift rather than a division.
        return (352 - 9 * Integer.numberOfLeadingZeros(v)) >>> 6;
    }

    /**
     * Size of an unsigned varint long as {@link #writeVarULong} writes it.
     *
     * @param v the value
     * @return 1 to 9
     */
    public static int varLongSize(long v) {
        return Math.min(9, (640 - 9 * Long.numberOfLeadingZeros(v)) >>> 6);
    }

    /**
     * Writes an unsigned prefix varint int ({@link Varints#putPrefixUInt}), 1 to 5 bytes.
     *
     * @param v the value, taken as unsigned
     */
    public void writePrefixUInt(int v) {
        if (end - pos >= Varints.ROOM) {
            pos = Varints.putPrefixUInt(buf, pos, v);
            return;
        }
        writePrefixNearEnd(v & 0xFFFF_FFFFL);
    }

    /**
     * Writes an unsigned prefix varint long ({@link Varints#putPrefixULong}), 1 to 9 bytes.
     *
     * @param v the value, taken as unsigned
     */
    public void writePrefixULong(long v) {
        if (end - pos >= 9) {
            pos = Varints.putPrefixULong(buf, pos, v);
            return;
        }
        writePrefixNearEnd(v);
    }

    private void writePrefixNearEnd(long v) {
        ensure(varLongSize(v));
        pos = Varints.putPrefixBytewise(buf, pos, v);
    }

    /** @param v zigzag then an unsigned prefix varint, so small negative numbers stay short */
    public void writeVarInt(int v) {
        writePrefixUInt((v << 1) ^ (v >> 31));
    }

    /** @param v zigzag then an unsigned prefix varint */
    public void writeVarLong(long v) {
        writePrefixULong((v << 1) ^ (v >> 63));
    }

    /** {@link #tryEnsure} for a count that may exceed an int: false when it does. */
    private boolean tryRoom(long n) {
        return n <= MAX_ARRAY && tryEnsure((int) n);
    }

    /**
     * Writes a {@code short[]}: its length as {@link #writeVarUInt} writes it, then each element as
     * {@link #writeVarInt} writes it, behind one capacity check when there is (or a growable writer
     * makes) room for the longest form of them all.
     *
     * Perf: the element loops of primitive arrays, with one room check for the length and the whole
     * array instead of one per element. (Storing every element as a word, with no branch for the
     * one-byte form, measured slower on arrays of mixed lengths: the branch is well predicted.)
     *
     * @param v the values
     */
    public void writeShortArray(short[] v) {
        // A zigzag short takes at most 3 bytes, the length 5; the last word stored reaches 8 bytes
        // from its start.
        if (tryRoom(3L * v.length + 5 + Varints.ROOM)) {
            byte[] b = buf;
            int p = Varints.putVarUInt(b, pos, v.length);
            for (short x : v) {
                p = Varints.putPrefixUInt(b, p, (x << 1) ^ (x >> 31));
            }
            pos = p;
            return;
        }
        writeVarUInt(v.length);
        for (short x : v) {
            writeVarInt(x);
        }
    }

    /**
     * Writes a {@code char[]}: its length, then each element as {@link #writeVarUInt} writes it, as
     * {@link #writeShortArray} does.
     *
     * @param v the values
     */
    public void writeCharArray(char[] v) {
        if (tryRoom(3L * v.length + 5 + Varints.ROOM)) {
            byte[] b = buf;
            int p = Varints.putVarUInt(b, pos, v.length);
            for (char x : v) {
                p = Varints.putVarUInt(b, p, x);
            }
            pos = p;
            return;
        }
        writeVarUInt(v.length);
        for (char x : v) {
            writeVarUInt(x);
        }
    }

    /**
     * Writes an {@code int[]}: its length, then each element as {@link #writeVarInt} writes it, as
     * {@link #writeShortArray} does.
     *
     * @param v the values
     */
    public void writeIntArray(int[] v) {
        if (tryRoom(5L * v.length + 5 + Varints.ROOM)) {
            byte[] b = buf;
            int p = Varints.putVarUInt(b, pos, v.length);
            for (int x : v) {
                p = Varints.putPrefixUInt(b, p, (x << 1) ^ (x >> 31));
            }
            pos = p;
            return;
        }
        writeVarUInt(v.length);
        for (int x : v) {
            writeVarInt(x);
        }
    }

    /**
     * Writes a {@code long[]}: its length, then each element as {@link #writeVarLong} writes it, as
     * {@link #writeShortArray} does.
     *
     * @param v the values
     */
    public void writeLongArray(long[] v) {
        // Nine bytes each at most, the nine-byte form stored as a word and one byte; the length's
        // word reaches 8 bytes from its start.
        if (tryRoom(9L * v.length + Varints.ROOM)) {
            byte[] b = buf;
            int p = Varints.putVarUInt(b, pos, v.length);
            for (long x : v) {
                p = Varints.putPrefixULong(b, p, (x << 1) ^ (x >> 63));
            }
            pos = p;
            return;
        }
        writeVarUInt(v.length);
        for (long x : v) {
            writeVarLong(x);
        }
    }

    /**
     * Writes a {@code boolean[]}: its length, then one byte per element, 1 or 0.
     *
     * @param v the values
     */
    public void writeBooleanArray(boolean[] v) {
        writeArrayLength(v.length, 1);
        byte[] b = buf;
        int p = pos;
        for (boolean x : v) {
            b[p++] = (byte) (x ? 1 : 0);
        }
        pos = p;
    }

    /**
     * Writes a {@code float[]}: its length, then each element's IEEE 754 bits, four bytes
     * little-endian, behind one capacity check.
     *
     * @param v the values
     */
    public void writeFloatArray(float[] v) {
        writeArrayLength(v.length, 4);
        byte[] b = buf;
        int p = pos;
        for (float x : v) {
            INT_LE.set(b, p, Float.floatToRawIntBits(x));
            p += 4;
        }
        pos = p;
    }

    /**
     * Writes a {@code double[]}: its length, then each element's IEEE 754 bits, eight bytes
     * little-endian, behind one capacity check.
     *
     * @param v the values
     */
    public void writeDoubleArray(double[] v) {
        writeArrayLength(v.length, 8);
        byte[] b = buf;
        int p = pos;
        for (double x : v) {
            LONG_LE.set(b, p, Double.doubleToRawLongBits(x));
            p += 8;
        }
        pos = p;
    }

    /**
     * Writes an array's length and makes room for its elements of a fixed width: one capacity check
     * when there is (or a growable writer makes) room for the longest length as well, else the
     * length and the elements each checked ({@link #ensure} throws when they do not fit).
     */
    private void writeArrayLength(int length, int width) {
        // The length's word reaches 8 bytes from its start, past the elements of a short array.
        if (tryRoom((long) width * length + Varints.ROOM)) {
            pos = Varints.putVarUInt(buf, pos, length);
            return;
        }
        writeVarUInt(length);
        ensure((int) Math.min(Integer.MAX_VALUE, (long) width * length));
    }

    /**
     * Copies bytes.
     *
     * @param src    source array
     * @param offset first byte
     * @param length number of bytes
     */
    public void writeBytes(byte[] src, int offset, int length) {
        ensure(length);
        System.arraycopy(src, offset, buf, pos, length);
        pos += length;
    }

    /**
     * Writes a string: a varint header {@code byteLength << 2 | encoding}, then the bytes, in the most
     * compact of three encodings chosen by {@link StringEncoding#measure}: Latin-1, UTF-8, or UTF-16LE
     * for strings holding a lone surrogate (which UTF-8 cannot carry), so every string survives.
     *
     * @param s a non-null string
     */
    @SuppressWarnings("deprecation")
    public void writeString(String s) {
        int n = s.length();
        int start = pos;
        if (n < 32 && end - start > n) {
            // Perf: a Latin-1 string of under 32 chars has a one-byte header; no varint, no second
            // capacity check. The chars are checked, then copied as one run (the getter that drops
            // each char's high byte, exact up to U+00FF): what StringEncoding's firstWide and
            // copyLatin1 do, written out here rather than called. C2 stops inlining at a fixed
            // depth; under a map's or list's element loop this write sits near it, and the level
            // those calls took left String.charAt's and String.getBytes's own callees as calls in
            // some JVMs (a call per char; DESIGN.md, twenty-first round).
            byte[] b = buf;
            int latin1 = 0;
            while (latin1 < n && s.charAt(latin1) <= 0xFF) {
                latin1++;
            }
            if (latin1 < n) {
                s.getBytes(0, latin1, b, start + 1);
                writeShortUtf8(s, latin1);
                return;
            }
            s.getBytes(0, n, b, start + 1);
            b[start] = (byte) (n << 2 | StringEncoding.LATIN1);
            pos = start + 1 + n;
            return;
        }
        writeLongerString(s, n);
    }

    /**
     * {@link #writeString} for a string of under 32 chars whose char at {@code from} is past U+00FF,
     * the chars before it already copied one byte each after a byte left for the header. When those
     * are ASCII they are already its UTF-8 bytes, and the rest is encoded after them: the bytes
     * {@link #writeMeasured} writes, in one pass where it takes three (Perf: a name or a title with
     * one wide char). Anything else (a Latin-1 char before {@code from}, a lone surrogate, too little
     * room in a bounded writer) goes to {@link #writeMeasured}.
     */
    private void writeShortUtf8(String s, int from) {
        int n = s.length();
        int start = pos;
        // The header (two bytes at most: 31 chars take at most 93 bytes), the copied chars, and
        // three bytes for each char left (a surrogate pair: four for two).
        if (!tryEnsure(2 + from + 3 * (n - from))) {
            writeMeasured(s);
            return;
        }
        byte[] b = buf;
        for (int k = start + 1; k < start + 1 + from; k++) {
            if (b[k] < 0) {
                writeMeasured(s);
                return;
            }
        }
        int p = StringEncoding.encodeUtf8From(s, from, b, start + 1 + from);
        if (p < 0) {
            writeMeasured(s);
            return;
        }
        int length = p - start - 1;
        int header = length << 2 | StringEncoding.UTF8;
        if (header < 0x80) {
            b[start] = (byte) header;
        } else {
            System.arraycopy(b, start + 1, b, start + 2, length);
            b[start] = (byte) (header | 0x80);
            b[start + 1] = (byte) (header >>> 7);
            p++;
        }
        pos = p;
    }

    /**
     * {@link #writeString} for a string of 32 chars or more, or one near the end of the buffer. Perf:
     * a method of its own so that the short-string path every string field inlines stays small (C2
     * counts each inlined method's whole bytecode against one budget per compiled method).
     */
    private void writeLongerString(String s, int n) {
        long latin1 = (long) n << 2 | StringEncoding.LATIN1;
        // Room for the header and the chars, and at least for the header's word store (8 bytes
        // from pos), which the header and chars already cover whenever the header has two bytes.
        int headerLength = varLongSize(latin1);
        if (StringEncoding.firstWide(s) < 0 && tryRoom(Math.max(Varints.ROOM, (long) headerLength + n))) {
            // Perf: the common Latin-1 string checked, then copied as one run, as in writeString.
            byte[] b = buf;
            int p = Varints.putVarULongOfLength(b, pos, latin1, headerLength);
            StringEncoding.copyLatin1(s, 0, n, b, p);
            pos = p + n;
            return;
        }
        writeMeasured(s);
    }

    private void writeMeasured(String s) {
        long header = StringEncoding.measure(s);
        // A string of over 2^31 UTF-8 bytes asks for more than any array holds, and is refused.
        int byteLength = (int) Math.min(header >>> 2, Integer.MAX_VALUE);
        writeVarULong(header);
        ensure(byteLength);
        int n = s.length();
        byte[] b = buf;
        int p = pos;
        switch ((int) (header & 3)) {
            case StringEncoding.LATIN1:
                StringEncoding.copyLatin1(s, 0, n, b, p);
                p += n;
                break;
            case StringEncoding.UTF8:
                p = StringEncoding.encodeUtf8From(s, 0, b, p);
                break;
            default:
                for (int i = 0; i < n; i++) {
                    char c = s.charAt(i);
                    b[p++] = (byte) c;
                    b[p++] = (byte) (c >>> 8);
                }
        }
        pos = p;
    }
}
