package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The decode steps that take a common case with one comparison (a payload's first five bytes, a
 * one-byte array length): every other input, valid or not, must still be read, or refused with the
 * error of the general path.
 */
class CodecFastPathTest {
    static final class Arrays2 {
        int[] ints;
        double[] doubles;
        String name;
    }

    private static Arrays2 sample(int n) {
        Arrays2 a = new Arrays2();
        a.ints = new int[n];
        a.doubles = new double[n];
        for (int i = 0; i < n; i++) {
            a.ints[i] = i * 37 - 100;
            a.doubles[i] = i / 3.0;
        }
        a.name = "n" + n;
        return a;
    }

    private static Peregrine open(boolean references) {
        return Peregrine.builder().register(Arrays2.class).referenceTracking(references).build();
    }

    private static void assertSame(Arrays2 expected, Arrays2 actual) {
        assertArrayEquals(expected.ints, actual.ints);
        assertArrayEquals(expected.doubles, actual.doubles);
        assertEquals(expected.name, actual.name);
    }

    @Test
    void payloadsThatDoNotStartAsThisCodecWritesAreReadTheGeneralWay() {
        Arrays2 value = sample(5);
        byte[] tracked = open(true).codec(Arrays2.class).encode(value);
        byte[] untracked = open(false).codec(Arrays2.class).encode(value);
        assertTrue(tracked[0] != untracked[0], "the header bytes differ in the reference bit");
        // Each reader takes its own header's payloads at once and the other one's by the general path.
        for (boolean references : new boolean[] {false, true}) {
            Codec<Arrays2> codec = open(references).codec(Arrays2.class);
            assertSame(value, codec.decode(tracked));
            assertSame(value, codec.decode(untracked));
        }
    }

    @Test
    void aChangedFingerprintOrHeaderIsStillRefused() {
        Codec<Arrays2> codec = open(false).codec(Arrays2.class);
        byte[] bytes = codec.encode(sample(3));
        byte[] otherFingerprint = bytes.clone();
        otherFingerprint[2] ^= 1;
        assertThrows(SchemaMismatchException.class, () -> codec.decode(otherFingerprint));
        byte[] notPeregrine = bytes.clone();
        notPeregrine[0] = 0x12;
        assertThrows(MalformedInputException.class, () -> codec.decode(notPeregrine));
        // Shorter than the five bytes the comparison needs.
        for (int n = 0; n < 5; n++) {
            byte[] head = Arrays.copyOf(bytes, n);
            assertThrows(PeregrineException.class, () -> codec.decode(head));
        }
    }

    @Test
    void arrayLengthsOfEveryWidthAreRead() {
        Codec<Arrays2> codec = open(false).codec(Arrays2.class);
        for (int n : new int[] {0, 1, 127, 128, 300, 20_000}) {
            Arrays2 value = sample(n);
            assertSame(value, codec.decode(codec.encode(value)));
        }
    }

    @Test
    void aOneByteArrayLengthPastALimitIsRefusedAsBefore() {
        Arrays2 value = sample(6);
        byte[] bytes = open(false).codec(Arrays2.class).encode(value);
        Peregrine strict = Peregrine.builder().register(Arrays2.class).maxCollectionLength(5).build();
        LimitExceededException e = assertThrows(LimitExceededException.class,
                () -> strict.codec(Arrays2.class).decode(bytes));
        assertTrue(e.getMessage().contains("length 6 exceeds the limit 5"), e.getMessage());
    }

    @Test
    void aOneByteArrayLengthPastTheInputIsRefusedAsBefore() {
        Codec<Arrays2> codec = open(false).codec(Arrays2.class);
        Arrays2 value = new Arrays2();
        value.doubles = new double[] {1.5, 2.5};
        byte[] bytes = codec.encode(value);
        // The payload ends with the doubles: 2 as the length, then 16 bytes. Cut one element off.
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 8);
        MalformedInputException e = assertThrows(MalformedInputException.class, () -> codec.decode(cut));
        assertTrue(e.getMessage().contains("double[] needs 16 bytes but only 8 remain"), e.getMessage());
        assertEquals(bytes.length - 16, e.offset(), "the offset just past the length");
    }
}
