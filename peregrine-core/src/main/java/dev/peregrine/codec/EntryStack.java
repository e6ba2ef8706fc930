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
 * while the outer one is still held. Public only so that a session can keep one between the
 * contexts it makes for single writes ({@link WriteContext#takeEntriesFrom}).
 *
 * <p>Why a copy: the wire puts all keys before all values, so a map is read twice; one
 * {@code forEach} into this array walks a {@code HashMap}'s table once, where two iterations walk it
 * twice and allocate an iterator each. Why reused: a new pair of arrays per map cost as much as
 * writing a small map's entries.
 *
 * <p>Not thread-safe: one write at a time.
 */
public final class EntryStack implements BiConsumer<Object, Object> {
    /** Slots a stack keeps between writes; a larger array, grown for a large map, is dropped. */
    private static final int KEPT = 1024;

    private Object[] items;
    private int top;
    /** The highest {@link #top} since the last {@link #clear}: the slots that may hold entries. */
    private int used;
    private int nextKey;
    private int nextValue;
    private int keysEnd;
    private Class<?> keyType;
    private Class<?> valueType;
    private int keyNulls;
    private int valueNulls;
    private boolean foreign;

    EntryStack() {
    }

    /**
     * Copies a map's entries to the top of the stack, in {@code forEach} order: its keys at
     * {@code [base, base + n)} and its values at {@code [base + n, base + 2n)} of {@link #items}.
     * On the way it counts the null keys and values and notes any other of another class than the
     * one given, for {@link #nulls}.
     *
     * @param map       the map
     * @param n         its size, as the caller will write it
     * @param keyType   the class every non-null key should have
     * @param valueType the class every non-null value should have
     * @return {@code base}, to be given back to {@link #pop}
     * @throws ConcurrentModificationException when the map does not hold {@code n} entries
     */
    int push(Map<?, ?> map, int n, Class<?> keyType, Class<?> valueType) {
        int base = top;
        long need = base + 2L * n;
        if (items == null || need > items.length) {
            grow(need);
        }
        int end = (int) need;
        nextKey = base;
        nextValue = base + n;
        keysEnd = base + n;
        top = end;
        used = Math.max(used, end);
        this.keyType = keyType;
        this.valueType = valueType;
        keyNulls = 0;
        valueNulls = 0;
        foreign = false;
        map.forEach(this);
        if (nextKey != keysEnd) {
            throw new ConcurrentModificationException("map shrank while being written");
        }
        return base;
    }

    /**
     * Perf: out of {@link #push}, which a map field's write inlines; the machine code of that
     * write decides whether C2 inlines it in turn (DESIGN.md, twenty-fifth round).
     */
    private void grow(long need) {
        if (need > Integer.MAX_VALUE - 8) {
            throw new LimitExceededException("maps of " + need / 2 + " entries in all are too many to write at once",
                    -1);
        }
        if (items == null) {
            items = new Object[Math.max(16, (int) need)];
        } else {
            items = Arrays.copyOf(items, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * items.length)));
        }
    }

    @Override
    public void accept(Object key, Object value) {
        if (nextKey == keysEnd) {
            throw new ConcurrentModificationException("map grew while being written");
        }
        items[nextKey++] = key;
        items[nextValue++] = value;
        if (key == null) {
            keyNulls++;
        } else if (key.getClass() != keyType) {
            foreign = true;
        }
        if (value == null) {
            valueNulls++;
        } else if (value.getClass() != valueType) {
            foreign = true;
        }
    }

    /**
     * What the last {@link #push} found: whether the map's non-null keys and values were all of
     * the classes given, and how many were null.
     *
     * @return {@code valueNulls << 1 | keyNulls}, or -1 when some key or value had another class
     *         or more than one key was null (a map that changed while being copied may show two;
     *         the general path then writes what it saw, where the packing has room for one)
     */
    int nulls() {
        return foreign || keyNulls > 1 ? -1 : valueNulls << 1 | keyNulls;
    }

    /**
     * The array the entries were copied into. A push may replace it with a larger one, which holds
     * the same entries; a caller may keep reading the one it got.
     */
    Object[] items() {
        return items;
    }

    /**
     * Drops the entries pushed at {@code base} and above from the stack. Their slots keep them until
     * a later push overwrites them or {@link #clear} empties them: a context kept between writes
     * clears its stack after each one ({@link WriteContext#release}); a context made for one write
     * is dropped with its stack.
     *
     * Perf: no fill here, which was part of the map write's machine code (see {@link #grow}).
     *
     * @param base what {@link #push} returned
     */
    void pop(int base) {
        top = base;
    }

    /**
     * Empties the stack, and every slot a write has used since the last call, and drops an array
     * grown for a large map, so that a kept context holds neither the entries nor the memory.
     */
    void clear() {
        if (items != null) {
            Arrays.fill(items, 0, used, null);
            if (items.length > KEPT) {
                items = null;
            }
        }
        top = 0;
        used = 0;
    }
}
