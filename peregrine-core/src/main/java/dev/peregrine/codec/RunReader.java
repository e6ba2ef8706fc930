package dev.peregrine.codec;

import java.util.ArrayList;

/**
 * A codec that reads a run of elements of its own class in one loop, so that the per-element work
 * {@link ReadContext#readKnown} does around {@link TypeCodec#read} (a marker check, a charge, a
 * depth check and a call that is virtual wherever elements of several classes are read) is done once
 * per run, and the element's read is a direct call in the codec's own code.
 *
 * <p>Generated codecs implement it; {@link Elements} uses it for every array and {@code ArrayList}
 * of elements of one class that the payload reads without reference markers
 * ({@link ReadContext#enterRun}).
 */
public interface RunReader {
    /**
     * Reads {@code n} elements into {@code dst}, each one where {@code present} has its bit set (all
     * of them when it is null), as {@link TypeCodec#read} reads one. The caller has charged them and
     * entered the run with {@link ReadContext#enterRun}, which also means that no element can be
     * the target of a back reference, and exits it afterwards.
     *
     * @param ctx     the read in progress
     * @param hint    the elements' declared type
     * @param dst     where element {@code i} goes, at index {@code i}
     * @param n       the number of elements, present or not
     * @param present the presence bitmap (bit {@code i & 7} of byte {@code i >>> 3}), or null
     */
    void readRun(ReadContext ctx, TypeHint hint, Object[] dst, int n, byte[] present);

    /**
     * {@link #readRun} for a list: adds the {@code n} elements to {@code dst} in order, null where
     * {@code present} has its bit clear.
     *
     * @param ctx     the read in progress
     * @param hint    the elements' declared type
     * @param dst     the list to add to
     * @param n       the number of elements, present or not
     * @param present the presence bitmap, or null when every element is present
     */
    void readRunInto(ReadContext ctx, TypeHint hint, ArrayList<Object> dst, int n, byte[] present);
}
