package dev.peregrine.codec;

import dev.peregrine.LimitExceededException;
import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.Map;

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
 *
 * <p>Elements come from an array or, for an {@link ArrayList}, straight from the list by index;
 * they are read into an array, a collection or a map's values. Each source and destination has its
 * own loop so that none of them copies the elements into a temporary array.
 */
final class Elements {
    static final int HAS_NULL = 1;
    static final int SAME_TYPE = 2;
    static final int DECLARED = 4;
    /** Bits of flags in a header. */
    static final int FLAG_BITS = 3;
    /**
     * Fewest elements read as one run ({@link RunReader}), or written as one ({@link TypeCodec#startRun}).
     * Perf: a run costs a call and its setup once, about what five elements save; lists of two or
     * three (MediaContent's images, Car's figures) measured 5 to 10 % slower to decode as runs.
     */
    static final int MIN_RUN = 8;

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

    /**
     * Writes a header of the count and flags, then the body, for an {@link ArrayList}'s elements:
     * the same bytes as {@link #write(WriteContext, Object[], int, TypeHint)} of its {@code toArray()}.
     *
     * @param items an {@code ArrayList}, exactly
     * @param hint  the declared element type, or null
     * @throws ConcurrentModificationException when the list changes size while being written
     */
    static void write(WriteContext ctx, ArrayList<?> items, TypeHint hint) {
        // Perf: two passes by index (flags, then elements) instead of a copy by toArray. Only an
        // ArrayList comes here, so get(i) stays a direct, inlined call; through the List interface
        // it would be an interface call per element wherever several list classes are written.
        int n = items.size();
        int flags = flags(items, n, hint);
        ctx.out().writeVarULong((long) n << FLAG_BITS | flags);
        writeBody(ctx, items, n, flags, hint);
        if (items.size() != n) {
            throw new ConcurrentModificationException("list changed size while being written");
        }
    }

    /**
     * Counts the nulls of an {@code ArrayList} whose other elements are all exactly of one class.
     *
     * @param items the list
     * @param n     its size, as the caller will write it
     * @param type  a final class that is not an enum
     * @return the number of null elements, or -1 when some element has another class
     */
    static int nullsIfAllOf(ArrayList<?> items, int n, Class<?> type) {
        int nulls = 0;
        for (int i = 0; i < n; i++) {
            Object e = items.get(i);
            if (e == null) {
                nulls++;
            } else if (e.getClass() != type) {
                return -1;
            }
        }
        return nulls;
    }

    /**
     * {@link #write(WriteContext, ArrayList, TypeHint)} of a list whose non-null elements are all of
     * the declared class ({@link #nullsIfAllOf} said so): the same bytes, the flags found from the
     * count of nulls, each element written by {@code codec}.
     *
     * @param items an {@code ArrayList}, exactly
     * @param n     its size when {@code nulls} were counted; the flags and the body follow it, so a
     *              list changed meanwhile is a {@code ConcurrentModificationException}, not a
     *              header that disagrees with its body
     * @param nulls its number of null elements among the first {@code n}
     * @param codec the codec of the declared element class, {@code hint.codecIn(ctx.resolver())}, or
     *              in the compatible format the same-schema codec inside it
     * @param hint  the declared element type
     * @param def   in the compatible format the element class's local definition, else null
     * @throws ConcurrentModificationException when the list changes size while being written
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static void writeAllOf(WriteContext ctx, ArrayList<?> items, int n, int nulls, TypeCodec codec, TypeHint hint,
                           dev.peregrine.compat.ClassDef def) {
        ctx.out().writeVarULong((long) n << FLAG_BITS | flagsOfDeclared(n, nulls));
        if (nulls > 0) {
            writePresence(ctx.out(), items, n);
        }
        if (n > nulls) {
            def = startRun(ctx, n, def);
        }
        for (int i = 0; i < n; i++) {
            Object e = items.get(i);
            if (e != null) {
                writeElement(ctx, e, codec, hint, def);
            }
        }
        if (items.size() != n) {
            throw new ConcurrentModificationException("list changed size while being written");
        }
    }

    /**
     * The flags of {@code n} elements whose non-null ones are all of the declared class.
     *
     * @param nulls how many of them are null
     */
    static int flagsOfDeclared(int n, int nulls) {
        return n == nulls ? (n == 0 ? 0 : HAS_NULL) : SAME_TYPE | DECLARED | (nulls > 0 ? HAS_NULL : 0);
    }

