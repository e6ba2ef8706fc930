package dev.peregrine.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.peers.Peer;
import dev.peregrine.benchmarks.peers.Serializer;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every peer round-trips every fixture, fixed and random, to an equal value. */
class RoundTripTest {
    static Stream<Arguments> peersAndFixtures() {
        return Stream.of(Peer.values())
                .flatMap(p -> Stream.of(Fixture.values()).map(f -> Arguments.of(p, f)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("peersAndFixtures")
    void roundTripsFixedAndRandomValues(Peer peer, Fixture fixture) {
        assumeTrue(peer.unsupported(fixture) == null, () -> peer.unsupported(fixture));
        Serializer serializer = peer.create(fixture);
        Object value = fixture.value();
        assertRoundTrip(serializer, fixture, value);
        assertRoundTrip(serializer, fixture, value);
        Random random = new Random(42);
        for (int i = 0; i < 3; i++) {
            assertRoundTrip(serializer, fixture, fixture.random(random));
        }
    }

    private static void assertRoundTrip(Serializer serializer, Fixture fixture, Object value) {
        byte[] bytes = serializer.serialize(value);
        Object copy = serializer.deserialize(bytes);
        assertNotSame(value, copy);
        assertTrue(Fixture.same(value, copy), () -> serializer.name() + " changed " + fixture);
        if (serializer.encodesIntoArray()) {
            byte[] buffer = new byte[bytes.length + 4096];
            int length = serializer.serialize(value, buffer);
            assertArrayEquals(bytes, Arrays.copyOf(buffer, length), () -> serializer.name() + " into array");
        }
    }
}
