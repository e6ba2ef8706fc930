package dev.peregrine.benchmarks.peers;

import dev.peregrine.Codec;
import dev.peregrine.Peregrine;
import dev.peregrine.benchmarks.fixtures.Fixture;

/**
 * Peregrine with every fixture class registered in the fixture's fixed order, reference tracking off. The
 * default flavour calls {@code serialize(Object)} / {@code deserialize(byte[], Class)}; the codec flavour
 * uses the {@link Codec} of the root type, the fast path for a known root type.
 */
final class PeregrineSerializer implements Serializer {
    /** The settings as the report lists them. */
    static final String SETTINGS = "Peregrine 0.1.0-SNAPSHOT; classes registered in fixture order, "
            + "requireRegistration=true, referenceTracking=false";

    private final String name;
    private final Peregrine peregrine;
    private final Class<?> rootType;
    private final Codec<?> codec;

    PeregrineSerializer(Fixture fixture, boolean useCodec) {
        this(fixture, useCodec, false);
    }

    PeregrineSerializer(Fixture fixture, boolean useCodec, boolean compatible) {
        peregrine = build(fixture, compatible);
        rootType = fixture.rootType();
        codec = useCodec ? peregrine.codec(rootType) : null;
        name = compatible ? "peregrine-compatible" : useCodec ? "peregrine-codec" : "peregrine";
    }

    /**
     * @param fixture    whose classes to register, in its order
     * @param compatible the compatible format rather than the same-schema one
     * @return a Peregrine with the settings of {@link #SETTINGS}
     */
    static Peregrine build(Fixture fixture, boolean compatible) {
        return Peregrine.builder()
                .compatible(compatible)
                .register(fixture.classes().toArray(new Class<?>[0]))
                .requireRegistration(true)
                .referenceTracking(false)
                .build();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public byte[] serialize(Object value) {
        return codec == null ? peregrine.serialize(value) : encode(codec, value);
    }

    @Override
    public Object deserialize(byte[] bytes) {
        return codec == null ? peregrine.deserialize(bytes, rootType) : codec.decode(bytes);
    }

    @Override
    public boolean encodesIntoArray() {
        return true;
    }

    @Override
    public int serialize(Object value, byte[] buffer) {
        return codec == null ? peregrine.serialize(value, buffer, 0) : encodeInto(codec, value, buffer);
    }

    private static <T> byte[] encode(Codec<T> codec, Object value) {
        return codec.encode(codec.type().cast(value));
    }

    private static <T> int encodeInto(Codec<T> codec, Object value, byte[] buffer) {
        return codec.encode(codec.type().cast(value), buffer, 0);
    }
}
