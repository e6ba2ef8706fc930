package dev.peregrine.benchmarks.peers;

import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.hand.ByteSink;
import dev.peregrine.benchmarks.hand.ByteSource;
import dev.peregrine.benchmarks.hand.HandCodec;

/** The hand-written codec of the fixture over a reused {@link ByteSink}: the practical speed limit. */
final class HandSerializer implements Serializer {
    /** The settings as the report lists them. */
    static final String SETTINGS = "straight-line code per fixture, little-endian fixed-width and varint fields, "
            + "no type information; writes into a reused buffer and copies out";

    private final HandCodec codec;
    private final ByteSink sink = new ByteSink(64 * 1024);
    private final ByteSource source = new ByteSource();
    private final ByteSink arraySink = new ByteSink(0);

    HandSerializer(Fixture fixture) {
        codec = HandCodec.of(fixture);
    }

    @Override
    public String name() {
        return "hand";
    }

    @Override
    public byte[] serialize(Object value) {
        sink.reset();
        codec.write(value, sink);
        return sink.toBytes();
    }

    @Override
    public boolean encodesIntoArray() {
        return true;
    }

    @Override
    public int serialize(Object value, byte[] buffer) {
        arraySink.wrap(buffer);
        codec.write(value, arraySink);
        if (arraySink.array() != buffer) {
            throw new IllegalArgumentException("buffer too small");
        }
        return arraySink.position();
    }

    @Override
    public Object deserialize(byte[] bytes) {
        source.wrap(bytes);
        return codec.read(source);
    }
}
