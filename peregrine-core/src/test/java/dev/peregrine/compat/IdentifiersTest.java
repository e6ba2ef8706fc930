package dev.peregrine.compat;

import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferWriter;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Names in class defs: six bits a character when they can be, a string otherwise. */
class IdentifiersTest {
    private static byte[] write(String name) {
        BufferWriter out = BufferWriter.growable(8);
        Identifiers.write(out, name, false);
        return out.toByteArray();
    }

    private static String read(byte[] bytes) {
        ArrayReader in = new ArrayReader(bytes, 0, bytes.length);
        String name = Identifiers.read(in);
        assertEquals(0, in.remaining(), "bytes left after the name");
        return name;
    }

    @Test
    void packsSixBitsACharacter() {
        // a = 0, b = 1, Z = 51, $ = 63: 000000 100000 110011 111111, low bits first
        assertArrayEquals(new byte[] {9, 0x40, 0x30, (byte) 0xFF}, write("abZ$"));
        assertArrayEquals(new byte[] {3, 0x17}, write("x"));
        assertEquals(1 + 9, write("fuelFigures").length);
    }

    @Test
    void otherNamesAreStrings() {
        for (String name : new String[] {"", "caf\u00e9", "\u65e5\u672c", "a-b"}) {
            byte[] bytes = write(name);
            assertEquals(0, bytes[0], name);
            assertEquals(name, read(bytes));
        }
    }

    @Test
    void seededNamesRoundTrip() {
        String chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$\u00e9";
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 2000; i++) {
            StringBuilder name = new StringBuilder();
            int length = random.nextInt(40);
            for (int j = 0; j < length; j++) {
                name.append(chars.charAt(random.nextInt(chars.length())));
            }
            assertEquals(name.toString(), read(write(name.toString())));
        }
    }

    @Test
    void strayBitsAndShortInputAreMalformed() {
        // "x" is code 23 in one byte; a set bit above the six used ones is not a canonical name
        assertThrows(MalformedInputException.class, () -> read(new byte[] {3, (byte) 0x57}));
        assertThrows(MalformedInputException.class, () -> read(new byte[] {9, 0x40}));
        assertThrows(MalformedInputException.class, () -> read(new byte[] {4, 0x17}));
        // a length far past the input fails before allocating
        assertThrows(MalformedInputException.class, () -> read(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
            (byte) 0xFF, 0x07, 0x00}));
    }
}
