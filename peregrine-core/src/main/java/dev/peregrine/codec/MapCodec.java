package dev.peregrine.codec;

import dev.peregrine.MalformedInputException;
import dev.peregrine.UnsupportedTypeException;

import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Any map: the count, then the keys as {@link Elements}, then the values as {@link Elements}, in
 * the map's iteration order. Key and value types come from the slot's hint.
 */
final class MapCodec extends TypeCodec<Map<Object, Object>> {
    /** The flag bits of a map's header: the values' flags, then the keys'. */
    static final long FLAG_MASK = (1 << 2 * Elements.FLAG_BITS) - 1;
    /** The flags of a map whose keys and values are all present and of their declared classes. */
    static final long ALL_DECLARED = (Elements.SAME_TYPE | Elements.DECLARED) << Elements.FLAG_BITS
            | Elements.SAME_TYPE | Elements.DECLARED;
    private final IntFunction<Map<Object, Object>> builder;
    private final Function<Map<Object, Object>, Map<Object, Object>> finisher;
    private final int requiredSize;

    /**
     * @param builder      makes an empty mutable map from an expected size
     * @param finisher     turns it into the final form, or null when it is the final form
     * @param requiredSize the only size the form allows, or -1
     */
    MapCodec(IntFunction<Map<Object, Object>> builder,
             Function<Map<Object, Object>, Map<Object, Object>> finisher, int requiredSize) {
        this.builder = builder;
        this.finisher = finisher;
        this.requiredSize = requiredSize;
    }

    @Override
    public boolean createdAfterContents() {
        return finisher != null;
    }

    @Override
    public void write(WriteContext ctx, Map<Object, Object> value, TypeHint hint) {
        // Perf: a HashMap (LinkedHashMap too) is told apart by a class test first; a failed
        // interface test scans the class's list of interfaces, which cost more than the test.
        if (!(value instanceof java.util.HashMap) && value instanceof SortedMap<?, ?> s && s.comparator() != null) {
            throw new UnsupportedTypeException(value.getClass().getName() + " with a comparator ("
                    + s.comparator().getClass().getName() + ") cannot be serialized: only natural ordering is");
        }
        int n = value.size();
        // Perf: forEach walks a HashMap's table directly, with no iterator or entry calls; every
        // map's forEach visits its entries in its iteration order, so the bytes are the same. (The
        // context's EntryStack, which map fields use, measured slower here in the compatible
        // format: ComplexObject serialize 165 -> 200 ns, min of 12 iterations.)
        Pairs pairs = new Pairs(n);
        value.forEach(pairs);
        if (pairs.count != n) {
            throw new ConcurrentModificationException("map shrank while being written");
        }
        TypeHint keyHint = TypeHint.arg(hint, 0);
        TypeHint valueHint = TypeHint.arg(hint, 1);
        int keyFlags = Elements.flags(pairs.keys, n, keyHint);
        int valueFlags = Elements.flags(pairs.values, n, valueHint);
        ctx.out().writeVarULong((long) n << 2 * Elements.FLAG_BITS | valueFlags << Elements.FLAG_BITS | keyFlags);
        Elements.writeBody(ctx, pairs.keys, n, keyFlags, keyHint);
        Elements.writeBody(ctx, pairs.values, n, valueFlags, valueHint);
    }

    /** Collects a map's entries into two arrays, in the order {@code forEach} gives them. */
    private static final class Pairs implements java.util.function.BiConsumer<Object, Object> {
        final Object[] keys;
        final Object[] values;
        int count;

        Pairs(int n) {
            keys = new Object[n];
            values = new Object[n];
        }

        @Override
        public void accept(Object key, Object value) {
            if (count == keys.length) {
                throw new ConcurrentModificationException("map grew while being written");
            }
            keys[count] = key;
            values[count++] = value;
        }
    }

    @Override
    public Map<Object, Object> read(ReadContext ctx, TypeHint hint) {
        return readEntries(ctx, readHeader(ctx), hint);
    }

    static long readHeader(ReadContext ctx) {
        return Elements.readHeader(ctx, 2 * Elements.FLAG_BITS, 48, "map");
    }

    /** Reads what follows a map's header, into this codec's form. */
    private Map<Object, Object> readEntries(ReadContext ctx, long header, TypeHint hint) {
        int n = Elements.count(header, 2 * Elements.FLAG_BITS);
        if (requiredSize >= 0 && n != requiredSize) {
            throw new MalformedInputException("this map form holds exactly " + requiredSize
                    + " entries, not " + n, ctx.in().position());
        }
        Map<Object, Object> m = builder.apply(Math.min(n, ctx.in().remaining() + 1));
        if (finisher == null) {
            ctx.created(m);
        }
        Object[] keys = new Object[n];
        ctx.enterHashed();
        Elements.readBody(ctx, keys, n, (int) header & 7, TypeHint.arg(hint, 0));
        Object[] values = exitHashed(ctx, m, keys);
        int valueFlags = (int) (header >>> Elements.FLAG_BITS) & 7;
        if (values == null) {
            // Perf: each value is put with its key as soon as it is read, with no array of values.
            Elements.readValuesInto(ctx, keys, m, n, valueFlags, TypeHint.arg(hint, 1));
            checkDistinct(ctx, m, n);
        } else {
            // Keys of a cycle: put as they are now, refilled and checked when the root is complete.
            Elements.readBody(ctx, values, n, valueFlags, TypeHint.arg(hint, 1));
            ReadContext.fillUnsettled(m, keys, values);
            if (finisher != null) {
                Map<Object, Object> made = finisher.apply(m);
                ctx.finishedEarly(made, keys);
                return made;
            }
        }
        return finisher == null ? m : finisher.apply(m);
    }

