package dev.peregrine.codec;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The capacity hash-based collections are made with when read: enough, and not twice too much. */
class CodecSupportTest {

    /** The table a {@code HashMap(capacity)} allocates: the capacity rounded up to a power of two. */
    private static int tableFor(int capacity) {
        return capacity <= 1 ? 1 : Integer.highestOneBit(capacity - 1) << 1;
    }

    @Test
    void aHashCapacityHoldsItsEntriesWithoutGrowingAndWithoutWaste() {
        for (int n = 0; n <= 100_000; n++) {
            int table = tableFor(CodecSupport.hashCapacity(n));
            int threshold = (int) (table * 0.75f);
            int entries = n;
            assertTrue(entries <= threshold || n == 0, () -> entries + " entries overflow a table of " + table);
            // No larger than needed: half the table would not have held them.
            assertTrue(n <= 1 || entries > (int) (table / 2 * 0.75f), () -> entries + " entries in a table of " + table);
        }
        for (int n : new int[] {(1 << 30) - 1, 1 << 30, Integer.MAX_VALUE - 2, Integer.MAX_VALUE}) {
            assertTrue(CodecSupport.hashCapacity(n) >= n, "no overflow at " + n);
        }
    }
}
