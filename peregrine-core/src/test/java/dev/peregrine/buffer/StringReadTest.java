package dev.peregrine.buffer;

import dev.peregrine.LimitExceededException;
import dev.peregrine.MalformedInputException;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link ArrayReader#readString}'s short path (a Latin-1 string whose header is one byte) against the
 * general one: the same strings, the same positions after them and the same failures, on both sides of
 * the one- and two-byte headers' bounds, for an array reader and a buffer reader.
 */
class StringReadTest {
    private static final int[] LENGTHS = {0, 1, 30, 31, 32, 33, 200, 8190, 8191, 8192, 8193, 20_000};

    private static String latin1(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append((char) (0x20 + (i * 7) % 0xE0));
        }
        return sb.toString();
    }

    /** A byte before the string and one after it, so that the reader starts and stops inside an array. */
    private static byte[] framed(byte[] header, byte[] body) {
        byte[] b = new byte[1 + header.length + body.length + 1];
        b[0] = 0x11;
        System.arraycopy(header, 0, b, 1, header.length);
        System.arraycopy(body, 0, b, 1 + header.length, body.length);
        b[b.length - 1] = 0x22;
        return b;
    }

    private static byte[] written(String s) {
        BufferWriter w = BufferWriter.growable(16);
        w.writeString(s);
        return w.toByteArray();
    }

    @Test
    void latin1StringsReadBackAcrossBothHeaderBounds() {
        for (int length : LENGTHS) {
            String s = latin1(length);
            byte[] payload = written(s);
            byte[] b = framed(new byte[0], payload);
            ArrayReader in = new ArrayReader(b, 1, payload.length + 1);
            assertEquals(s, in.readString(), "length " + length);
            assertEquals(payload.length, in.position(), "position after length " + length);
            assertEquals(0x22, in.readByte(), "byte after length " + length);
            ByteBufferReader buffer = new ByteBufferReader(ByteBuffer.wrap(payload));
            assertEquals(s, buffer.readString(), "buffer reader, length " + length);
        }
    }

    @Test
    void aLongerHeaderThanNeededStillReads() {
        // "abc" with its header in two bytes (a varint with a zero high part).
        byte[] b = framed(new byte[] {(byte) (3 << 2 | 0x80), 0}, new byte[] {'a', 'b', 'c'});
        ArrayReader in = new ArrayReader(b, 1, b.length - 2);
        assertEquals("abc", in.readString());
        assertEquals(0, in.remaining());
        // And in three bytes.
        byte[] c = framed(new byte[] {(byte) (3 << 2 | 0x80), (byte) 0x80, 0}, new byte[] {'a', 'b', 'c'});
        assertEquals("abc", new ArrayReader(c, 1, c.length - 2).readString());
    }

    @Test
    void otherEncodingsWithTwoByteHeadersTakeTheGeneralPath() {
        String utf8 = "\u4e2d".repeat(20) + "x";
        String lone = "\uD800".repeat(40);
        for (String s : new String[] {utf8, lone}) {
            byte[] payload = written(s);
            assertEquals(2, BufferWriter.varLongSize((long) (payload.length - 2) << 2), "a two-byte header");
            assertEquals(s, new ArrayReader(payload, 0, payload.length).readString());
        }
    }

    @Test
    void aStringPastTheInputFailsAsMalformed() {
        for (int length : new int[] {5, 40, 8000}) {
            byte[] payload = written(latin1(length));
            // The whole array is there, but the reader's range ends one byte early.
            ArrayReader in = new ArrayReader(payload, 0, payload.length - 1);
            assertThrows(MalformedInputException.class, in::readString, "length " + length);
            byte[] headerOnly = Arrays.copyOf(payload, length < 32 ? 1 : 2);
            assertThrows(MalformedInputException.class,
                    () -> new ArrayReader(headerOnly, 0, headerOnly.length).readString(), "header only, " + length);
        }
        byte[] firstHeaderByteOnly = {(byte) (40 << 2 | 0x80)};
        assertThrows(MalformedInputException.class,
                () -> new ArrayReader(firstHeaderByteOnly, 0, 1).readString());
    }

    @Test
    void theStringLimitHoldsOnBothHeaderLengths() {
        for (int limit : new int[] {10, 100, 5000}) {
            for (int length : new int[] {limit, limit + 1}) {
                byte[] payload = written(latin1(length));
                ArrayReader in = new ArrayReader(payload, 0, payload.length);
                in.limitStrings(limit);
                if (length <= limit) {
                    assertEquals(length, in.readString().length());
                } else {
                    assertThrows(LimitExceededException.class, in::readString, length + " over " + limit);
                }
            }
        }
    }
}
