package dev.peregrine.buffer;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link BufferReader#skipIfNext} on every reader: consumes exactly a match, nothing otherwise. */
class SkipIfNextTest {
    private static final byte[] DATA = {9, 1, 2, 3, 4};

    private static BufferReader reader(String kind) {
        return switch (kind) {
            case "array" -> new ArrayReader(new byte[] {7, 9, 1, 2, 3, 4, 7}, 1, DATA.length);
            case "heap" -> new ByteBufferReader(ByteBuffer.wrap(DATA));
            default -> new ByteBufferReader(ByteBuffer.allocateDirect(DATA.length).put(DATA).flip());
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"array", "heap", "direct"})
    void consumesOnlyAMatch(String kind) {
        BufferReader in = reader(kind);
        assertEquals(9, in.readByte());
        assertFalse(in.skipIfNext(new byte[] {1, 2, 4}), "a mismatch in the last byte");
        assertFalse(in.skipIfNext(new byte[] {1, 2, 3, 4, 7}), "longer than what remains");
        assertEquals(1, in.position());
        assertTrue(in.skipIfNext(new byte[] {1, 2}));
        assertEquals(3, in.position());
        assertTrue(in.skipIfNext(new byte[] {3, 4}));
        assertEquals(0, in.remaining());
        assertTrue(in.skipIfNext(new byte[0]));
    }

    private static BufferReader reader(String kind, byte[] data) {
        return switch (kind) {
            case "array" -> new ArrayReader(data, 0, data.length);
            case "heap" -> new ByteBufferReader(ByteBuffer.wrap(data));
            default -> new ByteBufferReader(ByteBuffer.allocateDirect(data.length).put(data).flip());
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"array", "heap", "direct"})
    void withAHeadComparesItAndTheLastByteOnly(String kind) {
        byte[] data = new byte[21];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i + 1);
        }
        // the first 20 bytes, with one in the middle (past the head of 12) changed
        byte[] expected = java.util.Arrays.copyOf(data, 20);
        expected[15] = 0;
        for (int at : new int[] {0, 4, 7, 8, 11, 19}) {
            byte[] other = expected.clone();
            other[at] ^= 0x40;
            BufferReader in = reader(kind, data);
            assertFalse(in.skipIfNext(other, 12), "a mismatch at " + at);
            assertEquals(0, in.position());
        }
        BufferReader shorter = reader(kind, java.util.Arrays.copyOf(data, 19));
        assertFalse(shorter.skipIfNext(expected, 12), "longer than what remains");
        BufferReader in = reader(kind, data);
        assertTrue(in.skipIfNext(expected, 12));
        assertEquals(20, in.position());
        assertEquals(1, in.remaining());
        // a head of 9: the second comparison overlaps the first
        in = reader(kind, data);
        assertTrue(in.skipIfNext(expected, 9));
        byte[] ninth = expected.clone();
        ninth[8] ^= 1;
        assertFalse(reader(kind, data).skipIfNext(ninth, 9));
    }
}
