package dev.peregrine.buffer;

import dev.peregrine.LimitExceededException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Pins {@link BufferWriter#writeString} to an encoding built here from the format's rule (Latin-1 when
 * every char fits a byte, UTF-16 when a surrogate is alone, else UTF-8; a varint header of the byte
 * length times four plus the encoding), for strings that mix ASCII, Latin-1, wider chars, surrogate
 * pairs and lone surrogates at every position, across the one-byte header's bound and the short path's
 * bound of 32 chars, in a growable writer and in bounded writers with exactly the room and one byte less.
 */
class StringWriteTest {
    private static final String[] PIECES = {
        "a", "Z", "7", " ", "\u00e9", "\u00ff", "\u0394", "\u4e2d", "\uC2A4", "\uFFFD", "\uD83D\uDE00", "\uD800", "\uDC00",
    };

    private static byte[] reference(String s) {
        boolean latin1 = true;
        boolean lone = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            latin1 &= c <= 0xFF;
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                lone = true;
            }
        }
        byte[] body;
        int encoding;
        if (latin1) {
            body = s.getBytes(StandardCharsets.ISO_8859_1);
            encoding = 0;
        } else if (lone) {
            // Each char as it is, low byte first (the JDK's UTF-16 encoder would replace the lone one).
            body = new byte[2 * s.length()];
            for (int i = 0; i < s.length(); i++) {
                body[2 * i] = (byte) s.charAt(i);
                body[2 * i + 1] = (byte) (s.charAt(i) >>> 8);
            }
            encoding = 2;
        } else {
            body = s.getBytes(StandardCharsets.UTF_8);
            encoding = 1;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long header = (long) body.length << 2 | encoding;
        while (header >= 0x80) {
            out.write((int) (header & 0x7F) | 0x80);
            header >>>= 7;
        }
        out.write((int) header);
        out.writeBytes(body);
        return out.toByteArray();
    }

    private static String randomString(SplittableRandom r, int pieces, boolean asciiFirst) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            // Most strings start with a run of ASCII, as names and titles do.
            int pick = asciiFirst && r.nextInt(pieces) >= i ? r.nextInt(4) : r.nextInt(PIECES.length);
            sb.append(PIECES[pick]);
        }
        return sb.toString();
    }

    @Test
    void everyStringIsWrittenAsTheFormatSays() {
        SplittableRandom r = new SplittableRandom(21);
        for (int k = 0; k < 20_000; k++) {
            String s = randomString(r, r.nextInt(45), k % 2 == 0);
            byte[] expected = reference(s);
            // A writer with room for the short path, and one that grows while writing.
            BufferWriter roomy = BufferWriter.growable(256);
            roomy.writeByte(0x11);
            roomy.writeString(s);
            byte[] got = roomy.toByteArray();
            assertArrayEquals(expected, Arrays.copyOfRange(got, 1, got.length), s);
            BufferWriter grown = BufferWriter.growable(16);
            grown.writeByte(0x11);
            grown.writeString(s);
            assertArrayEquals(got, grown.toByteArray(), "growing: " + s);

            byte[] dst = new byte[1 + expected.length + 1];
            BufferWriter exact = BufferWriter.bounded(dst, 1, 1 + expected.length);
            exact.writeString(s);
            assertArrayEquals(expected, Arrays.copyOfRange(dst, 1, 1 + expected.length), "exact room: " + s);
            assertEquals(0, dst[dst.length - 1], "wrote past the limit: " + s);
            // Room for the worst case, so the short path runs against the limit too.
            byte[] spare = new byte[1 + 4 * expected.length + 8];
            BufferWriter bounded = BufferWriter.bounded(spare, 1, spare.length - 1);
            bounded.writeString(s);
            assertEquals(1 + expected.length, bounded.position(), "bounded: " + s);
            assertArrayEquals(expected, Arrays.copyOfRange(spare, 1, 1 + expected.length), "bounded: " + s);
            assertEquals(0, spare[spare.length - 1], "wrote past the limit: " + s);
            BufferWriter tight = BufferWriter.bounded(new byte[expected.length], 1, expected.length);
            assertThrows(LimitExceededException.class, () -> tight.writeString(s), "one byte short: " + s);

            ArrayReader in = new ArrayReader(got, 1, got.length - 1);
            assertEquals(s, in.readString(), "read back");
        }
    }

    @Test
    void aShortUtf8StringAroundTheTwoByteHeader() {
        // 31 chars of ASCII then wide ones: the UTF-8 length crosses 31 bytes, where the header
        // written after the chars takes a second byte and the chars move up by one.
        for (int ascii = 0; ascii < 31; ascii++) {
            for (int wide = 1; ascii + wide < 32; wide++) {
                String s = "x".repeat(ascii) + "\u4e2d".repeat(wide);
                BufferWriter w = BufferWriter.growable(256);
                w.writeString(s);
                assertArrayEquals(reference(s), w.toByteArray(), ascii + " ASCII, " + wide + " wide");
            }
        }
    }
}
