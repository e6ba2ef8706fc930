package dev.peregrine;

import dev.peregrine.compat.PreloadBytes;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pins the compatible format's bytes (version 7, and the older versions still read): the example of
 * {@code docs/FORMAT.md}, defs once per stream, and the untagged positions (since version 4), which
 * leave out a def reference once the def was carried.
 */
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

    /** Names outside a-z A-Z 0-9 _ $. */
    static final class Accent {
        int caf\u00e9;
        Note note;
    }

    enum Note { DO, R\u00c9 }

    private final Peregrine p = Peregrine.builder().compatible(true).register(Point.class).build();

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02X ", x));
        }
        return s.toString().trim();
    }

    /** A string of Latin-1 chars as the format writes it: LEB128 varint(length << 2), then the chars. */
    private static void string(ByteArrayOutputStream out, String s) {
        PreloadBytes.writeLeb(out, s.length() << 2);
        out.writeBytes(s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }


    /** Six-bit codes of a name, packed low bits first: written here bit by bit, apart from the encoder. */
    private static byte[] packed(String name) {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$";
        byte[] out = new byte[(6 * name.length() + 7) / 8];
        for (int i = 0; i < name.length(); i++) {
            int code = alphabet.indexOf(name.charAt(i));
            for (int b = 0; b < 6; b++) {
                int bit = 6 * i + b;
                out[bit / 8] |= (byte) (((code >> b) & 1) << (bit % 8));
            }
        }
        return out;
    }

    @Test
    void defThenBody() {
        byte[] actual = p.codec(Point.class).encode(new Point(1, "a"));
        // header A5 (version 5's code, compatible), then version 7's preload: 00 07, the token
        // (SHA-256 of the defs), the defs' length and the defs: count 1, package-ref 0 (new) and
        // the package name, the def: its length, kind 0, the class name without its package as 31
        // six-bit codes (varint 2 * 31 + 1), 2 fields: x (head 6: int; name 03 17), label (head 18:
        // reference, exact; name 0B 0B 10 10 0B; hint "#12"); the root's def-ref 0; then the body:
        // bitmap 01, x = 1 (zigzag 2 as a prefix varint: 04), label "a"
        String simple = "CompatibleGoldenBytesTest$Point";
        assertEquals("dev.peregrine." + simple, Point.class.getName());
        byte[] name = packed(simple);
        ByteArrayOutputStream def = new ByteArrayOutputStream();
        def.writeBytes(new byte[] {0x00, 13 << 2});
        def.writeBytes("dev.peregrine".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        int defLength = 1 + 1 + name.length + 1 + (1 + 2) + (1 + 5 + 4);
        def.writeBytes(new byte[] {(byte) defLength, 0x00, 2 * 31 + 1});
        def.writeBytes(name);
        def.writeBytes(new byte[] {0x02, 0x06, 0x03, 0x17, 0x18, 0x0B, 0x0B, 0x10, 0x10, 0x0B, 0x0C, '#', '1', '2'});
        byte[] body = {0x01, 0x04, 0x04, 'a'};
        // versions 2 to 6 wrote x as LEB128: 02
        byte[] lebBody = {0x01, 0x02, 0x04, 'a'};
        ByteArrayOutputStream defs = new ByteArrayOutputStream();
        defs.write(1);
        defs.writeBytes(def.toByteArray());
        ByteArrayOutputStream want = new ByteArrayOutputStream();
        want.write(0xA5);
        want.writeBytes(PreloadBytes.tokenThen(defs.toByteArray()));
        want.writeBytes(body);
        assertArrayEquals(want.toByteArray(), actual, hex(actual));
        Point back = p.codec(Point.class).decode(actual);
        assertEquals(1, back.x);
        assertEquals("a", back.label);

        // version 6: the same with 00 06 and the LEB128 body, still read
        ByteArrayOutputStream v6 = new ByteArrayOutputStream();
        v6.write(0xA5);
        v6.writeBytes(PreloadBytes.tokenThen(defs.toByteArray(), 6));
        v6.writeBytes(lebBody);
        back = p.codec(Point.class).decode(v6.toByteArray());
        assertEquals(1, back.x);
        assertEquals("a", back.label);

        // what serialize writes: header A0 (version 7 with no preload), the root's tag, then the
        // same def and body with no count, token or length
        ByteArrayOutputStream v7 = new ByteArrayOutputStream();
        v7.write(0x00);
        v7.writeBytes(def.toByteArray());
        v7.writeBytes(body);
        byte[] serialized = p.serialize(new Point(1, "a"));
        assertEquals(0xA0, serialized[0] & 0xFF, hex(serialized));
        assertArrayEquals(v7.toByteArray(), java.util.Arrays.copyOfRange(serialized, 2, serialized.length),
                hex(serialized));
        // version 4 (header A1), laid out as version 7 with the LEB128 body: still read
        ByteArrayOutputStream v4 = new ByteArrayOutputStream();
        v4.writeBytes(new byte[] {(byte) 0xA1, 0x00});
        v4.writeBytes(def.toByteArray());
        v4.writeBytes(lebBody);
        back = p.codec(Point.class).decode(v4.toByteArray());
        assertEquals(1, back.x);
        assertEquals("a", back.label);
        // version 3 (header AD) laid out this payload the same way
        byte[] v3 = v4.toByteArray();
        v3[0] = (byte) 0xAD;
        assertEquals("a", p.codec(Point.class).decode(v3).label);
    }

    static final class Segment {
        Point from;
        Point to;
        Object via;

        /** Points (1, "a"), (2, "b") and (3, "c"). */
        static Segment abc() {
            Segment s = new Segment();
            s.from = new Point(1, "a");
            s.to = new Point(2, "b");
            s.via = new Point(3, "c");
            return s;
        }
    }

    @Test
    void anUntaggedPositionCarriesADefReferenceOnlyUntilTheDefIsCarried() {
        Peregrine q = Peregrine.builder().compatible(true).register(Segment.class, Point.class).build();
        Segment s = Segment.abc();
        // written with the root's tag (a Codec's payload preloads Point's def: see below)
        byte[] v4 = q.serialize(s);
        // ... from: def-ref 1 (new), package-ref 0, Point's def, body 01 04 04 61; to: body only;
        // via (tagged: 97, Point's id 1): def-ref 1 (carried), body
        byte[] tail = {0x01, 0x04, 0x04, 'a', 0x01, 0x08, 0x04, 'b', 0x61, 0x01, 0x01, 0x0C, 0x04, 'c'};
        byte[] end = java.util.Arrays.copyOfRange(v4, v4.length - tail.length, v4.length);
        assertArrayEquals(tail, end, hex(v4));
        Segment back = q.deserialize(v4, Segment.class);
        assertEquals("b", back.to.label);
        assertEquals(3, ((Point) back.via).x);

        // version 3 wrote def-ref 1 before to's body as well, and LEB128 values; it is still read
        ByteArrayOutputStream v3 = new ByteArrayOutputStream();
        v3.write(0xAD);
        v3.write(v4, 1, v4.length - 1 - tail.length);
        v3.writeBytes(new byte[] {0x01, 0x02, 0x04, 'a', 0x01, 0x01, 0x04, 0x04, 'b', 0x61, 0x01, 0x01, 0x06, 0x04, 'c'});
        back = q.deserialize(v3.toByteArray(), Segment.class);
        assertEquals("b", back.to.label);
        assertEquals("c", ((Point) back.via).label);

        // in version 4 the reader expects no reference there: the stray byte is read as to's bitmap
        byte[] extra = v3.toByteArray();
        extra[0] = (byte) 0xA1;
        assertThrows(PeregrineException.class, () -> q.deserialize(extra, Segment.class));

        // where Point's def is due (from: def-ref 1, package-ref 0, then the def, 28 00 3F...), a
        // reference to a def already carried (0, Segment's) is malformed
        int def = indexOf(v4, new byte[] {0x28, 0x00, 0x3F});
        assertEquals(0x01, v4[def - 2]);
        byte[] stale = v4.clone();
        stale[def - 2] = 0x00;
        MalformedInputException e = assertThrows(MalformedInputException.class,
                () -> q.deserialize(stale, Segment.class));
        assertTrue(e.getMessage().contains("where the new definition of " + Point.class.getName()), e.getMessage());
    }

    /**
     * A {@code Codec}'s payload of a root that holds another class untagged preloads both defs: the
     * count of defs (2), Segment's def with its package named, Point's def in the same package, and
     * the root's def reference 0; the body then carries no def reference in untagged positions, and
     * a tagged one refers to Point's def 1. Here (long nested class names) the writer compresses
     * them, version 8: header A5, 00 08, the token over the defs with their names as strings, their
     * length, the compressed length, the raw DEFLATE run and the root's def reference. Version 7
     * (the same with the defs uncompressed, names packed, behind 00 07), a reader whose lead
     * differs (references on), and versions 5 and 6 are read.
     */
    @Test
    void aCodecPreloadsTheDefsOfTheClassesItsRootHoldsUntagged() {
        Peregrine q = Peregrine.builder().compatible(true).register(Segment.class, Point.class).build();
        Segment s = Segment.abc();
        byte[] v8 = q.codec(Segment.class).encode(s);
        byte[] v4 = q.serialize(s);
        // serialized: A0, Segment's tag (96), def-ref 0, package-ref 0, the package and Segment's def, its
        // bitmap 07, from: def-ref 1, package-ref 0, Point's def (28 00 3F..., 41 bytes), ...
        int pointAt = indexOf(v4, new byte[] {0x28, 0x00, 0x3F});
        byte[] packageAndSegment = java.util.Arrays.copyOfRange(v4, 4, pointAt - 3);
        byte[] pointDef = java.util.Arrays.copyOfRange(v4, pointAt, pointAt + 0x29);
        ByteArrayOutputStream defs = new ByteArrayOutputStream();
        defs.writeBytes(new byte[] {0x02, 0x00});
        defs.writeBytes(packageAndSegment);
        defs.write(0x00);
        defs.writeBytes(pointDef);
        // bitmap 07; from and to: bodies only; via: tag 97, def-ref 1, body
        byte[] body = {0x07, 0x01, 0x04, 0x04, 'a', 0x01, 0x08, 0x04, 'b', 0x61, 0x01, 0x01, 0x0C, 0x04, 'c'};
        byte[] lebBody = {0x07, 0x01, 0x02, 0x04, 'a', 0x01, 0x04, 0x04, 'b', 0x61, 0x01, 0x01, 0x06, 0x04, 'c'};
        ByteArrayOutputStream want = new ByteArrayOutputStream();
        want.write(0xA5);
        // the token, the defs' length (two bytes), the defs and the root's def-ref 0
        want.writeBytes(PreloadBytes.tokenThen(defs.toByteArray()));
        want.writeBytes(body);
        byte[] v7 = want.toByteArray();
        assertEquals(v4.length - 1 + 12, v7.length);
        assertEquals("b", q.codec(Segment.class).decode(v7).to.label);

        // the same defs with every name as a string (varint 0, then the string)
        String segment = "CompatibleGoldenBytesTest$Segment";
        String point = ".CompatibleGoldenBytesTest$Point";
        ByteArrayOutputStream segmentDef = new ByteArrayOutputStream();
        segmentDef.writeBytes(new byte[] {0x00, 0x00});
        string(segmentDef, segment);
        segmentDef.writeBytes(new byte[] {0x03, 0x18, 0x00});
        string(segmentDef, "from");
        string(segmentDef, point);
        segmentDef.writeBytes(new byte[] {0x18, 0x00});
        string(segmentDef, "to");
        string(segmentDef, point);
        segmentDef.writeBytes(new byte[] {0x08, 0x00});
        string(segmentDef, "via");
        string(segmentDef, "?");
        ByteArrayOutputStream pointDefPlain = new ByteArrayOutputStream();
        pointDefPlain.writeBytes(new byte[] {0x00, 0x00});
        string(pointDefPlain, point.substring(1));
        pointDefPlain.writeBytes(new byte[] {0x02, 0x06, 0x00});
        string(pointDefPlain, "x");
        pointDefPlain.writeBytes(new byte[] {0x18, 0x00});
        string(pointDefPlain, "label");
        string(pointDefPlain, "#12");
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        plain.writeBytes(new byte[] {0x02, 0x00});
        string(plain, "dev.peregrine");
        plain.write(segmentDef.size());
        plain.writeBytes(segmentDef.toByteArray());
        plain.write(0x00);
        plain.write(pointDefPlain.size());
        plain.writeBytes(pointDefPlain.toByteArray());

        assertEquals(0xA5, v8[0] & 0xFF);
        PreloadBytes.Deflated lead = PreloadBytes.deflated(v8);
        assertArrayEquals(plain.toByteArray(), lead.plain(), hex(lead.plain()));
        assertTrue(lead.tokenMatches());
        byte[] after = java.util.Arrays.copyOfRange(v8, lead.end(), v8.length);
        byte[] defRefThenBody = new byte[body.length + 1];
        System.arraycopy(body, 0, defRefThenBody, 1, body.length);
        assertArrayEquals(defRefThenBody, after, hex(after));
        assertTrue(v8.length < v7.length, v8.length + " bytes compressed, " + v7.length + " not");

        Segment back = q.codec(Segment.class).decode(v8);
        assertEquals("b", back.to.label);
        assertEquals(3, ((Point) back.via).x);
        Peregrine tracked = Peregrine.builder().compatible(true).referenceTracking(true)
                .register(Segment.class, Point.class).build();
        back = tracked.codec(Segment.class).decode(v8);
        assertEquals("a", back.from.label);
        assertEquals("c", ((Point) back.via).label);
        // another token (a writer whose defs differ) sends the reader the general way, which reads the defs
        byte[] otherToken = v8.clone();
        otherToken[3] ^= 1;
        back = q.codec(Segment.class).decode(otherToken);
        assertEquals("c", ((Point) back.via).label);
        // the reader's own token and length with other compressed bytes (another zlib build's):
        // taken as its own defs, the bytes skipped unread, so even zeros pass; with another token
        // the zeros are inflated and refused
        ByteArrayOutputStream recompressed = new ByteArrayOutputStream();
        recompressed.writeBytes(java.util.Arrays.copyOf(v8, 11));
        PreloadBytes.writeLeb(recompressed, lead.length());
        PreloadBytes.writeLeb(recompressed, 40);
        recompressed.writeBytes(new byte[40]);
        recompressed.writeBytes(after);
        byte[] zeros = recompressed.toByteArray();
        assertEquals(2, q.codec(Segment.class).decode(zeros).to.x);
        byte[] zerosOtherToken = zeros.clone();
        zerosOtherToken[3] ^= 1;
        assertThrows(MalformedInputException.class, () -> q.codec(Segment.class).decode(zerosOtherToken));

        // version 6: 00 06 and the LEB128 body
        ByteArrayOutputStream old = new ByteArrayOutputStream();
        old.write(0xA5);
        old.writeBytes(PreloadBytes.tokenThen(defs.toByteArray(), 6));
        old.writeBytes(lebBody);
        back = q.codec(Segment.class).decode(old.toByteArray());
        assertEquals(2, back.to.x);
        assertEquals(3, ((Point) back.via).x);

        // version 5: the header, the defs and the root's def-ref with no 00 06, token or length
        ByteArrayOutputStream v5 = new ByteArrayOutputStream();
        v5.write(0xA5);
        v5.writeBytes(defs.toByteArray());
        v5.write(0x00);
        v5.writeBytes(lebBody);
        back = q.codec(Segment.class).decode(v5.toByteArray());
        assertEquals("b", back.to.label);
        assertEquals(3, ((Point) back.via).x);

        // a preload that names more defs than it holds is malformed, never read past
        byte[] bad = v7.clone();
        bad[13] = 0x05;
        assertEquals(0x02, v7[13]);
        assertThrows(MalformedInputException.class, () -> tracked.codec(Segment.class).decode(bad));
        byte[] badV5 = v5.toByteArray();
        badV5[1] = 0x05;
        assertThrows(MalformedInputException.class, () -> q.codec(Segment.class).decode(badV5));
    }

    static final class Path {
        List<Point> points;
    }

    /**
     * A run of untagged elements carries its class's def once, right before its first present
     * element (after the run's header and presence bitmap), and every later element its body
     * alone; with references tracked each new element's reference marker comes first, so there
     * the def follows the first one's marker. Runs of eight or more elements write the def once
     * for the whole run (a shorter one asks at each element): the bytes must be the same.
     */
    @Test
    void aRunCarriesItsDefBeforeItsFirstPresentElementOnly() {
        Peregrine q = Peregrine.builder().compatible(true).register(Point[].class, Point.class, Path.class).build();
        Point[] run = new Point[10];
        ByteArrayOutputStream bodies = new ByteArrayOutputStream();
        for (int i = 0; i < run.length; i++) {
            if (i != 0 && i != 2) {
                run[i] = new Point(i, "a");
                bodies.writeBytes(new byte[] {0x01, (byte) (4 * i), 0x04, 'a'});
            }
        }
        byte[] array = q.codec(Point[].class).encode(run);
        // header A0; 10 elements, flags HAS_NULL | SAME_TYPE | DECLARED (10 << 3 | 7 = 57); bitmap
        // FA 03 (all but 0 and 2); def-ref 0 (new), package-ref 0 (new), Point's def, the bodies
        assertArrayEquals(new byte[] {(byte) 0xA0, 0x57, (byte) 0xFA, 0x03, 0x00, 0x00},
                java.util.Arrays.copyOf(array, 6), hex(array));
        byte[] tail = bodies.toByteArray();
        assertArrayEquals(tail, java.util.Arrays.copyOfRange(array, array.length - tail.length, array.length),
                hex(array));
        // Point's def with its package name (a string of 13 chars, 14 bytes), between the two
        byte[] packageAndDef = java.util.Arrays.copyOfRange(array, 6, array.length - tail.length);
        byte[] def = java.util.Arrays.copyOfRange(packageAndDef, 14, packageAndDef.length);
        assertEquals(def.length - 1, def[0], hex(array));
        Point[] back = q.codec(Point[].class).decode(array);
        assertEquals(null, back[2]);
        assertEquals(9, back[9].x);

        // a list field the same way, written in one pass: 8 elements (8 << 3 | 6 = 46), no bitmap,
        // def-ref 1 (new), package-ref 0 (named by Path's def), Point's def, the bodies
        Path path = new Path();
        path.points = new ArrayList<>();
        ByteArrayOutputStream want = new ByteArrayOutputStream();
        want.writeBytes(new byte[] {0x46, 0x01, 0x00});
        want.writeBytes(def);
        for (int i = 0; i < 8; i++) {
            path.points.add(new Point(i, "b"));
            want.writeBytes(new byte[] {0x01, (byte) (4 * i), 0x04, 'b'});
        }
        byte[] list = q.serialize(path);
        byte[] listTail = want.toByteArray();
        assertArrayEquals(listTail, java.util.Arrays.copyOfRange(list, list.length - listTail.length, list.length),
                hex(list));
        assertEquals(7, q.deserialize(list, Path.class).points.get(7).x);

        // with references: marker 0 (new) before each element; the first one's def after its marker
        Peregrine r = Peregrine.builder().compatible(true).referenceTracking(true)
                .register(Point[].class, Point.class).build();
        Point shared = new Point(5, "s");
        Point[] tracked = new Point[8];
        java.util.Arrays.fill(tracked, shared);
        tracked[7] = new Point(6, "t");
        byte[] bytes = r.codec(Point[].class).encode(tracked);
        // header A2; 8 elements (8 << 3 | 6 = 46); marker 0, def-ref 0, package-ref 0, ...
        assertArrayEquals(new byte[] {(byte) 0xA2, 0x46, 0x00, 0x00, 0x00}, java.util.Arrays.copyOf(bytes, 5),
                hex(bytes));
        Point[] again = r.codec(Point[].class).decode(bytes);
        assertTrue(again[0] == again[6]);
        assertEquals("t", again[7].label);
    }

    private static int indexOf(byte[] in, byte[] part) {
        for (int i = 0; i + part.length <= in.length; i++) {
            if (java.util.Arrays.equals(in, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found: " + hex(part));
    }

    @Test
    void stillReadsVersion2() {
        // header A9 (version 2, compatible); def-ref 0 (new); def: its length, kind 0, the full class
        // name as a string, 2 fields: x (no tag, kind 6 int), label (no tag, kind 8 reference, hint
        // "#12", exact); then the body
        String name = Point.class.getName();
        ByteArrayOutputStream v2 = new ByteArrayOutputStream();
        int nameHeader = name.length() << 2;
        int defLength = 1 + 2 + name.length() + 1 + (1 + 2 + 1) + (1 + 6 + 1 + 4 + 1);
        v2.writeBytes(new byte[] {(byte) 0xA9, 0x00, (byte) defLength, 0x00,
            (byte) (nameHeader & 0x7F | 0x80), (byte) (nameHeader >>> 7)});
        v2.writeBytes(name.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        v2.writeBytes(new byte[] {0x02, 0x00, 0x04, 'x', 0x06, 0x00, 0x14, 'l', 'a', 'b', 'e', 'l', 0x08,
            0x0C, '#', '1', '2', 0x01, 0x01, 0x02, 0x04, 'a'});
        Point back = p.codec(Point.class).decode(v2.toByteArray());
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
        assertArrayEquals(new byte[] {0x07, (byte) 0xA0, 0x60, 0x00, 0x01, 0x08, 0x04, 'b'}, second, hex(second));
        try (StreamReader r = p.newStreamReader(new ByteArrayInputStream(bytes))) {
            assertEquals("a", r.read(Point.class).label);
            assertEquals(2, r.read(Point.class).x);
        }
    }

    @Test
    void namesOutsideTheSixBitAlphabetTravelAsStrings() {
        Peregrine q = Peregrine.builder().compatible(true).register(Accent.class, Note.class).build();
        Accent a = new Accent();
        a.caf\u00e9 = 7;
        a.note = Note.R\u00c9;
        // serialize writes the defs where their objects first sit, uncompressed
        byte[] general = q.serialize(a);
        String text = new String(general, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(text.contains("caf\u00e9"), hex(general));
        assertTrue(text.contains("R\u00c9"), hex(general));
        assertEquals(7, q.deserialize(general, Accent.class).caf\u00e9);
        // a Codec preloads them, here compressed (the names are long enough to repeat)
        byte[] bytes = q.codec(Accent.class).encode(a);
        String inflated = new String(PreloadBytes.deflated(bytes).plain(), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(inflated.contains("caf\u00e9"), inflated);
        assertTrue(inflated.contains("R\u00c9"), inflated);
        Accent back = Peregrine.builder().compatible(true).register(Accent.class, Note.class).build()
                .codec(Accent.class).decode(bytes);
        assertEquals(7, back.caf\u00e9);
        assertEquals(Note.R\u00c9, back.note);
    }
}
