package dev.peregrine.codec;

/**
 * Writes and reads the value part of one type: no type tag, no null marker, no reference marker;
 * the caller ({@link WriteContext}, {@link ReadContext}) handles those.
 *
 * <p>This is the one contract every codec meets, interpreted or generated. A leaf codec is a few
 * lines; containers use the {@link TypeHint} of the slot they sit in to learn their element types.
 *
 * @param <T> the type handled
 */
public abstract class TypeCodec<T> {

    /**
     * Writes a non-null value.
     *
     * @param ctx   the write in progress
     * @param value the value, never null
     * @param hint  the declared type of the slot, or null when it tells nothing
     */
    public abstract void write(WriteContext ctx, T value, TypeHint hint);

    /**
     * Reads a value written by {@link #write}.
     *
     * @param ctx  the read in progress
     * @param hint the declared type of the slot, exactly as the writer saw it
     * @return the value, never null
     */
    public abstract T read(ReadContext ctx, TypeHint hint);

    /**
     * Whether values of this type take part in reference tracking. Immutable value types (strings,
     * boxes, enums, dates) do not: their identity carries no meaning.
     *
     * @return true for objects, arrays and containers
     */
    public boolean tracksReferences() {
        return true;
    }

    /**
     * Whether a reader makes values of this type only once their contents are read (an immutable
     * or unmodifiable container, an {@code Optional}), so that a reference to one from inside
     * itself cannot be resolved and a writer refuses such a cycle. User classes are judged by their
     * class instead ({@code WriteContext}): records and classes built through a constructor.
     *
     * @return false unless the codec says otherwise
     */
    public boolean createdAfterContents() {
        return false;
    }

    /**
     * Whether values of this type hold no other value, so that writing or reading one never nests:
     * whether this is a {@link LeafCodec}, which only this package can extend.
     *
     * @return true for scalars, strings, dates, enum constants and primitive arrays
     */
    public final boolean isLeaf() {
        return this instanceof LeafCodec;
    }

    /**
     * The codec for a position with no type tag, whose class the reader knows from the declared
     * type alone: a field of a final class or enum, an element, key or value under the
     * {@code DECLARED} flag. The same codec but in the compatible format, whose untagged positions
     * leave out a class's def reference once the def has been carried.
     *
     * @return the codec to write and read such positions with
     */
    public TypeCodec<T> untagged() {
        return this;
    }

    /**
     * Starts a run of values of this codec's class in untagged positions (the elements of an
     * array or a list under the {@code DECLARED} flag), in a write that tracks no references,
     * right before the run's first present value: writes what such a run carries once, and
     * returns the codec that then writes each of its values, the first included, into the bytes
     * this codec would write.
     *
     * <p>Perf: in the compatible format an untagged position carries its class's def only until
     * the def has been carried, so a run needs the check once, not once per element.
     *
     * @param ctx the write in progress, which tracks no references
     * @return the codec for the run's values: this one, unless overridden
     */
    public TypeCodec<T> startRun(WriteContext ctx) {
        return this;
    }
}
