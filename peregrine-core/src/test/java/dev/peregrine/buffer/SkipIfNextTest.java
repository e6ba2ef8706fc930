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
}
