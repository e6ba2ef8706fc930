package dev.peregrine.fuzz;

import dev.peregrine.HostileInput;
import dev.peregrine.benchmarks.fixtures.Fixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The hostile-input categories of the core's catalogue test, over the payload of every fixture:
 * truncation at every offset, every byte set to several values, and random bytes after the fixture's
 * valid prefix. Each input must decode or throw the contract exception, in time and within budget.
 */
class FixtureHostileInputTest {
    private static final Map<String, AtomicInteger> TRIED = new ConcurrentSkipListMap<>();

    private static void tried(String category) {
        TRIED.computeIfAbsent(category, c -> new AtomicInteger()).incrementAndGet();
    }

    @AfterAll
    static void report() {
        TRIED.forEach((category, n) -> System.out.println("FixtureHostileInputTest: " + category + ": " + n + " inputs"));
    }

    /** Larger fixtures are sampled at a stride so the whole test stays within seconds. */
    private static int stride(byte[] payload) {
        return Math.max(1, payload.length / 400);
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void truncatedFlippedAndRandomized(Fixture fixture) {
        byte[] valid = FuzzSubjects.PEREGRINE.serialize(fixture.value());
        int stride = stride(valid);
        for (int n = 0; n < valid.length; n += stride) {
            HostileInput.check(FuzzSubjects.PEREGRINE, Arrays.copyOf(valid, n));
            tried("truncated");
        }
        for (int i = 0; i < valid.length; i += stride) {
            for (int v : new int[] {0x00, 0x01, 0x7F, 0x80, 0xFF, valid[i] ^ 0x40}) {
                byte[] bad = valid.clone();
                bad[i] = (byte) v;
                HostileInput.check(FuzzSubjects.PEREGRINE, bad);
                tried("byte flipped");
            }
        }
        Random r = new Random(fixture.ordinal());
        for (int k = 0; k < 300; k++) {
            byte[] bad = Arrays.copyOf(valid, Math.min(valid.length, 1 + r.nextInt(Math.min(valid.length, 200))) + 32);
            for (int i = bad.length - 32; i < bad.length; i++) {
                bad[i] = (byte) r.nextInt();
            }
            HostileInput.check(FuzzSubjects.PEREGRINE, bad);
            tried("valid prefix, random tail");
        }
    }
}