    /**
     * Writes a non-null element of the declared class, by its codec: the same bytes as
     * {@code ctx.writeKnown(e, hint.codecIn(ctx.resolver()), hint)}; a string as a string field is
     * written (the same bytes and depth check, a string holding no other value), a call level
     * fewer than through {@code writeKnown}.
     *
     * Perf: MediaContent serialize (its {@code List<String>}) on Temurin 25 took a slow mode in
     * seven JVMs of eight, 235 ns against 160 with the string path; map keys and values do not take
     * it ({@code MapCodec.writeRun} calls {@code writeKnown}), where it cost ComplexObject a third on
     * JDK 17 (DESIGN.md, thirty-first round). The steps are written out here, not shared with
     * another method: through a shared helper every other element sat one inlining level deeper,
     * and Car serialize on 25 took a slow mode (152 ns against 133) in most JVMs (thirty-second
     * round).
     *
     * @param codec the declared class's codec, or in the compatible format the same-schema codec
     *              inside it
     * @param def   in the compatible format the class's local definition, else null
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void writeElement(WriteContext ctx, Object e, TypeCodec codec, TypeHint hint,
                                     dev.peregrine.compat.ClassDef def) {
        if (def != null) {
            ctx.writeKnownWithDef(e, codec, hint, def);
        } else if (codec == ScalarCodecs.STRING) {
            ctx.writeString(e);
        } else {
            ctx.writeKnown(e, codec, hint);
        }
    }

    /**
     * Reads what {@link #writeElement} wrote.
     *
     * @param compat in the compatible format the class's compatible codec, else null
     */
    static Object readExact(ReadContext ctx, TypeCodec<?> codec, TypeHint hint,
                            dev.peregrine.compat.CompatibleCodec compat) {
        return compat != null ? ctx.readKnownWithDef(compat, codec, hint) : ctx.readKnown(codec, hint);
    }

    /** The flags {@link #writeBody} needs for these elements. */
    static int flags(Object[] items, int n, TypeHint hint) {
        boolean hasNull = false;
        boolean mixed = false;
        Class<?> raw = null;
        Class<?> same = null;
        // Perf: the declared class is never an enum constant's body, so it needs no normalizing.
        Class<?> declared = hint == null ? null : hint.raw();
        for (int i = 0; i < n; i++) {
            Object e = items[i];
            if (e == null) {
                hasNull = true;
            } else if (e.getClass() != raw) {
                // Perf: a run of one class is normalized once.
                raw = e.getClass();
                Class<?> c = raw == declared ? raw : CodecSupport.normalize(raw);
                if (same == null) {
                    same = c;
                } else if (c != same) {
                    mixed = true;
                }
            }
        }
        return flags(hasNull, mixed, same, hint);
    }

    /** {@link #flags(Object[], int, TypeHint)} of an {@code ArrayList}'s first {@code n} elements. */
    static int flags(ArrayList<?> items, int n, TypeHint hint) {
        boolean hasNull = false;
        boolean mixed = false;
        Class<?> raw = null;
        Class<?> same = null;
        // Perf: the declared class is never an enum constant's body, so it needs no normalizing.
        Class<?> declared = hint == null ? null : hint.raw();
        for (int i = 0; i < n; i++) {
            Object e = items.get(i);
            if (e == null) {
                hasNull = true;
            } else if (e.getClass() != raw) {
                raw = e.getClass();
                Class<?> c = raw == declared ? raw : CodecSupport.normalize(raw);
                if (same == null) {
                    same = c;
                } else if (c != same) {
                    mixed = true;
                }
            }
        }
        return flags(hasNull, mixed, same, hint);
    }

    private static int flags(boolean hasNull, boolean mixed, Class<?> same, TypeHint hint) {
        boolean sameType = same != null && !mixed;
        boolean declared = sameType && hint != null && hint.raw() == same;
        return (hasNull ? HAS_NULL : 0) | (sameType ? SAME_TYPE : 0) | (declared ? DECLARED : 0);
    }