    /**
     * Leaves the keys' hashed level: see {@link ReadContext#exitHashed(Object, Object[])}.
     *
     * @return null, or an array to keep the values in for refilling the map
     */
    private static Object[] exitHashed(ReadContext ctx, Map<Object, Object> m, Object[] keys) {
        if (ctx.tracksReferences()) {
            return ctx.exitHashed(m, keys);
        }
        ctx.exitHashed();
        return null;
    }

    static void checkDistinct(ReadContext ctx, Map<?, ?> m, int n) {
        if (m.size() != n) {
            throw new MalformedInputException("a " + m.getClass().getName() + " holds " + n + " keys of which only "
                    + m.size() + " are distinct by equals (or compareTo); was a key changed after it was put?",
                    ctx.in().position());
        }
    }

    /**
     * {@link #write} of a map whose non-null keys and values are all of their declared classes
     * ({@link EntryStack#nulls} said so): the same bytes, the flags found from the counts of nulls,
     * each key and value written by its class's codec.
     *
     * @param items     where {@link EntryStack#push} copied the map's entries
     * @param base      what it returned
     * @param n         the map's size
     * @param nulls     what {@link EntryStack#nulls} returned
     * @param key       the codec of the declared key class
     * @param keyHint   the declared key type
     * @param value     the codec of the declared value class
     * @param valueHint the declared value type
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static void writeAllOf(WriteContext ctx, Object[] items, int base, int n, int nulls,
                           TypeCodec key, TypeHint keyHint, TypeCodec value, TypeHint valueHint) {
        int keyNulls = nulls & 1;
        int valueNulls = nulls >>> 1;
        int keyFlags = Elements.flagsOfDeclared(n, keyNulls);
        int valueFlags = Elements.flagsOfDeclared(n, valueNulls);
        ctx.out().writeVarULong((long) n << 2 * Elements.FLAG_BITS | valueFlags << Elements.FLAG_BITS | keyFlags);
        writeRun(ctx, items, base, n, keyNulls, key, keyHint);
        writeRun(ctx, items, base + n, n, valueNulls, value, valueHint);
    }

    /**
     * Writes the keys or the values of a map: a bitmap if some are null, then the others.
     *
     * Perf: the two calls are made here rather than through a shared helper (which this used to
     * call, {@code Elements.writeExact}), one inlining level fewer: C2 inlines at most 15 levels deep (the JDK 17 and 25 default), and a
     * key string's write reached that limit whenever the root of the compile was one call above
     * {@code Codec.encode} (DESIGN.md, thirty-fourth round).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void writeRun(WriteContext ctx, Object[] items, int from, int n, int nulls, TypeCodec codec,
                                 TypeHint hint) {
        if (nulls > 0) {
            Elements.writePresence(ctx.out(), items, from, n);
        }
        for (int i = from; i < from + n; i++) {
            Object e = items[i];
            if (e != null) {
                ctx.writeKnown(e, codec, hint);
            }
        }
    }

    /**
     * Reads the rest of a map field's value after its tag and header, which a generated codec's
     * read loop handed back ({@link ReadContext#readMapBody}): when the header says every non-null
     * key and value is of its declared class, each is read by its class's codec into a new
     * {@code HashMap}; any other body as {@link #read} reads it.
     *
     * @param header the header
     * @param slot   the field's slot, whose {@link ReferenceSlot#mapKey} is known
     * @return the map
     */
    Map<Object, Object> readFieldBody(ReadContext ctx, long header, ReferenceSlot slot) {
        int keyFlags = (int) header & 7;
        int valueFlags = (int) (header >>> Elements.FLAG_BITS) & 7;
        if ((keyFlags & valueFlags & Elements.DECLARED) == 0) {
            return readEntries(ctx, header, slot.hint());
        }
        checkFlags(ctx, keyFlags);
        checkFlags(ctx, valueFlags);
        TypeCodec<?> key = slot.mapKeyCodec();
        TypeCodec<?> value = slot.mapValueCodec();
        int n = Elements.count(header, 2 * Elements.FLAG_BITS);
        HashMap<Object, Object> m = ctx.newMap(n);
        Object[] keys = new Object[n];
        ctx.enterHashed();
        byte[] present = Elements.readPresence(ctx.in(), n, keyFlags);
        for (int i = 0; i < n; i++) {
            if (Elements.isPresent(present, i)) {
                keys[i] = ctx.readKnown(key, slot.mapKey());
            }
        }
        Object[] values = exitHashed(ctx, m, keys);
        present = Elements.readPresence(ctx.in(), n, valueFlags);
        if (values == null) {
            for (int i = 0; i < n; i++) {
                m.put(keys[i], Elements.isPresent(present, i) ? ctx.readKnown(value, slot.mapValue()) : null);
            }
            checkDistinct(ctx, m, n);
        } else {
            for (int i = 0; i < n; i++) {
                values[i] = Elements.isPresent(present, i) ? ctx.readKnown(value, slot.mapValue()) : null;
            }
            ReadContext.fillUnsettled(m, keys, values);
        }
        return m;
    }

    private static void checkFlags(ReadContext ctx, int flags) {
        if ((flags & Elements.SAME_TYPE) == 0) {
            throw new MalformedInputException("bad element flags " + flags, ctx.in().position());
        }
    }
}
