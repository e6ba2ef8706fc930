package dev.peregrine.codec;

/**
 * A codec whose values hold no other value: scalars, strings, enum constants, primitive arrays.
 * Writing or reading one never nests, so a generated codec checks the depth for such a field
 * without stepping it ({@link WriteContext#writeLeaf}, {@link ReadContext#readLeaf}).
 *
 * @param <T> the type handled
 */
public abstract class LeafCodec<T> extends TypeCodec<T> {
    @Override
    public final boolean isLeaf() {
        return true;
    }
}
