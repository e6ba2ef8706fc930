package dev.peregrine.codec;

import dev.peregrine.MalformedInputException;
import dev.peregrine.UnsupportedTypeException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.SortedSet;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Any collection: the count, then its elements as {@link Elements}. The element type comes from the
 * slot's hint (its first type argument).
 *
 * <p>A mutable collection is created first and filled, so its elements may refer back to it; an
 * immutable or wrapped one is built from a mutable one by {@code finisher} once its elements are read.
 */
final class CollectionCodec extends TypeCodec<Collection<Object>> {
    private final IntFunction<Collection<Object>> builder;
    private final Function<Collection<Object>, Collection<Object>> finisher;
    private final int requiredSize;
    private final boolean hashed;

    /**
     * @param builder      makes an empty mutable collection from an expected size
     * @param finisher     turns it into the final form, or null when it is the final form
     * @param requiredSize the only size the form allows (singleton 1, empty 0), or -1
     */
    CollectionCodec(IntFunction<Collection<Object>> builder,
                    Function<Collection<Object>, Collection<Object>> finisher, int requiredSize) {
        this.builder = builder;
        this.finisher = finisher;
        this.requiredSize = requiredSize;
        this.hashed = builder.apply(0) instanceof java.util.Set;
    }

    @Override
    public boolean createdAfterContents() {
        return finisher != null;
    }

    @Override
    public void write(WriteContext ctx, Collection<Object> value, TypeHint hint) {
        if (value.getClass() == ArrayList.class) {
            // Perf: the common list is written by index, with no copy of its elements; an exact class
            // test costs less than the interface tests below.
            Elements.write(ctx, (ArrayList<?>) value, TypeHint.arg(hint, 0));
            return;
        }
        if (value instanceof SortedSet<?> s && s.comparator() != null) {
            throw new UnsupportedTypeException(value.getClass().getName() + " with a comparator ("
                    + s.comparator().getClass().getName() + ") cannot be serialized: only natural ordering is");
        }
        Object[] items = value.toArray();
        Elements.write(ctx, items, items.length, TypeHint.arg(hint, 0));
    }

    @Override
    public Collection<Object> read(ReadContext ctx, TypeHint hint) {
        long header = Elements.readHeader(ctx, Elements.FLAG_BITS, 16, "collection");
        int n = Elements.count(header, Elements.FLAG_BITS);
        if (requiredSize >= 0 && n != requiredSize) {
            throw new MalformedInputException("this collection form holds exactly "
                    + requiredSize + " elements, not " + n, ctx.in().position());
        }
        Collection<Object> c = builder.apply(Math.min(n, ctx.in().remaining() + 1));
        if (finisher == null) {
            ctx.created(c);
        }
        if (hashed && ctx.tracksReferences()) {
            // Elements kept in an array, to refill the set if one refers to an object of a cycle.
            ctx.enterHashed();
            Object[] elements = new Object[n];
            Elements.readBody(ctx, elements, n, (int) header & 7, TypeHint.arg(hint, 0));
            if (ctx.exitHashed(c, elements) == null) {
                Collections.addAll(c, elements);
                checkDistinct(ctx, c, n);
            } else {
                ReadContext.fillUnsettled(c, elements, null);
                if (finisher != null) {
                    Collection<Object> made = finisher.apply(c);
                    ctx.finishedEarly(made, elements);
                    return made;
                }
            }
        } else if (hashed) {
            ctx.enterHashed();
            readInto(ctx, c, n, (int) header & 7, TypeHint.arg(hint, 0));
            ctx.exitHashed();
            checkDistinct(ctx, c, n);
        } else {
            // Perf: each element goes straight into the collection, in order, as addAll would add it.
            readInto(ctx, c, n, (int) header & 7, TypeHint.arg(hint, 0));
        }
        return finisher == null ? c : finisher.apply(c);
    }

    /**
     * A set that holds fewer elements than were written in it found some of them equal, which no
     * set could have held: they were equal when written too (an element changed after it was added
     * to the set, or an {@code equals} on transient state), or the bytes are not a writer's.
     * Dropping one silently would lose what it held. Same-schema payloads only.
     */
    static void checkDistinct(ReadContext ctx, Collection<?> set, int n) {
        // In the compatible format, translated elements may rightly merge: constants of an enum that
        // the reader no longer has all read as null, and so may objects whose equals used a field
        // the reader's class dropped.
        if (set.size() != n && !ctx.carriesDefs()) {
            throw new MalformedInputException("a " + set.getClass().getName() + " holds " + n + " elements of "
                    + "which only " + set.size() + " are distinct by equals (or compareTo); was an element changed "
                    + "after it was added?", ctx.in().position());
        }
    }

    /** Reads the elements into {@code c}, an {@code ArrayList} by its own loop. */
    @SuppressWarnings("unchecked")
    private static void readInto(ReadContext ctx, Collection<Object> c, int n, int flags, TypeHint hint) {
        if (c.getClass() == ArrayList.class) {
            Elements.readInto(ctx, (ArrayList<Object>) c, n, flags, hint);
        } else {
            Elements.readInto(ctx, c, n, flags, hint);
        }
    }
}
