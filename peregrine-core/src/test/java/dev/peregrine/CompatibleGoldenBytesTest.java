package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Pins the compatible format's bytes: the example of {@code docs/FORMAT.md}, and defs once per stream. */
class CompatibleGoldenBytesTest {
    static final class Point {
        int x;
        String label;

        Point() {
        }

        Point(int x, String label) {
            this.x = x;
            this.label = label;
        }
    }

    private final Peregrine p = Peregrine.builder().compatible(true).register(Point.class).build();

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02X ", x));
        }
        return s.toString().trim();
    }

    @Test
    void defThenBody() {
        byte[] actual = p.codec(Point.class).encode(new Point(1, "a"));
        // header A9; def-ref 0 (new); def: its length, kind 0, name (a two-byte string header), 2 fields:
        // x (no tag, kind 6 int), label (no tag, kind 8 reference, hint "#12", exact); then the body
        String name = Point.class.getName();
        ByteArrayOutputStream want = new ByteArrayOutputStream();
        int nameHeader = name.length() << 2;
        int defLength = 1 + 2 + name.length() + 1 + (1 + 2 + 1) + (1 + 6 + 1 + 4 + 1);
        want.writeBytes(new byte[] {(byte) 0xA9, 0x00, (byte) defLength, 0x00,
            (byte) (nameHeader & 0x7F | 0x80), (byte) (nameHeader >>> 7)});
        want.writeBytes(name.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        want.writeBytes(new byte[] {0x02, 0x00, 0x04, 'x', 0x06, 0x00, 0x14, 'l', 'a', 'b', 'e', 'l', 0x08,
            0x0C, '#', '1', '2', 0x01, 0x01, 0x02, 0x04, 'a'});
        assertArrayEquals(want.toByteArray(), actual, hex(actual));
        Point back = p.codec(Point.class).decode(actual);
        assertEquals(1, back.x);
        assertEquals("a", back.label);
    }

    @Test
    void aStreamCarriesEachDefOnce() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (StreamWriter w = p.newStreamWriter(out)) {
            w.write(new Point(1, "a"));
            w.write(new Point(2, "b"));
        }
        byte[] bytes = out.toByteArray();
        int first = bytes[0];
        // second frame: header, root tag 96, def-ref 0 (already carried), bitmap, x, label
        byte[] second = java.util.Arrays.copyOfRange(bytes, 1 + first, bytes.length);
        assertArrayEquals(new byte[] {0x07, (byte) 0xA9, 0x60, 0x00, 0x01, 0x04, 0x04, 'b'}, second, hex(second));
        try (StreamReader r = p.newStreamReader(new ByteArrayInputStream(bytes))) {
            assertEquals("a", r.read(Point.class).label);
            assertEquals(2, r.read(Point.class).x);
        }
    }
}
