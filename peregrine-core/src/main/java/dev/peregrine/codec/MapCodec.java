package dev.peregrine.codec;

import dev.peregrine.MalformedInputException;
import dev.peregrine.UnsupportedTypeException;

import java.util.Map;
import java.util.SortedMap;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Any map: the count, then the keys as {@link Elements}, then the values as {@link Elements}, in
 * the map's iteration order. Key and value types come from the slot's hint.
 */
final class MapCodec extends TypeCodec<Map<Object, Object>> {
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
    public void write(WriteContext ctx, Map<Object, Object> value, TypeHint hint) {
        // Perf: a HashMap (LinkedHashMap too) is told apart by a class test first; a failed
        // interface test scans the class's list of interfaces, which cost more than the test.
        if (!(value instanceof java.util.HashMap) && value instanceof SortedMap<?, ?> s && s.comparator() != null) {
            throw new UnsupportedTypeException(value.getClass().getName() + " with a comparator ("
                    + s.comparator().getClass().getName() + ") cannot be serialized: only natural ordering is");
        }
        int n = value.size();
        // Perf: forEach walks a HashMap's table directly, with no iterator or entry calls; every
        // map's forEach visits its entries in its iteration order, so the bytes are the same.
        Pairs pairs = new Pairs(n);
        value.forEach(pairs);
        if (pairs.count != n) {
            throw new java.util.ConcurrentModificationException("map shrank while being written");
        }
        Object[] keys = pairs.keys;
        Object[] values = pairs.values;
        TypeHint keyHint = TypeHint.arg(hint, 0);
        TypeHint valueHint = TypeHint.arg(hint, 1);
        int keyFlags = Elements.flags(keys, n, keyHint);
        int valueFlags = Elements.flags(values, n, valueHint);
        ctx.out().writeVarULong((long) n << 2 * Elements.FLAG_BITS | valueFlags << Elements.FLAG_BITS | keyFlags);
        Elements.writeBody(ctx, keys, n, keyFlags, keyHint);
        Elements.writeBody(ctx, values, n, valueFlags, valueHint);
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
                throw new java.util.ConcurrentModificationException("map grew while being written");
            }
            keys[count] = key;
            values[count++] = value;
        }
    }

    @Override
    public Map<Object, Object> read(ReadContext ctx, TypeHint hint) {
        long header = Elements.readHeader(ctx, 2 * Elements.FLAG_BITS, 48, "map");
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
        ctx.exitHashed();
        // Perf: each value is put with its key as soon as it is read, with no array of values.
        Elements.readValuesInto(ctx, keys, m, n, (int) (header >>> Elements.FLAG_BITS) & 7, TypeHint.arg(hint, 1));
        if (m.size() != n) {
            throw new MalformedInputException("map holds duplicate keys", ctx.in().position());
        }
        return finisher == null ? m : finisher.apply(m);
    }
}
