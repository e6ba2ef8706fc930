package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Pins every encoding of format version 1 as literal bytes. A change here is a wire format change:
 * bump the version in docs/FORMAT.md and Session.VERSION, and add golden files for the new version.
 */
class GoldenBytesTest {
    enum Tone { LOW, MID, HIGH }

    record Sample(boolean on, byte b, int i, long l, String s, Tone tone, boolean off) {
    }

    static final class Box {
        Object any;
        List<String> names;
    }

    private final Peregrine p = Peregrine.builder().register(Sample.class, Tone.class, Box.class).build();

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    private void assertBytes(Object value, int... expected) {
        byte[] actual = p.serialize(value);
        assertArrayEquals(bytes(expected), actual, () -> value + " encoded as " + hex(actual));
        RoundTrip.assertSame(value, p.deserialize(actual));
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x ", x));
        }
        return s.toString().trim();
    }

    @Test
    void headerAndNull() {
        assertBytes(null, 0xA4, 0x00);
        Peregrine tracking = Peregrine.builder().referenceTracking(true).build();
        assertArrayEquals(bytes(0xA6, 0x00), tracking.serialize(null));
    }

    @Test
    void zigzagVarints() {
        assertBytes(0, 0xA4, 8, 0x00);
        assertBytes(-1, 0xA4, 8, 0x01);
        assertBytes(1, 0xA4, 8, 0x02);
        assertBytes(63, 0xA4, 8, 0x7E);
        assertBytes(-64, 0xA4, 8, 0x7F);
        assertBytes(64, 0xA4, 8, 0x80, 0x01);
        assertBytes(Integer.MAX_VALUE, 0xA4, 8, 0xFE, 0xFF, 0xFF, 0xFF, 0x0F);
        assertBytes(Integer.MIN_VALUE, 0xA4, 8, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F);
        assertBytes(123456789L, 0xA4, 9, 0xAA, 0xB4, 0xDE, 0x75);
        // a long varint stops at 9 bytes: the ninth carries 8 bits
        assertBytes(Long.MIN_VALUE, 0xA4, 9, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
        // zigzag(2^55) = 2^56 needs the ninth byte; zigzag(2^55 - 1) = 2^56 - 2 fits in eight
        assertBytes(1L << 55, 0xA4, 9, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01);
        assertBytes((1L << 55) - 1, 0xA4, 9, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F);
        assertBytes((short) -2, 0xA4, 6, 0x03);
        assertBytes('A', 0xA4, 7, 0x41);
    }

    @Test
    void fixedWidthLittleEndian() {
        assertBytes((byte) -1, 0xA4, 5, 0xFF);
        assertBytes(true, 0xA4, 4, 0x01);
        assertBytes(1.0f, 0xA4, 10, 0x00, 0x00, 0x80, 0x3F);
        assertBytes(-2.0, 0xA4, 11, 0, 0, 0, 0, 0, 0, 0x00, 0xC0);
    }

    @Test
    void strings() {
        // header = byteLength << 2 | encoding (0 Latin-1, 1 UTF-8, 2 UTF-16LE)
        assertBytes("", 0xA4, 12, 0x00);
        assertBytes("Hi", 0xA4, 12, 0x08, 'H', 'i');
        assertBytes("\u00e9", 0xA4, 12, 0x04, 0xE9);
        assertBytes("\u20ac", 0xA4, 12, 0x0D, 0xE2, 0x82, 0xAC);
        assertBytes("\uD800", 0xA4, 12, 0x0A, 0x00, 0xD8);
    }

    @Test
    void userObjectBitmapAndLayoutOrder() {
        // layout: booleans (bitmap), byte, int, long, then references sorted by name: s, tone
        // bitmap bits in layout order: off=0, on=1, s=2, tone=3
        Sample s = new Sample(true, (byte) 7, -3, 300, "ab", Tone.HIGH, false);
        assertBytes(s, 0xA4, 96, 0b1110, 7, 0x05, 0xD8, 0x04, 0x08, 'a', 'b', 0x02);
    }

    @Test
    void collectionsWriteTheirElementTypeOnce() {
        // ArrayList tag 44, header 3 << 3 | SAME_TYPE (2), Integer tag 8, zigzag 1 2 3
        assertBytes(new ArrayList<>(List.of(1, 2, 3)), 0xA4, 44, 0x1A, 8, 2, 4, 6);
        // mixed with a null: header 3 << 3 | HAS_NULL (1), presence bitmap 0b101, each element tagged
        assertBytes(new ArrayList<>(Arrays.asList(1, null, "x")), 0xA4, 44, 0x19, 0b101, 8, 2, 12, 0x04, 'x');
        // empty: header 0
        assertBytes(new ArrayList<>(), 0xA4, 44, 0);
        // 16 elements: the header needs two varint bytes
        assertBytes(new ArrayList<>(java.util.Collections.nCopies(16, 0)), 0xA4, 44, 0x82, 0x01, 8,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void mapsWriteKeysThenValues() {
        // header 1 << 6 | valueFlags SAME_TYPE << 3 | keyFlags SAME_TYPE, key tag, key, value tag, value
        HashMap<String, Integer> m = new HashMap<>(Map.of("k", 5));
        assertBytes(m, 0xA4, 50, 0x52, 12, 0x04, 'k', 8, 10);
    }

    @Test
    void declaredElementTypeOmitsEvenTheTag() {
        Box b = new Box();
        b.names = new ArrayList<>(List.of("a"));
        // bitmap: any=bit0 absent, names=bit1 present; List is an interface, so the ArrayList tag 44;
        // header 1 << 3 | SAME_TYPE | DECLARED (6), and no element tag
        byte[] actual = p.serialize(b);
        assertArrayEquals(bytes(0xA4, 98, 0b10, 44, 0x0E, 0x04, 'a'), actual, hex(actual));
    }

    @Test
    void enumsAndEnumSets() {
        assertBytes(Tone.HIGH, 0xA4, 97, 2);
        // EnumSet tag 53, element enum type tag, mask of ordinals
        assertBytes(EnumSet.of(Tone.LOW, Tone.HIGH), 0xA4, 53, 97, 0b101);
    }

    @Test
    void arraysOfPrimitivesAndObjects() {
        assertBytes(new int[] {1, -1}, 0xA4, 17, 2, 2, 1);
        assertBytes(new double[] {1.0}, 0xA4, 20, 1, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F);
        // String[]: OBJECT_ARRAY (3) + String tag, header 1 << 3 | SAME_TYPE | DECLARED
        assertBytes(new String[] {"a"}, 0xA4, 3, 12, 0x0E, 0x04, 'a');
    }

    @Test
    void referenceMarkers() {
        Peregrine tracking = Peregrine.builder().register(Box.class).referenceTracking(true).build();
        Box b = new Box();
        List<String> l = new ArrayList<>();
        b.any = l;
        b.names = l;
        // any: marker 0 (new), ArrayList tag, size 0; names: marker 2 (back to value 1; root is 0)
        byte[] actual = tracking.serialize(b);
        assertArrayEquals(bytes(0xA6, 96, 0b11, 0, 44, 0, 2), actual, hex(actual));
    }

    @Test
    void codecOmitsTheRootTag() {
        Sample s = new Sample(true, (byte) 7, -3, 300, "ab", Tone.HIGH, false);
        byte[] full = p.serialize(s);
        byte[] withoutTag = new byte[full.length - 1];
        withoutTag[0] = full[0];
        System.arraycopy(full, 2, withoutTag, 1, full.length - 2);
        assertArrayEquals(withoutTag, p.codec(Sample.class).encode(s));
        assertEquals(s, p.codec(Sample.class).decode(withoutTag));
    }
}