    /** Writes what follows the header: the shared tag, the presence bitmap, the elements. */
    static void writeBody(WriteContext ctx, Object[] items, int n, int flags, TypeHint hint) {
        TypeCodec<?> codec = null;
        if ((flags & SAME_TYPE) != 0) {
            codec = writeSharedType(ctx, firstNonNull(items, n), flags, hint);
        }
        if ((flags & HAS_NULL) != 0) {
            writePresence(ctx.out(), items, 0, n);
        }
        codec = startRun(ctx, codec, n, flags);
        for (int i = 0; i < n; i++) {
            Object e = items[i];
            if (e != null) {
                writeOne(ctx, e, codec, hint);
            }
        }
    }

    /** {@link #writeBody(WriteContext, Object[], int, int, TypeHint)} of an {@code ArrayList}. */
    static void writeBody(WriteContext ctx, ArrayList<?> items, int n, int flags, TypeHint hint) {
        TypeCodec<?> codec = null;
        if ((flags & SAME_TYPE) != 0) {
            codec = writeSharedType(ctx, firstNonNull(items, n), flags, hint);
        }
        if ((flags & HAS_NULL) != 0) {
            writePresence(ctx.out(), items, n);
        }
        codec = startRun(ctx, codec, n, flags);
        for (int i = 0; i < n; i++) {
            Object e = items.get(i);
            if (e != null) {
                writeOne(ctx, e, codec, hint);
            }
        }
    }

    /** Writes the shared tag unless it is the declared type; returns the shared class's codec. */
    private static TypeCodec<?> writeSharedType(WriteContext ctx, Object first, int flags, TypeHint hint) {
        if ((flags & DECLARED) != 0) {
            return hint.untaggedCodecIn(ctx.resolver());
        }
        Class<?> same = CodecSupport.normalize(first.getClass());
        ctx.resolver().writeType(ctx.out(), same, hint);
        return ctx.resolver().codecFor(same);
    }

    /**
     * The codec for the {@code n} elements of a body with these flags: from {@link #MIN_RUN}
     * elements under {@code DECLARED}, without reference tracking, what {@link TypeCodec#startRun}
     * returns, after it has written what the run carries once (in the compatible format, the
     * class's def before the first present element, where that element's own write would have put
     * it); else {@code codec}. Perf: as on the read side, a short run gains less than the setup
     * costs (compatible Car, lists of two and three, measured slower written this way).
     */
    private static TypeCodec<?> startRun(WriteContext ctx, TypeCodec<?> codec, int n, int flags) {
        return (flags & DECLARED) != 0 && writesAsRun(ctx, n) ? codec.startRun(ctx) : codec;
    }

    /** Whether {@code n} elements of one declared class are written as one run (see {@link #startRun}). */
    private static boolean writesAsRun(WriteContext ctx, int n) {
        return n >= MIN_RUN && !ctx.tracksReferences();
    }

    /**
     * {@link #startRun(WriteContext, TypeCodec, int, int)} for the loops that take the same-schema
     * codec and the def apart ({@link #writeElement}), once they know that the {@code n} elements
     * hold a present one: writes the def, and returns null for the elements to be written without
     * it; with references tracked the def stays with each element, since it follows the
     * element's reference marker.
     *
     * @param def in the compatible format the elements' class's local definition, else null
     */
    private static dev.peregrine.compat.ClassDef startRun(WriteContext ctx, int n,
                                                          dev.peregrine.compat.ClassDef def) {
        if (def == null || !writesAsRun(ctx, n)) {
            return def;
        }
        ctx.writeUntaggedDef(def);
        return null;
    }

