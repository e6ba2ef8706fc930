package dev.peregrine.codec;

/**
 * Bounds every read and write respects, so hostile input fails fast instead of exhausting the stack
 * or the heap.
 *
 * @param maxDepth            deepest nesting of values; also how a cycle shows when references are
 *                            not tracked
 * @param maxCollectionLength longest array, collection or map
 * @param maxPayloadBytes     largest payload read from a stream
 */
public record Limits(int maxDepth, int maxCollectionLength, int maxPayloadBytes) {
    /** The defaults: depth 100, 16,777,216 elements, 1 GiB from a stream. */
    public static final Limits DEFAULT = new Limits(100, 1 << 24, 1 << 30);
}
