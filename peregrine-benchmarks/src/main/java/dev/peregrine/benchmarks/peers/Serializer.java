package dev.peregrine.benchmarks.peers;

/**
 * One peer, configured for one fixture: encodes a value of the fixture's root type to bytes and back.
 *
 * <p>An instance is bound to one root type because the fastest honest use of most peers names the root
 * class on decode (Kryo's {@code readObject}, Jackson's {@code readerFor}). Instances are not thread-safe:
 * several peers reuse an output buffer between calls, and the benchmarks give every thread its own.
 */
public interface Serializer {
    /** @return the peer's name, as in {@link Peer#id()} */
    String name();

    /**
     * Encodes a value.
     *
     * @param value a value of the fixture's root type
     * @return a fresh array holding exactly the encoded bytes
     */
    byte[] serialize(Object value);

    /**
     * Decodes a value.
     *
     * @param bytes exactly what {@link #serialize} returned
     * @return the value
     */
    Object deserialize(byte[] bytes);

    /** @return whether {@link #serialize(Object, byte[])} is supported: the peer can encode into a given array */
    default boolean encodesIntoArray() {
        return false;
    }

    /**
     * Encodes a value into a caller-supplied array, the allocation-free path of the peers that have one.
     *
     * @param value a value of the fixture's root type
     * @param buffer where to write from index 0; must be large enough
     * @return the number of bytes written
     * @throws UnsupportedOperationException if {@link #encodesIntoArray()} is false
     */
    default int serialize(Object value, byte[] buffer) {
        throw new UnsupportedOperationException(name() + " cannot encode into a given array");
    }
}
