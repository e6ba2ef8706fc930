package dev.peregrine;

import dev.peregrine.buffer.BufferWriter;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static dev.peregrine.RoundTrip.check;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class StringTest {
    private final Peregrine p = Peregrine.builder().build();

    @Test
    void latin1IsOneBytePerChar() {
        check(p, "", 3);
        check(p, "Test0", 8);
        check(p, "caf\u00e9 \u00ff", 9);
    }

    @Test
    void shortStringsAroundTheOneByteHeader() {
        // under 32 Latin-1 chars the header is one byte, written and read in place
        for (int n = 0; n <= 40; n++) {
            check(p, "\u00e9".repeat(n), (n < 32 ? 3 : 4) + n);
            if (n > 0) {
                String wide = "a".repeat(n - 1) + "\u0394";
                assertEquals(wide, p.deserialize(p.serialize(wide)), "a wide char last, length " + n);
            }
        }
        Peregrine small = Peregrine.builder().maxStringLength(5).build();
        org.junit.jupiter.api.Assertions.assertThrows(LimitExceededException.class,
                () -> small.deserialize(p.serialize("abcdef")));
        assertEquals("abcde", small.deserialize(p.serialize("abcde")));
    }

    @Test
    void aStringIntoACallersArrayFitsExactlyOrIsRefused() {
        // Strings around the one-byte header, ending the payload: in an array of exactly the
        // payload's size or more the bytes are as encode(s) gives them; in a smaller one the write is
        // refused as too large, never an index out of bounds from a store past the array's end
        // (Codec bounds the writer at the array's end).
        Codec<String> codec = p.codec(String.class);
        for (int k = 0; k <= 2 * (48 - 24) + 1; k++) {
            int n = 24 + k / 2;
            // Latin-1, or Latin-1 but for its last char, which sends the write back to measure it.
            String s = "\u00e9x".repeat(n).substring(0, n - 1) + (k % 2 == 0 ? "y" : "\u0394");
            byte[] expected = codec.encode(s);
            for (int spare = -6; spare <= 6; spare++) {
                byte[] dst = new byte[2 + expected.length + spare];
                String at = "length " + n + ", spare " + spare;
                if (spare < 0) {
                    assertThrows(LimitExceededException.class, () -> codec.encode(s, dst, 2), at);
                    continue;
                }
                int written = codec.encode(s, dst, 2);
                assertArrayEquals(expected, Arrays.copyOfRange(dst, 2, 2 + written), at);
                assertEquals(s, codec.decode(dst, 2, written), at);
            }
        }
    }

    @Test
    void aStringWrittenAcrossTheEndOfAGrowingWriterGivesTheSameBytes() {
        // Strings of both header forms, Latin-1 and not, starting at every position of a writer's
        // first array (16 bytes), so that the write asks it to grow at every point of the string.
        for (int n = 0; n <= 40; n++) {
            for (String s : new String[] {"ab\u00e9".repeat(n).substring(0, n), "ab\u0394".repeat(n).substring(0, n)}) {
                for (int filler = 0; filler <= 16; filler++) {
                    BufferWriter roomy = BufferWriter.growable(4096);
                    BufferWriter small = BufferWriter.growable(16);
                    for (int i = 0; i < filler; i++) {
                        roomy.writeByte(i);
                        small.writeByte(i);
                    }
                    roomy.writeString(s);
                    small.writeString(s);
                    assertArrayEquals(roomy.toByteArray(), small.toByteArray(),
                            "length " + n + " after " + filler + " bytes: " + s);
                }
            }
        }
    }

    @Test
    void utf8ForWiderChars() {
        check(p, "Steve Jobs\uC2A4", 2 + 1 + 13);
        check(p, "\u0394\u03b5\u03bb\u03c4\u03b1", 2 + 1 + 10);
        check(p, "emoji \uD83D\uDE00 pair", 2 + 1 + 15);
    }

    @Test
    void aRealReplacementCharacterSurvivesTheStrictDecoder() {
        // U+FFFD is what a lenient decoder makes of bad bytes; a real one must still round-trip.
        check(p, "\uFFFD", 2 + 1 + 3);
        check(p, "bad \uFFFD and \uC2A4 \uD83D\uDE00", 2 + 1 + 20);
    }

    @Test
    void loneSurrogatesArePreservedAsUtf16() {
        check(p, "a\uD800b", 2 + 1 + 6);
        check(p, "\uDC00", 2 + 1 + 2);
        check(p, "end\uD83D", 2 + 1 + 8);
        check(p, "\uDE00\uD83D", 2 + 1 + 4);
    }

    @Test
    void longStringsOfEveryEncoding() {
        check(p, "x".repeat(100_000), 2 + 3 + 100_000);
        check(p, "\u00e9\u4e2d".repeat(50_000));
        check(p, "\uD800".repeat(70_000));
    }

    @Test
    void stringLengthIsLimited() {
        Peregrine small = Peregrine.builder().maxStringLength(100).build();
        byte[] big = p.serialize("x".repeat(101));
        LimitExceededException e = org.junit.jupiter.api.Assertions.assertThrows(LimitExceededException.class,
                () -> small.deserialize(big));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("string"), e.getMessage());
        assertEquals("x".repeat(100), small.deserialize(p.serialize("x".repeat(100))));
    }

    @Test
    void randomStringsOfAllCodeUnitsRoundTrip() {
        Random r = new Random(42);
        for (int i = 0; i < 2_000; i++) {
            char[] chars = new char[r.nextInt(40)];
            for (int k = 0; k < chars.length; k++) {
                chars[k] = (char) (r.nextInt(4) == 0 ? r.nextInt(0x10000) : r.nextInt(0x100));
            }
            String s = new String(chars);
            assertEquals(s, p.deserialize(p.serialize(s)));
        }
    }
}
