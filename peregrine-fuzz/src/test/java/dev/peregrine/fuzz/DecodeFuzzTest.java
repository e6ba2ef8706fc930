package dev.peregrine.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.peregrine.Peregrine;
import dev.peregrine.benchmarks.fixtures.Fixture;

import java.util.Arrays;

/**
 * Raw bytes into every root fixture type: the first byte picks the fixture, the rest is the payload,
 * decoded both through the fixture's {@code Codec} and through {@code deserialize}, in the
 * same-schema format and (second target) the compatible format, whose class definitions a payload
 * controls. Committed inputs (valid payloads of every fixture, and every finding) run as regression
 * tests in CI.
 */
class DecodeFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void decodeFixtureBytes(byte[] data) {
        decode(FuzzSubjects.PEREGRINE, data);
    }

    @FuzzTest(maxDuration = "10m")
    void decodeCompatibleBytes(byte[] data) {
        decode(FuzzSubjects.COMPATIBLE, data);
    }

    private static void decode(Peregrine peregrine, byte[] data) {
        if (data.length == 0) {
            return;
        }
        Fixture fixture = FuzzSubjects.fixture(data[0]);
        byte[] payload = Arrays.copyOfRange(data, 1, data.length);
        FuzzSubjects.decodeOrThrowContract(() -> peregrine.codec(fixture.rootType()).decode(payload));
        FuzzSubjects.decodeOrThrowContract(() -> peregrine.deserialize(payload));
    }
}
