package dev.peregrine.codec;

/**
 * A codec whose values hold no other value: scalars, strings, dates, enum constants, primitive
 * arrays; its {@code write} and {@code read} touch only the output or input (and the read's charge),
 * never the context's nested writes and reads.
 * Writing or reading one never nests, so a generated codec checks the depth for such a field
 * without stepping it ({@link WriteContext#writeLeaf}, {@link ReadContext#readLeaf}).
 *
 * @param <T> the type handled
 */
public abstract class LeafCodec<T> extends TypeCodec<T> {
    /** Package-private, so that no codec outside this package, which might nest, claims to be a leaf. */
    LeafCodec() {
    }
}
