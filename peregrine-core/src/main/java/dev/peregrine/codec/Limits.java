package dev.peregrine.codec;

/**
 * Bounds every read and write respects, so hostile input fails fast instead of exhausting the stack
 * or the heap.
 *
 * <p>The allocation budget of one read is {@link #ALLOCATION_SLACK} plus {@code maxAllocationRatio}
 * times the payload's size. Lengths that the input pays for byte by byte (strings, primitive arrays)
 * are checked against the bytes remaining; the budget covers what the input does not pay for: element
 * arrays, and objects that may encode in zero bytes (an object without fields, a null element).
 *
 * @param maxDepth            deepest nesting of values; also how a cycle shows when references are
 *                            not tracked
 * @param maxCollectionLength longest array, collection or map
 * @param maxPayloadBytes     largest payload read from a stream
 * @param maxAllocationRatio  estimated heap bytes a read may allocate per payload byte
 * @param maxReferences       most values a read with reference tracking may remember
 * @param maxStringLength     longest encoded string, in bytes
 */
public record Limits(int maxDepth, int maxCollectionLength, int maxPayloadBytes, int maxAllocationRatio,
                     int maxReferences, int maxStringLength) {
    /**
     * The defaults: depth 100, 16,777,216 elements, 1 GiB from a stream, 64 heap bytes per input byte,
     * 16,777,216 tracked references, strings of 16 MiB.
     */
    public static final Limits DEFAULT = new Limits(100, 1 << 24, 1 << 30, 64, 1 << 24, 1 << 24);

    /** Allocation every read may make whatever its size: 1 MiB. */
    public static final long ALLOCATION_SLACK = 1 << 20;

    /**
     * The allocation budget of a read.
     *
     * @param payloadBytes size of the payload
     * @return estimated heap bytes the read may allocate
     */
    public long allocationBudget(long payloadBytes) {
        return ALLOCATION_SLACK + payloadBytes * maxAllocationRatio;
    }
}
