package dev.peregrine.buffer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Unchecked varint stores and loads on a {@code byte[]}, in the encodings of {@link BufferWriter}:
 * for lengths, counts, tags and chars, unsigned LEB128 for ints (1 to 5 bytes), and for longs
 * LEB128 over the first 56 bits with a ninth byte, when needed, that carries the top 8 bits whole;
 * for short, int and long values (zigzagged first), prefix varints of the same lengths
 * ({@link #putPrefixUInt}, {@link #putPrefixULong}), whose first byte says the length, so that
 * neither a store nor a load spreads or gathers 7-bit groups.
 *
 * <p>Why this shape: a varint of several bytes costs a loop of one store, one shift and one branch
 * per byte. Here a value of four or more bytes is spread into 7-bit groups with shifts and masks, its
 * continuation bits are or-ed in, and it is stored as one 4- or 8-byte little-endian word (a long
 * of nine bytes: a word and a byte); a load does the reverse once its length is known from the first
 * clear continuation bit. Two- and three-byte values, the common ones, are two or three plain byte
 * stores with no loop: a {@code VarHandle} word store costs C2 about 350 parse nodes of guard methods
 * where they cost 100 to 200, and C2 stops inlining once a compile has parsed 18,000 nodes
 * ({@code NodeCountInliningCutoff}), which a codec with two dozen varint sites reached (DESIGN.md,
 * thirty-fifth round). So a store may write up to {@link #ROOM} bytes from its start whatever the
 * value's length, 9 for a long of the nine-byte form (bytes past the value's end are garbage,
 * overwritten by whatever is written next), and a load reads 8 bytes, 9 for a long of the nine-byte
 * form: callers guarantee that room.
 *
 * <p>A store finds the value's length by a ladder of branches on its magnitude, each rung of two to
 * four bytes with its own constant masks and continuation bits: one field or array slot usually
 * holds values of one length, so the branches are predicted, and a two-byte int costs two predicted
 * branches and five operations rather than a bit count, a multiply and three spreading steps (past
 * two bytes, a long tests the nine-byte form first, and finds a length of five to eight bytes by a
 * bit count). Only the one- and two-byte rungs are in the methods that call sites inline; longer
 * values are in methods of their own. C2 charges each inlined method's whole bytecode, reached or
 * not, against one budget per compiled method, and a codec with a dozen varint fields used to spend
 * it before its last fields were inlined (DESIGN.md, eleventh round); a method of its own is charged
 * only where C2 inlines it. Generated codecs do not share these ladders: they call copies of
 * {@link #putVarUInt}, {@link #putVarULong} and the methods past two bytes, one per field, so that
 * each field's branches have a profile of their own ({@code dev.peregrine.codegen.LadderCopies});
 * the rungs they call are public for that reason. Loads mirror this in {@link VarintLoads}.
 * {@link #putVarULongOfLength} keeps the length by a bit count, in fewer bytecodes, for the header
 * of a long Latin-1 string in the one-pass write of {@code BufferWriter.writeString}, a method that
 * every string field inlines.
 *
 * <p>Public because generated codecs, which live in user packages, call these.
 */
public final class Varints {
    /** Bytes of room a load or a store needs from its start, but for a long of 2^56 or more (9). */
    public static final int ROOM = 8;

    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long CONTINUATION = 0x8080808080808080L;

    private Varints() {
    }

    /**
     * Stores an unsigned LEB128 int a byte at a time, touching only its own bytes: for a place
     * without {@link #ROOM} bytes of room, such as the end of an array or the room a frame leaves
     * before its payload.
     *
     * @param b the array, with at least {@code BufferWriter.varIntSize(v)} bytes from {@code p}
     * @param p where to store
     * @param v the value, taken as unsigned
     * @return the index after the value's last byte
     */
    public static int putVarUIntBytewise(byte[] b, int p, int v) {
        while ((v & ~0x7F) != 0) {
            b[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        return p;
    }

    /**
     * Stores an unsigned LEB128 int.
     *
     * @param b the array, with at least {@link #ROOM} bytes from {@code p}
     * @param p where to store
     * @param v the value, taken as unsigned
     * @return the index after the value's last byte (1 to 5 bytes on)
     */
    public static int putVarUInt(byte[] b, int p, int v) {
        if ((v & ~0x7F) == 0) {
            b[p] = (byte) v;
            return p + 1;
        }
        if ((v & ~0x3FFF) == 0) {
            return putTwoBytes(b, p, v);
        }
        return putVarUIntPastTwo(b, p, v);
    }

    /**
     * {@link #putVarUInt} for a value of 2^14 or more.
     *
     * @param b the array, with at least {@link #ROOM} bytes from {@code p}
     * @param p where to store
     * @param v the value, 2^14 or more taken as unsigned
     * @return the index after the value's last byte (3 to 5 bytes on)
     */
    public static int putVarUIntPastTwo(byte[] b, int p, int v) {
        if ((v & ~0x1F_FFFF) == 0) {
            return putThreeBytes(b, p, v);
        }
        if ((v & ~0xFFF_FFFF) == 0) {
            return putFourBytes(b, p, v);
        }
        return putFiveBytes(b, p, v);
    }

    /**
     * Stores an unsigned varint long as {@link BufferWriter#writeVarULong} writes it.
     *
     * @param b the array, with at least 9 bytes from {@code p} ({@link #ROOM} suffice for a value
     *          below 2^56)
     * @param p where to store
     * @param v the value, taken as unsigned
     * @return the index after the value's last byte (1 to 9 bytes on)
     */
    public static int putVarULong(byte[] b, int p, long v) {
        if ((v & ~0x7FL) == 0) {
            b[p] = (byte) v;
            return p + 1;
        }
        if ((v & ~0x3FFFL) == 0) {
            return putTwoBytes(b, p, (int) v);
        }
        return putVarULongPastTwo(b, p, v);
    }

    /**
     * {@link #putVarULong} for a value of 2^14 or more.
     *
     * @param b the array, with at least 9 bytes from {@code p}
     * @param p where to store
     * @param v the value, 2^14 or more taken as unsigned
     * @return the index after the value's last byte (3 to 9 bytes on)
     */
    public static int putVarULongPastTwo(byte[] b, int p, long v) {
        // Perf: the nine-byte form (random or hashed longs) first, as the reader tests it.
        if ((v >>> 56) != 0) {
            return putNineBytes(b, p, v);
        }
        if ((v & ~0x1F_FFFFL) == 0) {
            return putThreeBytes(b, p, (int) v);
        }
        if ((v & ~0xFFF_FFFFL) == 0) {
            return putFourBytes(b, p, (int) v);
        }
        return putBelow56Bits(b, p, v);
    }

    /**
     * Stores the same bytes as {@link #putVarULong} for a value below 2^56 whose length the caller
     * has already counted: no branches but the one-byte form, for {@link BufferWriter#writeString},
     * which every string field inlines and which needs the length for its room check anyway (what
     * the ladder measured there: DESIGN.md, eighth round).
     *
     * @param b      the array, with at least {@link #ROOM} bytes from {@code p}
     * @param p      where to store
     * @param v      the value, below 2^56
     * @param length its length, {@code BufferWriter.varLongSize(v)}
     * @return the index after the value's last byte
     */
    static int putVarULongOfLength(byte[] b, int p, long v, int length) {
        if (length == 1) {
            b[p] = (byte) v;
            return p + 1;
        }
        LONG_LE.set(b, p, spread(v) | continuation(length));
        return p + length;
    }

    /**
     * A rung of the long store ladder: a value of 2 to 8 bytes (below 2^56), its length by a bit
     * count, as one word.
     *
     * @param b the array, with at least {@link #ROOM} bytes from {@code p}
     * @param p where to store
     * @param v the value, 2^7 to 2^56 - 1
     * @return the index after the value's last byte
     */
    public static int putBelow56Bits(byte[] b, int p, long v) {
        int length = BufferWriter.varLongSize(v);
        LONG_LE.set(b, p, spread(v) | continuation(length));
        return p + length;
    }

    /**
     * A rung of the store ladders: a value below 2^14 as two bytes.
     *
     * @param b the array, with at least 2 bytes from {@code p}
     * @param p where to store
     * @param v the value, 2^7 to 2^14 - 1
     * @return {@code p + 2}
     */
    public static int putTwoBytes(byte[] b, int p, int v) {
        b[p] = (byte) (v | 0x80);
        b[p + 1] = (byte) (v >>> 7);
        return p + 2;
    }

    /**
     * A rung of the store ladders: a value below 2^21 as three bytes.
     *
     * @param b the array, with at least 3 bytes from {@code p}
     * @param p where to store
     * @param v the value, 2^14 to 2^21 - 1
     * @return {@code p + 3}
     */
    public static int putThreeBytes(byte[] b, int p, int v) {
        b[p] = (byte) (v | 0x80);
        b[p + 1] = (byte) (v >>> 7 | 0x80);
        b[p + 2] = (byte) (v >>> 14);
        return p + 3;
    }

    /**
     * A rung of the store ladders: a value below 2^28 as four bytes.
     *
     * @param b the array, with at least 4 bytes from {@code p}
     * @param p where to store
     * @param v the value, 2^21 to 2^28 - 1
     * @return {@code p + 4}
     */
    public static int putFourBytes(byte[] b, int p, int v) {
        INT_LE.set(b, p, v & 0x7F | (v << 1) & 0x7F00 | (v << 2) & 0x7F_0000 | (v << 3) & 0x7F00_0000 | 0x80_8080);
        return p + 4;
    }

    /**
     * A rung of the store ladders: an int of 2^28 or more, taken as unsigned, as five bytes.
     *
     * @param b the array, with at least 8 bytes from {@code p}
     * @param p where to store
     * @param v the value
     * @return {@code p + 5}
     */
    public static int putFiveBytes(byte[] b, int p, int v) {
        LONG_LE.set(b, p, spread(v & 0xFFFF_FFFFL) | 0x8080_8080L);
        return p + 5;
    }

    /**
     * A rung of the store ladders: a long of 2^56 or more, taken as unsigned, as nine bytes.
     *
     * @param b the array, with at least 9 bytes from {@code p}
     * @param p where to store
     * @param v the value
     * @return {@code p + 9}
     */
    public static int putNineBytes(byte[] b, int p, long v) {
        LONG_LE.set(b, p, spread(v) | CONTINUATION);
        b[p + 8] = (byte) (v >>> 56);
        return p + 9;
    }

    /**
     * Stores an unsigned prefix varint int, the form of {@code short} and {@code int} values since
     * format 3 and 7 ({@code docs/FORMAT.md}, "Primitives"): the first byte's low bits say the length,
     * {@code n - 1} ones then a zero, and the value follows them in the word's other {@code 7n} bits.
     *
     * <p>Why: a LEB128 value of three or more bytes is spread into 7-bit groups, and read back by
     * gathering them; here a store is one shift and one word, and a load one shift and one mask,
     * with the same length for every value. In a scratch shape of Struct on OpenJDK 17 this took
     * serialize from 234 to 124 ns and deserialize from 247 to 188 (DESIGN.md, forty-eighth round).
     * The one- and two-byte forms are byte stores, as in {@link #putVarUInt}, for C2's node budget.
     *
     * @param b the array, with at least {@link #ROOM} bytes from {@code p}
     * @param p where to store
     * @param v the value, taken as unsigned
     * @return the index after the value's last byte (1 to 5 bytes on)
     */
    public static int putPrefixUInt(byte[] b, int p, int v) {
        if ((v & ~0x7F) == 0) {
            b[p] = (byte) (v << 1);
            return p + 1;
        }
        if ((v & ~0x3FFF) == 0) {
            int w = v << 2 | 1;
            b[p] = (byte) w;
            b[p + 1] = (byte) (w >>> 8);
            return p + 2;
        }
        return putPrefixUIntPastTwo(b, p, v);
    }

    /**
     * {@link #putPrefixUInt} for a value of 2^14 or more: a rung per length, each a word with a
     * constant shift and length bits, so that the index after it is the start plus a constant
     * once the branch is predicted. (A length by a bit count made each varint's end wait for its
     * value's bits: ClassicBean[1000] serialize 12 % slower, DESIGN.md, forty-eighth round.)
     *
     * @param b the array, with at least {@link #ROOM} bytes from {@code p}
     * @param p where to store
     * @param v the value, 2^14 or more taken as unsigned
     * @return the index after the value's last byte (3 to 5 bytes on)
     */
    public static int putPrefixUIntPastTwo(byte[] b, int p, int v) {
        if ((v & ~0x1F_FFFF) == 0) {
            putWord(b, p, (long) v << 3 | 0b011);
            return p + 3;
        }
        if ((v & ~0xFFF_FFFF) == 0) {
            putWord(b, p, (long) v << 4 | 0b0111);
            return p + 4;
        }
        putWord(b, p, (v & 0xFFFF_FFFFL) << 5 | 0b01111);
        return p + 5;
    }

    /**
     * Stores an unsigned prefix varint long: as {@link #putPrefixUInt} for a value below 2^56 (1 to
     * 8 bytes), else the byte {@code FF} and the value's 8 bytes, little-endian.
     *
     * @param b the array, with at least 9 bytes from {@code p} ({@link #ROOM} suffice for a value
     *          below 2^56)
     * @param p where to store
     * @param v the value, taken as unsigned
     * @return the index after the value's last byte (1 to 9 bytes on)
     */
    public static int putPrefixULong(byte[] b, int p, long v) {
        if ((v & ~0x7FL) == 0) {
            b[p] = (byte) (v << 1);
            return p + 1;
        }
        if ((v & ~0x3FFFL) == 0) {
            int w = (int) v << 2 | 1;
            b[p] = (byte) w;
            b[p + 1] = (byte) (w >>> 8);
            return p + 2;
        }
        return putPrefixULongPastTwo(b, p, v);
    }

    /**
     * {@link #putPrefixULong} for a value of 2^14 or more: the nine-byte form first (random or
     * hashed longs), then a rung each for three and four bytes, as {@link #putPrefixUIntPastTwo},
     * and five to eight bytes by a bit count.
     *
     * @param b the array, with at least 9 bytes from {@code p}
     * @param p where to store
     * @param v the value, 2^14 or more taken as unsigned
     * @return the index after the value's last byte (3 to 9 bytes on)
     */
    public static int putPrefixULongPastTwo(byte[] b, int p, long v) {
        if ((v >>> 56) != 0) {
            return putPrefixNineBytes(b, p, v);
        }
        if ((v & ~0x1F_FFFFL) == 0) {
            putWord(b, p, v << 3 | 0b011);
            return p + 3;
        }
        if ((v & ~0xFFF_FFFFL) == 0) {
            putWord(b, p, v << 4 | 0b0111);
            return p + 4;
        }
        return putPrefixByCount(b, p, v);
    }

    /**
     * Stores 8 bytes, little-endian: for the rungs above, whose copies in generated codecs may
     * call only public methods.
     *
     * @param b the array, with at least 8 bytes from {@code p}
     * @param p where to store
     * @param w the word
     */
    public static void putWord(byte[] b, int p, long w) {
        LONG_LE.set(b, p, w);
    }

    /**
     * The nine-byte prefix varint of a long: {@code FF}, then its 8 bytes. (Public, as every method
     * the ladders call is, for their copies in generated codecs.)
     *
     * @param b the array, with at least 9 bytes from {@code p}
     * @param p where to store
     * @param v the value, 2^56 or more taken as unsigned
     * @return {@code p + 9}
     */
    public static int putPrefixNineBytes(byte[] b, int p, long v) {
        b[p] = (byte) 0xFF;
        LONG_LE.set(b, p + 1, v);
        return p + 9;
    }

    /**
     * The last rung of {@link #putPrefixULongPastTwo}: a prefix varint of 5 to 8 bytes (any below
     * 2^56 would do) as one word, its length by a bit count.
     *
     * @param b the array, with at least {@link #ROOM} bytes from {@code p}
     * @param p where to store
     * @param v the value, below 2^56
     * @return the index after the value's last byte
     */
    public static int putPrefixByCount(byte[] b, int p, long v) {
        int n = prefixLength(v);
        LONG_LE.set(b, p, prefixWord(v, n));
        return p + n;
    }

    /**
     * Stores a prefix varint a byte at a time, touching only its own bytes, for a place without
     * room for a word.
     *
     * @param b the array, with the value's length from {@code p}
     * @param p where to store
     * @param v the value, taken as unsigned (an int's zero-extended)
     * @return the index after the value's last byte
     */
    public static int putPrefixBytewise(byte[] b, int p, long v) {
        if ((v >>> 56) != 0) {
            return putPrefixNineBytes(b, p, v);
        }
        int n = prefixLength(v);
        long w = prefixWord(v, n);
        for (int i = 0; i < n; i++) {
            b[p + i] = (byte) (w >>> 8 * i);
        }
        return p + n;
    }

    /**
     * @param v a value below 2^56
     * @return the bytes of its prefix varint, 1 to 8: as many as its LEB128 form takes
     */
    private static int prefixLength(long v) {
        // ceil(bits / 7), at least 1
        return Math.max(1, (70 - Long.numberOfLeadingZeros(v)) / 7);
    }

    /** The bytes of a prefix varint of {@code n} bytes (1 to 8), little-endian: its length bits, then the value. */
    private static long prefixWord(long v, int n) {
        return v << n | (1L << (n - 1)) - 1;
    }

    /**
     * The value of a two-byte varint, the reverse of {@link #putTwoBytes}.
     *
     * @param word the varint's bytes, little-endian, from its first byte (bytes past it ignored)
     * @return the value, below 2^14
     */
    public static int fromTwoBytes(long word) {
        return (int) word & 0x7F | (int) (word >>> 1) & 0x3F80;
    }

    /**
     * The low 56 bits of {@code u} in eight 7-bit groups, one per byte, continuation bits clear.
     * Perf: three steps that each split every lane in two (28-bit halves, then 14, then 7), rather
     * than one shift and mask per group, in two methods of under 35 bytecodes, as gather is.
     */
    private static long spread(long u) {
        return spreadHalves(u & 0x0FFF_FFFFL | (u & 0x00FF_FFFF_F000_0000L) << 4);
    }

    /** Spreads each 28-bit half of {@code x} into four 7-bit lanes, one per byte. */
    private static long spreadHalves(long x) {
        long y = x & 0x0000_3FFF_0000_3FFFL | (x & 0x0FFF_C000_0FFF_C000L) << 2;
        return y & 0x007F_007F_007F_007FL | (y & 0x3F80_3F80_3F80_3F80L) << 1;
    }

    /** The continuation bits of a varint of {@code length} bytes, 1 to 8: all bytes but the last. */
    private static long continuation(int length) {
        return ((1L << ((length - 1) << 3)) - 1) & CONTINUATION;
    }

    /**
     * Gathers the 7-bit groups of a varint's bytes (the word already masked to them) into a value.
     *
     * @param x the varint's bytes, little-endian, bytes past it cleared
     * @return the low 56 bits of the value
     */
    public static long gather(long x) {
        // Perf: the reverse of spread, three steps that each join pairs of lanes, in two methods
        // of under 35 bytecodes, which C2 inlines even where it judges a call site cold.
        return joinPairs(x & 0x007F_007F_007F_007FL | (x & 0x7F00_7F00_7F00_7F00L) >>> 1);
    }

    /** Joins the 14-bit lanes of {@code y} (7-bit lanes already joined in pairs) into one value. */
    private static long joinPairs(long y) {
        long z = y & 0x0000_3FFF_0000_3FFFL | (y & 0x3FFF_0000_3FFF_0000L) >>> 2;
        return z & 0x0FFF_FFFFL | (z & 0x0FFF_FFFF_0000_0000L) >>> 4;
    }

    /**
     * Loads 8 bytes, little-endian.
     *
     * @param b the array, with at least 8 bytes from {@code p}
     * @param p the first byte
     * @return the word
     */
    static long word(byte[] b, int p) {
        return (long) LONG_LE.get(b, p);
    }
}
