package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Pins every encoding of the same-schema format (version 3) as literal bytes. A change here is a
 * wire format change: bump the version in docs/FORMAT.md and Session.VERSION, and add golden files
 * for the new version.
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

    /** The schema fingerprint of this test's registry (format v2), pinned by {@link #fingerprint}. */
    private static final int[] FINGERPRINT = {0x13, 0xC2, 0xC2, 0x79};

    /** Header and root tag, then the fingerprint of a non-null root, then the rest. */
    private static byte[] withFingerprint(int[] fp, int... headerTagValue) {
        int[] all = new int[headerTagValue.length + fp.length];
        all[0] = headerTagValue[0];
        all[1] = headerTagValue[1];
        System.arraycopy(fp, 0, all, 2, fp.length);
        System.arraycopy(headerTagValue, 2, all, 2 + fp.length, headerTagValue.length - 2);
        return bytes(all);
    }

    /**
     * @param expected header, root tag and value; for a non-null value the fingerprint goes between
     *                 tag and value
     */
    private void assertBytes(Object value, int... expected) {
        byte[] actual = p.serialize(value);
        byte[] want = value == null ? bytes(expected) : withFingerprint(FINGERPRINT, expected);
        assertArrayEquals(want, actual, () -> value + " encoded as " + hex(actual));
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
    void fingerprint() {
        // first four bytes, little-endian, of SHA-256 over the canonical text of the registered classes
        byte[] actual = p.serialize("");
        assertArrayEquals(bytes(0xAC, 12, 0x13, 0xC2, 0xC2, 0x79, 0x00), actual, hex(actual));
        // a reader whose classes differ refuses the payload
        Peregrine other = Peregrine.builder().register(Sample.class, Tone.class).build();
        assertThrows(SchemaMismatchException.class, () -> other.deserialize(actual));
    }

    @Test
    void headerAndNull() {
        assertBytes(null, 0xAC, 0x00);
        Peregrine tracking = Peregrine.builder().referenceTracking(true).build();
        assertArrayEquals(bytes(0xAE, 0x00), tracking.serialize(null));
    }

    @Test
    void zigzagVarints() {
        // zigzag, then a prefix varint: the first byte's low bits are n - 1 ones and a zero, the
        // value follows in the other 7n bits
        assertBytes(0, 0xAC, 8, 0x00);
        assertBytes(-1, 0xAC, 8, 0x02);
        assertBytes(1, 0xAC, 8, 0x04);
        assertBytes(63, 0xAC, 8, 0xFC);
        assertBytes(-64, 0xAC, 8, 0xFE);
        // zigzag 128 = 1 << 7: two bytes, 128 << 2 | 0b01
        assertBytes(64, 0xAC, 8, 0x01, 0x02);
        assertBytes(Integer.MAX_VALUE, 0xAC, 8, 0xCF, 0xFF, 0xFF, 0xFF, 0x1F);
        assertBytes(Integer.MIN_VALUE, 0xAC, 8, 0xEF, 0xFF, 0xFF, 0xFF, 0x1F);
        assertBytes(123456789L, 0xAC, 9, 0xA7, 0xA2, 0x79, 0xEB);
        // a value of 2^56 or more is FF and its 8 bytes, little-endian
        assertBytes(Long.MIN_VALUE, 0xAC, 9, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
        // zigzag(2^55) = 2^56 needs the nine bytes; zigzag(2^55 - 1) = 2^56 - 2 fits in eight
        assertBytes(1L << 55, 0xAC, 9, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01);
        assertBytes((1L << 55) - 1, 0xAC, 9, 0x7F, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
        assertBytes((short) -2, 0xAC, 6, 0x06);
        // a char is an unsigned LEB128 varint, as lengths and counts are
        assertBytes('A', 0xAC, 7, 0x41);
    }

    @Test
    void fixedWidthLittleEndian() {
        assertBytes((byte) -1, 0xAC, 5, 0xFF);
        assertBytes(true, 0xAC, 4, 0x01);
        assertBytes(1.0f, 0xAC, 10, 0x00, 0x00, 0x80, 0x3F);
        assertBytes(-2.0, 0xAC, 11, 0, 0, 0, 0, 0, 0, 0x00, 0xC0);
    }

    @Test
    void strings() {
        // header = byteLength << 2 | encoding (0 Latin-1, 1 UTF-8, 2 UTF-16LE)
        assertBytes("", 0xAC, 12, 0x00);
        assertBytes("Hi", 0xAC, 12, 0x08, 'H', 'i');
        assertBytes("\u00e9", 0xAC, 12, 0x04, 0xE9);
        assertBytes("\u20ac", 0xAC, 12, 0x0D, 0xE2, 0x82, 0xAC);
        assertBytes("\uD800", 0xAC, 12, 0x0A, 0x00, 0xD8);
    }

    @Test
    void userObjectBitmapAndLayoutOrder() {
        // layout: booleans (bitmap), byte, int, long, then references sorted by name: s, tone
        // bitmap bits in layout order: off=0, on=1, s=2, tone=3
        Sample s = new Sample(true, (byte) 7, -3, 300, "ab", Tone.HIGH, false);
        assertBytes(s, 0xAC, 96, 0b1110, 7, 0x0A, 0x61, 0x09, 0x08, 'a', 'b', 0x02);
    }

    @Test
    void collectionsWriteTheirElementTypeOnce() {
        // ArrayList tag 44, header 3 << 3 | SAME_TYPE (2), Integer tag 8, prefix varints of zigzag 1 2 3
        assertBytes(new ArrayList<>(List.of(1, 2, 3)), 0xAC, 44, 0x1A, 8, 4, 8, 12);
        // mixed with a null: header 3 << 3 | HAS_NULL (1), presence bitmap 0b101, each element tagged
        assertBytes(new ArrayList<>(Arrays.asList(1, null, "x")), 0xAC, 44, 0x19, 0b101, 8, 4, 12, 0x04, 'x');
        // empty: header 0
        assertBytes(new ArrayList<>(), 0xAC, 44, 0);
        // 16 elements: the header needs two varint bytes
        assertBytes(new ArrayList<>(java.util.Collections.nCopies(16, 0)), 0xAC, 44, 0x82, 0x01, 8,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void mapsWriteKeysThenValues() {
        // header 1 << 6 | valueFlags SAME_TYPE << 3 | keyFlags SAME_TYPE, key tag, key, value tag, value
        HashMap<String, Integer> m = new HashMap<>(Map.of("k", 5));
        assertBytes(m, 0xAC, 50, 0x52, 12, 0x04, 'k', 8, 0x14);
    }

    @Test
    void declaredElementTypeOmitsEvenTheTag() {
        Box b = new Box();
        b.names = new ArrayList<>(List.of("a"));
        // bitmap: any=bit0 absent, names=bit1 present; List is an interface, so the ArrayList tag 44;
        // header 1 << 3 | SAME_TYPE | DECLARED (6), and no element tag
        byte[] actual = p.serialize(b);
        assertArrayEquals(withFingerprint(FINGERPRINT, 0xAC, 98, 0b10, 44, 0x0E, 0x04, 'a'), actual, hex(actual));
    }

    @Test
    void enumsAndEnumSets() {
        assertBytes(Tone.HIGH, 0xAC, 97, 2);
        // EnumSet tag 53, element enum type tag, mask of ordinals
        assertBytes(EnumSet.of(Tone.LOW, Tone.HIGH), 0xAC, 53, 97, 0b101);
    }

    @Test
    void arraysOfPrimitivesAndObjects() {
        assertBytes(new int[] {1, -1}, 0xAC, 17, 2, 4, 2);
        assertBytes(new double[] {1.0}, 0xAC, 20, 1, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F);
        // String[]: OBJECT_ARRAY (3) + String tag, header 1 << 3 | SAME_TYPE | DECLARED
        // (the root tag is two bytes here, so the fingerprint follows both)
        byte[] strings = p.serialize(new String[] {"a"});
        assertArrayEquals(bytes(0xAC, 3, 12, 0x13, 0xC2, 0xC2, 0x79, 0x0E, 0x04, 'a'), strings, hex(strings));
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
        // its registry holds Box alone, so its fingerprint differs from the other tests'
        assertArrayEquals(withFingerprint(new int[] {0x26, 0x98, 0x7C, 0x64}, 0xAE, 96, 0b11, 0, 44, 0, 2), actual,
                hex(actual));
    }

    @Test
    void version2PayloadsWithLeb128ValuesAreStillRead() {
        // Version 2 (header A8) held short, int and long values as LEB128 varints: -3 as 05, 300L
        // as D8 04, Integer.MIN_VALUE as FF FF FF FF 0F.
        Sample s = new Sample(true, (byte) 7, -3, 300, "ab", Tone.HIGH, false);
        byte[] v2 = withFingerprint(FINGERPRINT, 0xA8, 96, 0b1110, 7, 0x05, 0xD8, 0x04, 0x08, 'a', 'b', 0x02);
        assertEquals(s, p.deserialize(v2));
        byte[] withoutTag = new byte[v2.length - 1];
        withoutTag[0] = v2[0];
        System.arraycopy(v2, 2, withoutTag, 1, v2.length - 2);
        assertEquals(s, p.codec(Sample.class).decode(withoutTag));
        assertEquals(Integer.MIN_VALUE, p.deserialize(withFingerprint(FINGERPRINT, 0xA8, 8, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F)));
        assertArrayEquals(new int[] {1, -1}, (int[]) p.deserialize(withFingerprint(FINGERPRINT, 0xA8, 17, 2, 2, 1)));
        // and a version 3 payload read next by the same codec is read by its own rule
        assertEquals(s, p.codec(Sample.class).decode(p.codec(Sample.class).encode(s)));
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
