package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.Fixture;

/**
 * Straight-line code that writes one fixture's fields in declaration order: no type tags, no schema, no
 * reflection. It bounds from above what a general serializer can reach on the same data.
 */
public interface HandCodec {
    /**
     * Writes a value.
     *
     * @param value the fixture value
     * @param out where to write
     */
    void write(Object value, ByteSink out);

    /**
     * Reads a value.
     *
     * @param in where to read
     * @return the value
     */
    Object read(ByteSource in);

    /**
     * Gives the hand-written codec of a fixture.
     *
     * @param fixture the fixture
     * @return its codec
     */
    static HandCodec of(Fixture fixture) {
        switch (fixture) {
            case SIMPLE:
                return new ObjectCodecs.Simple();
            case COMPLEX:
                return new ObjectCodecs.Complex();
            case DEEP:
                return new ObjectCodecs.Deep();
            case CAR:
                return new CarCodec();
            case MEDIA_CONTENT:
                return new MediaContentCodec();
            case SOME_BEANS:
                return new BeanCodecs.SomeBeans();
            case CONSTRUCTOR_BEANS:
                return new BeanCodecs.ConstructorBeans();
            case CLASSIC_BEANS:
                return new BeanCodecs.ClassicBeans();
            case STRUCT:
                return new StructCodec();
            case SAMPLE:
                return new SampleCodec();
            default:
                throw new IllegalArgumentException("no hand-written codec for " + fixture);
        }
    }
}
