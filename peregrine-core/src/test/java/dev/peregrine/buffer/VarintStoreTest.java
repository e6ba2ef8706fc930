package dev.peregrine.buffer;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * The two store forms of a varint long give the same bytes below 2^56: {@link Varints#putVarULongOfLength},
 * kept for string headers, against {@link Varints#putVarULong}, which {@code VarintWordTest} pins to
 * a byte-at-a-time reference.
 */
class VarintStoreTest {

    @Test
    void bothLongFormsStoreTheSameBytesBelow2To56() {
        SplittableRandom r = new SplittableRandom(23);
        for (int i = 0; i < 64 * 3 + 4000; i++) {
            int bit = i / 3;
            long v = bit < 56
                    ? (i % 3 == 0 ? 1L << bit : i % 3 == 1 ? (1L << bit) - 1 : (1L << 56) - (1L << bit))
                    : r.nextLong() >>> (8 + r.nextInt(56));
            byte[] ladder = new byte[16];
            byte[] byLength = new byte[16];
            int ladderEnd = Varints.putVarULong(ladder, 1, v);
            int lengthEnd = Varints.putVarULongOfLength(byLength, 1, v, BufferWriter.varLongSize(v));
            assertArrayEquals(Arrays.copyOfRange(ladder, 1, ladderEnd), Arrays.copyOfRange(byLength, 1, lengthEnd),
                    "bytes of " + v);
        }
    }
}
