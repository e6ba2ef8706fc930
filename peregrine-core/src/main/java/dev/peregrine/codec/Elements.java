package dev.peregrine.codec;

import dev.peregrine.LimitExceededException;
import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

/**
 * The layout of a run of elements (of an array, a collection, or a map's keys or values): a header
 * varint that holds the count and three flag bits, the element type once when all elements share it,
 * a presence bitmap when some are null, then the non-null elements.
 *
 * <pre>
 * header: count &lt;&lt; 3 | flags (a map: count &lt;&lt; 6 | valueFlags &lt;&lt; 3 | keyFlags)
 * flags:  bit 0 HAS_NULL   a bitmap of ceil(n/8) bytes follows, bit i set = element i present
 *         bit 1 SAME_TYPE  every non-null element has one class, written once (tag) before the bitmap
 *         bit 2 DECLARED   ... and it is the declared element type, so not even the tag is written
 * </pre>
 * Without SAME_TYPE every element carries its own tag. An empty run has flags 0.
 */
final class Elements {
    static final int HAS_NULL = 1;
    static final int SAME_TYPE = 2;
    static final int DECLARED = 4;
    /** Bits of flags in a header. */
    static final int FLAG_BITS = 3;

    private Elements() {
    }

    /**
     * Writes a header of the count and flags, then the body, for {@code items[0..n)}.
     *
     * @param hint the declared element type, or null
     */
    static void write(WriteContext ctx, Object[] items, int n, TypeHint hint) {
        int flags = flags(items, n, hint);
        ctx.out().writeVarULong((long) n << FLAG_BITS | flags);
        writeBody(ctx, items, n, flags, hint);
    }

    /** The flags {@link #writeBody} needs for these elements. */
    static int flags(Object[] items, int n, TypeHint hint) {
        boolean hasNull = false;
        boolean mixed = false;
        Class<?> same = null;
        for (int i = 0; i < n; i++) {
            Object e = items[i];
            if (e == null) {
                hasNull = true;
            } else {
                Class<?> c = CodecSupport.normalize(e.getClass());
                if (same == null) {
                    same = c;
                } else if (c != same) {
                    mixed = true;
                }
            }
        }
        boolean sameType = same != null && !mixed;
        boolean declared = sameType && hint != null && hint.raw() == same;
        return (hasNull ? HAS_NULL : 0) | (sameType ? SAME_TYPE : 0) | (declared ? DECLARED : 0);
    }

    /** Writes what follows the header: the shared tag, the presence bitmap, the elements. */
    @SuppressWarnings("rawtypes")
    static void writeBody(WriteContext ctx, Object[] items, int n, int flags, TypeHint hint) {
        BufferWriter out = ctx.out();
        TypeCodec codec = null;
        if ((flags & SAME_TYPE) != 0) {
            Class<?> same = CodecSupport.normalize(firstNonNull(items, n).getClass());
            if ((flags & DECLARED) == 0) {
                ctx.resolver().writeType(out, same, hint);
            }
            codec = ctx.resolver().codecFor(same);
        }
        if ((flags & HAS_NULL) != 0) {
            writePresence(out, items, n);
        }
        for (int i = 0; i < n; i++) {
            Object e = items[i];
            if (e == null) {
                continue;
            }
            if (codec != null) {
                ctx.writeKnown(e, codec, hint);
            } else {
                ctx.writeAny(e, hint);
            }
        }
    }

    private static Object firstNonNull(Object[] items, int n) {
        for (int i = 0; i < n; i++) {
            if (items[i] != null) {
                return items[i];
            }
        }
        throw new IllegalStateException("SAME_TYPE without elements");
    }

    private static void writePresence(BufferWriter out, Object[] items, int n) {
        int bytes = CodecSupport.bitmapBytes(n);
        int at = out.reserve(bytes);
        for (int i = 0; i < n; i += 8) {
            int b = 0;
            for (int k = 0; k < 8 && i + k < n; k++) {
                if (items[i + k] != null) {
                    b |= 1 << k;
                }
            }
            out.putByte(at + (i >>> 3), (byte) b);
        }
    }

    /**
     * Reads a header, checks its count against the length limit and charges {@code bytesEach} per
     * element to the read's budget.
     *
     * @param flagBits  bits of flags below the count: 3, or 6 for a map
     * @param bytesEach estimated heap bytes per element
     * @param what      the construct, for messages
     * @return the header
     */
    static long readHeader(ReadContext ctx, int flagBits, int bytesEach, String what) {
        BufferReader in = ctx.in();
        int at = in.position();
        long header = in.readVarULong();
        long n = header >>> flagBits;
        int max = ctx.limits().maxCollectionLength();
        if (n > max) {
            throw new LimitExceededException(what + " length " + Long.toUnsignedString(n) + " exceeds the limit "
                    + max, at);
        }
        if (n == 0 && header != 0) {
            throw new MalformedInputException("empty " + what + " with flags " + header, at);
        }
        ctx.charge(16 + n * bytesEach);
        return header;
    }

    /** The count of a header read by {@link #readHeader}. */
    static int count(long header, int flagBits) {
        return (int) (header >>> flagBits);
    }

    /**
     * Reads the body of {@code n} elements into {@code dst[0..n)}.
     *
     * @param flags the flags from the header
     * @param dst   destination; a typed array makes a wrongly typed element a format error
     * @param hint  the declared element type, exactly as the writer saw it
     */
    static void readBody(ReadContext ctx, Object[] dst, int n, int flags, TypeHint hint) {
        if (n == 0) {
            return;
        }
        BufferReader in = ctx.in();
        int at = in.position();
        if ((flags & DECLARED) != 0 && (flags & SAME_TYPE) == 0) {
            throw new MalformedInputException("bad element flags " + flags, at);
        }
        TypeCodec<?> codec = null;
        if ((flags & DECLARED) != 0) {
            if (hint == null) {
                throw new MalformedInputException("elements claim their declared type, but none is declared", at);
            }
            codec = ctx.resolver().codecFor(hint.raw());
        } else if ((flags & SAME_TYPE) != 0) {
            codec = ctx.resolver().codecFor(ctx.resolver().readType(in, hint));
        }
        byte[] present = null;
        if ((flags & HAS_NULL) != 0) {
            int bytes = CodecSupport.bitmapBytes(n);
            in.require(bytes, "null bitmap");
            present = new byte[bytes];
            in.readBytes(present, 0, bytes);
        }
        try {
            for (int i = 0; i < n; i++) {
                if (present != null && (present[i >>> 3] & (1 << (i & 7))) == 0) {
                    continue;
                }
                dst[i] = codec != null ? ctx.readKnown(codec, hint) : ctx.readAny(hint);
            }
        } catch (ArrayStoreException e) {
            throw new MalformedInputException("element of the wrong type for " + dst.getClass().getSimpleName(),
                    in.position(), e);
        }
    }
}
