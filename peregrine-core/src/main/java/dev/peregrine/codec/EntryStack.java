package dev.peregrine.codec;

import dev.peregrine.LimitExceededException;

import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The keys and values of the map fields a write is in the middle of ({@link WriteContext#writeMapField}),
 * copied out of each map so that its keys can be written as one run and its values as another. One
 * per {@link WriteContext}, used as a stack: a map nested in another's values is pushed above it
 * while the outer one is still held.
 *
 * <p>Why a copy: the wire puts all keys before all values, so a map is read twice; one
 * {@code forEach} into this array walks a {@code HashMap}'s table once, where two iterations walk it
 * twice and allocate an iterator each. Why reused: a new pair of arrays per map cost as much as
 * writing a small map's entries.
 */
final class EntryStack implements BiConsumer<Object, Object> {
    /** Slots a stack keeps between writes; a larger array, grown for a large map, is dropped. */
    private static final int KEPT = 1024;

    private Object[] items;
    private int top;
    private int nextKey;
    private int nextValue;
    private int keysEnd;

    /**
     * Copies a map's entries to the top of the stack, in {@code forEach} order: its keys at
     * {@code [base, base + n)} and its values at {@code [base + n, base + 2n)} of {@link #items}.
     *
     * @param map the map
     * @param n   its size, as the caller will write it
     * @return {@code base}, to be given back to {@link #pop}
     * @throws ConcurrentModificationException when the map does not hold {@code n} entries
     */
    int push(Map<?, ?> map, int n) {
        int base = top;
        long need = base + 2L * n;
        if (need > Integer.MAX_VALUE - 8) {
            throw new LimitExceededException("maps of " + need / 2 + " entries in all are too many to write at once", -1);
        }
        int end = (int) need;
        if (items == null) {
            items = new Object[Math.max(16, end)];
        } else if (end > items.length) {
            items = Arrays.copyOf(items, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * items.length)));
        }
        nextKey = base;
        nextValue = base + n;
        keysEnd = base + n;
        top = end;
        map.forEach(this);
        if (nextKey != keysEnd) {
            throw new ConcurrentModificationException("map shrank while being written");
        }
        return base;
    }

    @Override
    public void accept(Object key, Object value) {
        if (nextKey == keysEnd) {
            throw new ConcurrentModificationException("map grew while being written");
        }
        items[nextKey++] = key;
        items[nextValue++] = value;
    }

    /**
     * The array the entries were copied into. A push may replace it with a larger one, which holds
     * the same entries; a caller may keep reading the one it got.
     */
    Object[] items() {
        return items;
    }

    /**
     * Drops the entries pushed at {@code base} and above, so that the stack keeps no reference to them.
     *
     * @param base what {@link #push} returned
     */
    void pop(int base) {
        Arrays.fill(items, base, top, null);
        top = base;
    }

    /**
     * Empties the stack, as after a write that failed before popping what it pushed, and drops an
     * array grown for a large map, so that a kept context holds neither the entries nor the memory.
     */
    void clear() {
        if (items != null) {
            pop(0);
            if (items.length > KEPT) {
                items = null;
            }
        }
    }
}
