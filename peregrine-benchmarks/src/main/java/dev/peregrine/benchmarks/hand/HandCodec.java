package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.Fixture;

/**
 * Straight-line code that writes one fixture's value as exactly the bytes of Peregrine's same-schema
 * {@code Codec} after its header and fingerprint (bitmaps, fields in layout order, varints, strings, the
 * tags and element headers of collections), and reads them back, knowing the classes at compile time
 * and checking nothing it reads: no reflection, no type lookup, no limits. It bounds from above what
 * Peregrine can reach writing the same bytes; {@code HandCodecBytesTest} checks that the bytes are the
 * same.
 */
public interface HandCodec {
    /**
     * Writes a value, without the payload's header and fingerprint.
     *
     * @param value the fixture value
     * @param out where to write
     */
    void write(Object value, ByteSink out);

    /**
     * Reads a value, after the payload's header and fingerprint.
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
