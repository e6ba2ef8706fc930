package dev.peregrine.buffer;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link LaneInstructions}: which processors get {@code Long.expand} / {@code Long.compress}, and
 * that those lanes are the shifts' lanes. The varint and golden tests run with whichever lanes the
 * JVM chose (for stores in {@code Varints}, for loads in generated codecs' ladders), so on JDK 17
 * they pin the shifts and on a later JDK on such a processor the instructions.
 */
class LaneInstructionsTest {
    private static final String ZEN4 = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n"
            + "model\t\t: 17\nflags\t\t: fpu sse2 avx2 bmi1 bmi2 adx\n";

    @Test
    void onlyProcessorsWithFastPdepAndPextAreChosen() {
        assertTrue(LaneInstructions.fastOn(ZEN4));
        assertTrue(LaneInstructions.fastOn(
                "vendor_id : GenuineIntel\ncpu family : 6\nflags : sse2 avx2 bmi1 bmi2\n"));
        assertFalse(LaneInstructions.fastOn(ZEN4.replace("cpu family\t: 25", "cpu family\t: 23")), "Zen 2");
        assertFalse(LaneInstructions.fastOn(ZEN4.replace(" bmi2", "")), "no BMI2");
        assertFalse(LaneInstructions.fastOn(ZEN4.replace(" bmi2 ", " bmi2x ")), "a flag that only starts so");
        assertFalse(LaneInstructions.fastOn(ZEN4.replace("AuthenticAMD", "HygonGenuine")), "another vendor");
        assertFalse(LaneInstructions.fastOn(ZEN4.replace("cpu family\t: 25", "cpu family\t: ?")));
        assertFalse(LaneInstructions.fastOn(""));
        assertFalse(LaneInstructions.fastOn(null));
    }

    @Test
    void thePropertyOverridesTheChoice() {
        String before = System.getProperty(LaneInstructions.PROPERTY);
        try {
            System.setProperty(LaneInstructions.PROPERTY, "shifts");
            assertNull(LaneInstructions.chosen());
            System.setProperty(LaneInstructions.PROPERTY, "instructions");
            assertEquals(Runtime.version().feature() >= 19, LaneInstructions.chosen() != null);
        } finally {
            if (before == null) {
                System.clearProperty(LaneInstructions.PROPERTY);
            } else {
                System.setProperty(LaneInstructions.PROPERTY, before);
            }
        }
    }

    @Test
    void noInstructionsBeforeJdk19() {
        assumeTrue(Runtime.version().feature() < 19);
        assertNull(LaneInstructions.make());
    }

    @Test
    void instructionLanesAreTheShiftLanes() {
        assumeTrue(Runtime.version().feature() >= 19, "Long.compress arrived in JDK 19");
        SevenBitLanes lanes = LaneInstructions.make();
        assertNotNull(lanes);
        SplittableRandom r = new SplittableRandom(29);
        for (int i = 0; i < 200_000; i++) {
            long v = i < 64 ? 1L << i : i < 128 ? -1L >>> (i - 64) : r.nextLong();
            assertEquals(spreadByLanes(v), lanes.spread(v), "spread of " + Long.toHexString(v));
            assertEquals(gatherByLanes(v), lanes.gather(v), "gather of " + Long.toHexString(v));
            assertEquals(v & 0x00FF_FFFF_FFFF_FFFFL, lanes.gather(lanes.spread(v)));
        }
    }

    /** Bit {@code 7k + j} of the value's low 56 bits to bit {@code 8k + j}, one lane at a time. */
    private static long spreadByLanes(long v) {
        long out = 0;
        for (int k = 0; k < 8; k++) {
            out |= (v >>> (7 * k) & 0x7F) << (8 * k);
        }
        return out;
    }

    /** The reverse of {@link #spreadByLanes}, each byte's top bit dropped. */
    private static long gatherByLanes(long x) {
        long out = 0;
        for (int k = 0; k < 8; k++) {
            out |= (x >>> (8 * k) & 0x7F) << (7 * k);
        }
        return out;
    }
}