    private static void writeOne(WriteContext ctx, Object e, TypeCodec<?> codec, TypeHint hint) {
        if (codec != null) {
            ctx.writeKnown(e, codec, hint);
        } else {
            ctx.writeAny(e, hint);
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

    private static Object firstNonNull(ArrayList<?> items, int n) {
        for (int i = 0; i < n; i++) {
            Object e = items.get(i);
            if (e != null) {
                return e;
            }
        }
        throw new IllegalStateException("SAME_TYPE without elements");
    }

    /** Writes the presence bitmap of {@code items[from, from + n)}. */
    static void writePresence(BufferWriter out, Object[] items, int from, int n) {
        int at = out.reserve(CodecSupport.bitmapBytes(n));
        for (int i = 0; i < n; i += 8) {
            int b = 0;
            for (int k = 0; k < 8 && i + k < n; k++) {
                if (items[from + i + k] != null) {
                    b |= 1 << k;
                }
            }
            out.putByte(at + (i >>> 3), (byte) b);
        }
    }

    private static void writePresence(BufferWriter out, ArrayList<?> items, int n) {
        int at = out.reserve(CodecSupport.bitmapBytes(n));
        for (int i = 0; i < n; i += 8) {
            int b = 0;
            for (int k = 0; k < 8 && i + k < n; k++) {
                if (items.get(i + k) != null) {
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
        TypeCodec<?> codec = readSharedType(ctx, flags, hint);
        byte[] present = readPresence(ctx.in(), n, flags);
        try {
            if (n >= MIN_RUN && readAsRun(ctx, codec, hint, dst, null, n, present)) {
                return;
            }
            for (int i = 0; i < n; i++) {
                if (isPresent(present, i)) {
                    dst[i] = readOne(ctx, codec, hint);
                }
            }
        } catch (ArrayStoreException e) {
            throw new MalformedInputException("element of the wrong type for " + dst.getClass().getSimpleName(),
                    ctx.in().position(), e);
        }
    }

    /**
     * Reads the body of {@code n} elements and adds each to {@code dst} as soon as it is read, nulls
     * included, in order: what {@code addAll} of the elements read into an array would add.
     *
     * @param flags the flags from the header
     * @param dst   the collection to fill
     * @param hint  the declared element type, exactly as the writer saw it
     */
    static void readInto(ReadContext ctx, Collection<Object> dst, int n, int flags, TypeHint hint) {
        if (n == 0) {
            return;
        }
        TypeCodec<?> codec = readSharedType(ctx, flags, hint);
        byte[] present = readPresence(ctx.in(), n, flags);
        for (int i = 0; i < n; i++) {
            dst.add(isPresent(present, i) ? readOne(ctx, codec, hint) : null);
        }
    }

    /**
     * {@link #readInto(ReadContext, Collection, int, int, TypeHint)} for an {@code ArrayList}, exactly.
     *
     * Perf: its own loop, so that {@code add} is a direct call rather than an interface call per
     * element wherever several collection classes are read.
     */
    static void readInto(ReadContext ctx, ArrayList<Object> dst, int n, int flags, TypeHint hint) {
        if (n == 0) {
            return;
        }
        TypeCodec<?> codec = readSharedType(ctx, flags, hint);
        byte[] present = readPresence(ctx.in(), n, flags);
        if (n >= MIN_RUN && readAsRun(ctx, codec, hint, null, dst, n, present)) {
            return;
        }
        for (int i = 0; i < n; i++) {
            dst.add(isPresent(present, i) ? readOne(ctx, codec, hint) : null);
        }
    }

    /**
     * Reads what {@link #writeAllOf} writes (and whatever else an {@code ArrayList}'s codec reads):
     * a header and elements, into a new {@code ArrayList}, as the collection codec would. When the
     * header says every element is of the declared class, each is read by {@code codec}; any other
     * body by {@link #readInto(ReadContext, ArrayList, int, int, TypeHint)}.
     *
     * @param codec  the codec of the declared element class, {@code hint.codecIn(ctx.resolver())}, or
     *               in the compatible format the same-schema codec inside it
     * @param hint   the declared element type
     * @param compat in the compatible format the element class's compatible codec, else null
     * @return the list
     */
    static ArrayList<Object> readAllOf(ReadContext ctx, TypeCodec<?> codec, TypeHint hint,
                                       dev.peregrine.compat.CompatibleCodec compat) {
        long header = readHeader(ctx, FLAG_BITS, 16, "collection");
        int n = count(header, FLAG_BITS);
        int flags = (int) header & 7;
        ArrayList<Object> list = new ArrayList<>(Math.min(n, ctx.in().remaining() + 1));
        if ((flags & (SAME_TYPE | DECLARED)) != (SAME_TYPE | DECLARED)) {
            readInto(ctx, list, n, flags, hint);
            return list;
        }
        byte[] present = readPresence(ctx.in(), n, flags);
        if (n >= MIN_RUN && readAsRun(ctx, compat == null ? codec : compat.untagged(), hint, null, list, n, present)) {
            return list;
        }
        for (int i = 0; i < n; i++) {
            Object e = null;
            if (isPresent(present, i)) {
                e = readExact(ctx, codec, hint, compat);
            }
            list.add(e);
        }
        return list;
    }

    /**
     * Reads the body of a map's {@code n} values and puts each with its key as soon as it is read.
     *
     * @param flags the value flags from the header
     * @param keys  the keys, already read, in the writer's order
     * @param dst   the map to fill
     * @param hint  the declared value type, exactly as the writer saw it
     */
    static void readValuesInto(ReadContext ctx, Object[] keys, Map<Object, Object> dst, int n, int flags,
                               TypeHint hint) {
        if (n == 0) {
            return;
        }
        TypeCodec<?> codec = readSharedType(ctx, flags, hint);
        byte[] present = readPresence(ctx.in(), n, flags);
        for (int i = 0; i < n; i++) {
            dst.put(keys[i], isPresent(present, i) ? readOne(ctx, codec, hint) : null);
        }
    }

    /** Checks the flags and reads the shared tag; returns the shared class's codec, or null. */
    private static TypeCodec<?> readSharedType(ReadContext ctx, int flags, TypeHint hint) {
        if ((flags & DECLARED) != 0) {
            if ((flags & SAME_TYPE) == 0) {
                throw new MalformedInputException("bad element flags " + flags, ctx.in().position());
            }
            if (hint == null) {
                throw new MalformedInputException("elements claim their declared type, but none is declared",
                        ctx.in().position());
            }
            return hint.untaggedCodecIn(ctx.resolver());
        }
        if ((flags & SAME_TYPE) != 0) {
            return ctx.resolver().codecFor(ctx.resolver().readType(ctx.in(), hint));
        }
        return null;
    }

    /** Reads the presence bitmap when the flags say one follows; null when every element is present. */
    static byte[] readPresence(BufferReader in, int n, int flags) {
        if ((flags & HAS_NULL) == 0) {
            return null;
        }
        int bytes = CodecSupport.bitmapBytes(n);
        in.require(bytes, "null bitmap");
        byte[] present = new byte[bytes];
        in.readBytes(present, 0, bytes);
        return present;
    }

    /**
     * Reads {@code n} elements as one run into {@code array} or, when it is null, {@code list}, when
     * {@code codec} has a loop of its own and the payload lets it ({@link ReadContext#enterRun}).
     * Perf: out of its callers, which generated codecs inline, so that they stay small.
     *
     * @return whether the elements were read
     */
    private static boolean readAsRun(ReadContext ctx, TypeCodec<?> codec, TypeHint hint, Object[] array,
            ArrayList<Object> list, int n, byte[] present) {
        if (!(codec instanceof RunReader run) || !ctx.enterRun(codec, presentCount(present, n))) {
            return false;
        }
        if (array != null) {
            run.readRun(ctx, hint, array, n, present);
        } else {
            run.readRunInto(ctx, hint, list, n, present);
        }
        ctx.exitRun();
        return true;
    }

    /** How many of {@code n} elements {@code present} (null when all are) says are present. */
    private static int presentCount(byte[] present, int n) {
        if (present == null) {
            return n;
        }
        int count = 0;
        for (int i = 0; i < n >>> 3; i++) {
            count += Integer.bitCount(present[i] & 0xFF);
        }
        if ((n & 7) != 0) {
            count += Integer.bitCount(present[n >>> 3] & ((1 << (n & 7)) - 1));
        }
        return count;
    }

    static boolean isPresent(byte[] present, int i) {
        return present == null || (present[i >>> 3] & (1 << (i & 7))) != 0;
    }

    private static Object readOne(ReadContext ctx, TypeCodec<?> codec, TypeHint hint) {
        return codec != null ? ctx.readKnown(codec, hint) : ctx.readAny(hint);
    }
}
