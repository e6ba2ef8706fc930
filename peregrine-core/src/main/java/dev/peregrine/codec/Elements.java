package dev.peregrine.codec;

import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

/**
 * The layout of a run of elements (of an array, a collection, or a map's keys or values) whose count
 * the caller has written: a flags byte, the element type once when all elements share it, a
 * presence bitmap when some are null, then the non-null elements.
 *
 * <pre>
 * flags: bit 0 HAS_NULL   a bitmap of ceil(n/8) bytes follows, bit i set = element i present
 *        bit 1 SAME_TYPE  every non-null element has one class, written once (tag) before the bitmap
 *        bit 2 DECLARED   ... and it is the declared element type, so not even the tag is written
 * </pre>
 * Without SAME_TYPE every element carries its own tag.
 */
final class Elements {
    static final int HAS_NULL = 1;
    static final int SAME_TYPE = 2;
    static final int DECLARED = 4;

    private Elements() {
    }

    /**
     * Writes {@code items[0..n)} (nothing at all when n is 0).
     *
     * @param hint the declared element type, or null
     */
    @SuppressWarnings({"rawtypes"})
    static void write(WriteContext ctx, Object[] items, int n, TypeHint hint) {
        if (n == 0) {
            return;
        }
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
        BufferWriter out = ctx.out();
        out.writeByte((hasNull ? HAS_NULL : 0) | (sameType ? SAME_TYPE : 0) | (declared ? DECLARED : 0));
        if (sameType && !declared) {
            ctx.resolver().writeType(out, same, hint);
        }
        if (hasNull) {
            writePresence(out, items, n);
        }
        TypeCodec codec = sameType ? ctx.resolver().codecFor(same) : null;
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
     * Reads {@code n} elements into {@code dst[0..n)}.
     *
     * @param dst  destination; a typed array makes a wrongly typed element a format error
     * @param hint the declared element type, exactly as the writer saw it
     */
    static void read(ReadContext ctx, Object[] dst, int n, TypeHint hint) {
        if (n == 0) {
            return;
        }
        BufferReader in = ctx.in();
        int at = in.position();
        int flags = in.readByte() & 0xFF;
        if ((flags & ~7) != 0 || ((flags & DECLARED) != 0 && (flags & SAME_TYPE) == 0)) {
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
