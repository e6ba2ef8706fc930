package dev.peregrine.benchmarks.peers;

import dev.peregrine.Codec;
import dev.peregrine.Peregrine;
import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.hand.ByteSink;
import dev.peregrine.benchmarks.hand.ByteSource;
import dev.peregrine.benchmarks.hand.HandCodec;
import java.util.Arrays;

/**
 * The hand-written codec of the fixture over a reused {@link ByteSink}: the practical speed limit. It writes
 * the bytes Peregrine's {@code Codec} writes, so the two do the same work and differ only in how. Not
 * thread-safe (its buffers, and the map codec's scratch array, are reused): one per JMH thread state.
 */
final class HandSerializer implements Serializer {
    /** The settings as the report lists them. */
    static final String SETTINGS = "straight-line code per fixture writing Peregrine's same-schema bytes "
            + "(its header, fingerprint, bitmaps, varints, strings, element headers), no checks on input; "
            + "writes into a reused buffer and copies out";

    private final HandCodec codec;
    /** The header byte and schema fingerprint that start every payload of this fixture's classes. */
    private final byte[] prefix;
    private final ByteSink sink = new ByteSink(64 * 1024);
    private final ByteSource source = new ByteSource();
    private final ByteSink arraySink = new ByteSink(0);

    HandSerializer(Fixture fixture) {
        codec = HandCodec.of(fixture);
        prefix = payloadPrefix(fixture);
    }

    @Override
    public String name() {
        return "hand";
    }

    @Override
    public byte[] serialize(Object value) {
        sink.reset();
        sink.writeBytes(prefix);
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
        arraySink.writeBytes(prefix);
        codec.write(value, arraySink);
        if (arraySink.array() != buffer) {
            throw new IllegalArgumentException("buffer too small");
        }
        return arraySink.position();
    }

    @Override
    public Object deserialize(byte[] bytes) {
        source.wrap(bytes);
        source.expect(prefix);
        return codec.read(source);
    }

    /**
     * Takes the first five bytes of a payload of Peregrine's {@code Codec}, registered as its peer is: the
     * header and the fingerprint of the registered classes' schema, a constant per set of classes.
     */
    private static byte[] payloadPrefix(Fixture fixture) {
        Peregrine peregrine = Peregrine.builder().register(fixture.classes().toArray(new Class<?>[0])).build();
        return Arrays.copyOf(encode(peregrine.codec(fixture.rootType()), fixture.value()), 5);
    }

    private static <T> byte[] encode(Codec<T> codec, Object value) {
        return codec.encode(codec.type().cast(value));
    }
}
