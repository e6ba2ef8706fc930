package dev.peregrine.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.peregrine.benchmarks.fixtures.Fixture;

import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Generated objects of every fixture's shape, filled field by field from the fuzzer's data
 * ({@link Filler}), must round-trip to equal values through both entry points.
 */
class RoundTripFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void generatedObjectsRoundTrip(FuzzedDataProvider data) {
        Fixture fixture = FuzzSubjects.fixture(data.consumeByte());
        Object value = new Filler(data).fill(fixture.rootType(), 0);
        byte[] bytes = FuzzSubjects.PEREGRINE.serialize(value);
        Object back = FuzzSubjects.PEREGRINE.deserialize(bytes);
        assertTrue(Objects.deepEquals(value, back), () -> "round trip changed " + fixture);
        @SuppressWarnings("unchecked")
        dev.peregrine.Codec<Object> codec = (dev.peregrine.Codec<Object>) FuzzSubjects.PEREGRINE.codec(fixture.rootType());
        assertTrue(Objects.deepEquals(value, codec.decode(codec.encode(value))), () -> "codec round trip changed " + fixture);
    }
}
