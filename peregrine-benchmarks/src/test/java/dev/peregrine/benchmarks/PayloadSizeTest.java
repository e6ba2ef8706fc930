package dev.peregrine.benchmarks;

import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.peers.Peer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The compactness bar on every fixture: a Peregrine payload is within 10% of Kryo's and smaller
 * than Fory's. Root-type-known forms are compared with each other (Peregrine's {@code Codec} with
 * Kryo's {@code writeObject}, which writes no class either), and Peregrine's self-describing
 * {@code serialize} is held to the same bound plus its one root tag byte.
 */
class PayloadSizeTest {
    private static final List<String> ROWS = new ArrayList<>();

    private static int size(Peer peer, Fixture fixture) {
        return peer.create(fixture).serialize(fixture.value()).length;
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void asSmallAsKryoAndSmallerThanFory(Fixture fixture) {
        int codec = size(Peer.named("peregrine-codec"), fixture);
        int tagged = size(Peer.named("peregrine"), fixture);
        int kryo = size(Peer.named("kryo"), fixture);
        int fory = size(Peer.named("fory"), fixture);
        ROWS.add(String.format("| %s | %d | %d | %d | %d | %+.1f%% |", fixture.name(), tagged, codec, kryo, fory,
                100.0 * (codec - kryo) / kryo));
        assertTrue(codec <= kryo * 1.10, fixture + ": codec " + codec + " B vs kryo " + kryo + " B");
        assertTrue(tagged <= kryo * 1.10 + 1, fixture + ": serialize " + tagged + " B vs kryo " + kryo + " B");
        assertTrue(codec < fory, fixture + ": codec " + codec + " B vs fory " + fory + " B");
        assertTrue(tagged < fory, fixture + ": serialize " + tagged + " B vs fory " + fory + " B");
    }

    @AfterAll
    static void print() {
        System.out.println("| fixture | peregrine serialize | peregrine codec | kryo | fory | codec vs kryo |");
        ROWS.forEach(System.out::println);
    }
}
