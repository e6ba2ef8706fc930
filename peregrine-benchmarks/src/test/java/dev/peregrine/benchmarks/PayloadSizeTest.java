package dev.peregrine.benchmarks;

import dev.peregrine.Peregrine;

import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.peers.Peer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The compactness bar on every fixture: a Peregrine payload is within 10% of Kryo's, plus the four
 * bytes of schema fingerprint that Kryo does not carry (with which a reader refuses data written by
 * other class versions instead of misreading it), and, fingerprint aside, smaller than Fory's (which
 * carries no such check by default). Root-type-known forms are
 * compared with each other (Peregrine's {@code Codec} with Kryo's {@code writeObject}, which writes
 * no class either), and Peregrine's self-describing {@code serialize} is held to the same bound plus
 * its one root tag byte.
 */
class PayloadSizeTest {
    private static final List<String> ROWS = new ArrayList<>();
    private static final int FINGERPRINT = 4;

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
        int compatible = Peregrine.builder().compatible(true).register(fixture.classes().toArray(new Class<?>[0]))
                .build().codec(fixture.rootType()).encode(cast(fixture.value())).length;
        ROWS.add(String.format("| %s | %d | %d | %d | %d | %+.1f%% | %d |", fixture.name(), tagged, codec, kryo, fory,
                100.0 * (codec - kryo) / kryo, compatible));
        assertTrue(codec <= kryo * 1.10 + FINGERPRINT, fixture + ": codec " + codec + " B vs kryo " + kryo + " B");
        assertTrue(tagged <= kryo * 1.10 + FINGERPRINT + 1, fixture + ": serialize " + tagged + " B vs kryo " + kryo + " B");
        assertTrue(codec - FINGERPRINT < fory, fixture + ": codec " + codec + " B vs fory " + fory + " B");
        assertTrue(tagged - FINGERPRINT < fory, fixture + ": serialize " + tagged + " B vs fory " + fory + " B");
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    @AfterAll
    static void print() {
        System.out.println("| fixture | peregrine serialize | peregrine codec | kryo | fory | codec vs kryo "
                + "| peregrine compatible codec |");
        ROWS.forEach(System.out::println);
    }
}
