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

    // The four element-run methods below are what Elements calls once per run of elements of this
    // codec's type. Perf: a generated codec gets its own copy of each (the same bytecode, copied by
    // CodecGenerator), in which the receiver of write/read is the generated class itself, so the JIT
    // calls and inlines it directly. From one shared loop it was one megamorphic call per element,
    // shared by every list, array and map of every class. Keep their bodies free of private
    // members: the copies live in other classes.

    /**
     * Writes the non-null values among {@code items[0..n)}, each as {@link WriteContext#writeKnown} does.
     *
     * @param ctx   the write in progress
     * @param items the values, of this codec's type or null
     * @param n     how many
     * @param hint  the declared element type
     */
    public void writeElements(WriteContext ctx, Object[] items, int n, TypeHint hint) {
        for (int i = 0; i < n; i++) {
            Object e = items[i];
            if (e != null) {
                ctx.writeKnown(e, this, hint);
            }
        }
    }

    /**
     * {@link #writeElements(WriteContext, Object[], int, TypeHint)} of an {@code ArrayList}'s first
     * {@code n} elements.
     *
     * @param ctx   the write in progress
     * @param items an {@code ArrayList}, exactly
     * @param n     how many
     * @param hint  the declared element type
     */
    public void writeElements(WriteContext ctx, java.util.ArrayList<?> items, int n, TypeHint hint) {
        for (int i = 0; i < n; i++) {
            Object e = items.get(i);
            if (e != null) {
                ctx.writeKnown(e, this, hint);
            }
        }
    }

    /**
     * Reads {@code n} elements of this codec's type into {@code dst[0..n)}, each present one as
     * {@link ReadContext#readKnown} does.
     *
     * @param ctx     the read in progress
     * @param dst     the destination
     * @param n       how many
     * @param present the presence bitmap, or null when all are present
     * @param hint    the declared element type
     */
    public void readElements(ReadContext ctx, Object[] dst, int n, byte[] present, TypeHint hint) {
        for (int i = 0; i < n; i++) {
            if (present == null || (present[i >>> 3] & (1 << (i & 7))) != 0) {
                dst[i] = ctx.readKnown(this, hint);
            }
        }
    }

    /**
     * Reads {@code n} elements of this codec's type and adds each, or null where absent, to an
     * {@code ArrayList}.
     *
     * @param ctx     the read in progress
     * @param dst     an {@code ArrayList}, exactly
     * @param n       how many
     * @param present the presence bitmap, or null when all are present
     * @param hint    the declared element type
     */
    public void readElements(ReadContext ctx, java.util.ArrayList<Object> dst, int n, byte[] present,
                             TypeHint hint) {
        for (int i = 0; i < n; i++) {
            dst.add(present == null || (present[i >>> 3] & (1 << (i & 7))) != 0 ? ctx.readKnown(this, hint) : null);
        }
    }
}
