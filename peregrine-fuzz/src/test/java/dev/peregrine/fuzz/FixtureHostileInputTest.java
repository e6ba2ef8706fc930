package dev.peregrine.fuzz;

import dev.peregrine.HostileInput;
import dev.peregrine.benchmarks.fixtures.Fixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
        attack(FuzzSubjects.PEREGRINE::deserialize, valid, fixture.ordinal(), "");
    }

    /**
     * The same over a compatible {@code Codec}'s payload, decoded by that codec, as written and,
     * where it has a preload (all but the bean arrays), with a byte of its token changed. A reader takes a preload with its own token unread, so a
     * change inside the defs reaches the parser (and, where the preload is compressed: Car,
     * MediaContent, Struct, Sample, the inflater) only in the second.
     */
    @ParameterizedTest
    @EnumSource(Fixture.class)
    void compatibleCodecPayloadsTruncatedFlippedAndRandomized(Fixture fixture) {
        dev.peregrine.Codec<?> codec = FuzzSubjects.COMPATIBLE.codec(fixture.rootType());
        @SuppressWarnings("unchecked")
        byte[] valid = ((dev.peregrine.Codec<Object>) codec).encode(fixture.value());
        attack(codec::decode, valid, fixture.ordinal(), "compatible Codec, ");
        // header A5, then 00 07 or 00 08 and the token's eight bytes (the bean arrays have none)
        if (valid[1] != 0 || valid[2] != 7 && valid[2] != 8) {
            return;
        }
        byte[] otherToken = valid.clone();
        otherToken[3] ^= 1;
        assertTrue(Objects.deepEquals(fixture.value(), codec.decode(otherToken)));
        attack(codec::decode, otherToken, fixture.ordinal(), "compatible Codec, token changed, ");
    }

    private static void attack(java.util.function.Function<byte[], ?> decode, byte[] valid, int seed, String what) {
        int stride = stride(valid);
        for (int n = 0; n < valid.length; n += stride) {
            HostileInput.check(decode, Arrays.copyOf(valid, n));
            tried(what + "truncated");
        }
        for (int i = 0; i < valid.length; i += stride) {
            for (int v : new int[] {0x00, 0x01, 0x7F, 0x80, 0xFF, valid[i] ^ 0x40}) {
                byte[] bad = valid.clone();
                bad[i] = (byte) v;
                HostileInput.check(decode, bad);
                tried(what + "byte flipped");
            }
        }
        Random r = new Random(seed);
        for (int k = 0; k < 300; k++) {
            byte[] bad = Arrays.copyOf(valid, Math.min(valid.length, 1 + r.nextInt(Math.min(valid.length, 200))) + 32);
            for (int i = bad.length - 32; i < bad.length; i++) {
                bad[i] = (byte) r.nextInt();
            }
            HostileInput.check(decode, bad);
            tried(what + "valid prefix, random tail");
        }
    }
}
