package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code Codec} in the compatible format writes its payload's header and root def as one run and
 * recognises them with one comparison (Session.lead). These check that this path and the general
 * one agree: the same bytes from every encode, the root's def and package carried once, and
 * payloads whose header the run does not match still read. (CompatibleGoldenBytesTest pins the
 * bytes; the evolution tests read other versions of a root.)
 */
class CodecLeadTest {
    static final class Link {
        int id;
        String name;
        Link next;

        Link() {
        }

        Link(int id, String name, Link next) {
            this.id = id;
            this.name = name;
            this.next = next;
        }
    }

    private static Link chain(int length) {
        Link head = null;
        for (int i = length; i > 0; i--) {
            head = new Link(i, "link" + i, head);
        }
        return head;
    }

    private static int occurrences(byte[] payload, String text) {
        byte[] needle = text.getBytes(StandardCharsets.ISO_8859_1);
        int count = 0;
        for (int i = 0; i + needle.length <= payload.length; i++) {
            if (Arrays.equals(payload, i, i + needle.length, needle, 0, needle.length)) {
                count++;
            }
        }
        return count;
    }

    private static void assertChain(Link back, int length) {
        for (int i = 1; i <= length; i++) {
            assertNotNull(back, "link " + i);
            assertEquals(i, back.id);
            assertEquals("link" + i, back.name);
            back = back.next;
        }
        assertNull(back);
    }

    @Test
    void theRootsDefAndPackageTravelOnceAndItsOwnFieldsReadThem() {
        Peregrine p = Peregrine.builder().compatible(true).register(Link.class).build();
        Codec<Link> codec = p.codec(Link.class);
        byte[] payload = codec.encode(chain(6));
        assertEquals(1, occurrences(payload, "dev.peregrine"));
        for (int i = 0; i < 3; i++) {
            assertChain(codec.decode(payload), 6);
        }
    }

    @Test
    void everyEncodeWritesTheSameBytes() {
        Peregrine p = Peregrine.builder().compatible(true).register(Link.class).build();
        Codec<Link> codec = p.codec(Link.class);
        Link shallow = chain(1);
        Link deep = chain(8);
        byte[] first = codec.encode(shallow);
        byte[] deepFirst = codec.encode(deep);
        // the second deep encode takes the kept writer (Codec.encodeNesting)
        assertArrayEquals(deepFirst, codec.encode(deep));
        assertArrayEquals(first, codec.encode(shallow));
        byte[] dst = new byte[deepFirst.length + 3];
        assertEquals(deepFirst.length, codec.encode(deep, dst, 3));
        assertArrayEquals(deepFirst, Arrays.copyOfRange(dst, 3, dst.length));
        assertChain(codec.decode(dst, 3, deepFirst.length), 8);
    }

    static final class Label {
        int id;
        String text;

        Label() {
        }

        Label(int id, String text) {
            this.id = id;
            this.text = text;
        }
    }

    static final class Tagged {
        Label label;
        String note;

        Tagged() {
        }

        Tagged(Label label, String note) {
            this.label = label;
            this.note = note;
        }
    }

    /** What the bounded path writes, which copies the lead into the caller's array every time. */
    private static <T> byte[] intoArray(Codec<T> codec, T value) {
        byte[] dst = new byte[1 << 16];
        return Arrays.copyOf(dst, codec.encode(value, dst, 0));
    }

    @Test
    void aKeptArrayHoldsTheLeadThroughGrowthAndReuse() {
        // Codec.encode writes past the lead in an array it kept (SpareArrays.writer(byte[])): the
        // first payload gets a new array, a long one grows it, and each later one reuses it.
        String longText = "x".repeat(5000);
        Peregrine p = Peregrine.builder().compatible(true).register(Label.class).register(Tagged.class).build();
        Codec<Label> labels = p.codec(Label.class);
        Codec<Tagged> tagged = p.codec(Tagged.class);
        Label[] labelValues = {new Label(1, "a"), new Label(2, longText), new Label(3, "b"), new Label(4, "c")};
        for (Label value : labelValues) {
            byte[] payload = labels.encode(value);
            assertArrayEquals(intoArray(labels, value), payload);
            Label back = labels.decode(payload);
            assertEquals(value.id, back.id);
            assertEquals(value.text, back.text);
        }
        // Deep values go through the kept writer of Codec.encodeNesting, which keeps its lead too.
        Codec<Link> links = Peregrine.builder().compatible(true).register(Link.class).build().codec(Link.class);
        Link grown = chain(6);
        grown.next.name = longText;
        for (Link value : new Link[] {chain(6), chain(6), grown, chain(7), chain(5)}) {
            byte[] payload = links.encode(value);
            assertArrayEquals(intoArray(links, value), payload);
            assertEquals(value.next.name, links.decode(payload).next.name);
        }
        Tagged[] taggedValues = {new Tagged(new Label(1, "a"), "n"), new Tagged(new Label(2, "b"), longText),
            new Tagged(new Label(3, longText), "m"), new Tagged(new Label(4, "d"), "o")};
        for (Tagged value : taggedValues) {
            byte[] payload = tagged.encode(value);
            assertArrayEquals(intoArray(tagged, value), payload);
            Tagged back = tagged.decode(payload);
            assertEquals(value.label.text, back.label.text);
            assertEquals(value.note, back.note);
        }
    }

    static final class Holder {
        Object any;
    }

    /** Holds a Label untagged, so its preload holds Label's def, and one tagged, which takes a def table. */
    static final class Pair {
        Label label;
        Object any;

        Pair() {
        }

        Pair(Label label, Object any) {
            this.label = label;
            this.any = any;
        }
    }

    @Test
    void codecsOfRootsWithOtherPreloadsShareNoRecordedDefs() {
        // Both codecs' writes take their def tables from one spare of the Peregrine's, which a
        // table may leave holding its last preload (DefTable.reset): Pair's tagged field takes a
        // table part way, which records Pair's preload, Label's def among it, which a Holder
        // payload has not carried when its tagged field holds a Label.
        Peregrine p = Peregrine.builder().compatible(true).register(Label.class, Pair.class, Holder.class).build();
        Codec<Pair> pairs = p.codec(Pair.class);
        Codec<Holder> holders = p.codec(Holder.class);
        Holder holder = new Holder();
        holder.any = new Label(7, "held");
        Pair value = new Pair(new Label(1, "a"), new Label(2, "b"));
        for (int i = 0; i < 3; i++) {
            byte[] t = pairs.encode(value);
            byte[] h = holders.encode(holder);
            Peregrine fresh = Peregrine.builder().compatible(true).register(Label.class, Pair.class, Holder.class)
                    .build();
            assertArrayEquals(fresh.codec(Pair.class).encode(value), t);
            assertArrayEquals(fresh.codec(Holder.class).encode(holder), h);
            assertEquals("held", ((Label) holders.decode(h).any).text);
            Pair back = pairs.decode(t);
            assertEquals("a", back.label.text);
            assertEquals("b", ((Label) back.any).text);
        }
    }

    @Test
    void payloadsWithAnotherHeaderTakeTheGeneralPath() {
        Peregrine plain = Peregrine.builder().compatible(true).register(Link.class).build();
        Peregrine tracked = Peregrine.builder().compatible(true).referenceTracking(true).register(Link.class).build();
        byte[] fromPlain = plain.codec(Link.class).encode(chain(3));
        byte[] fromTracked = tracked.codec(Link.class).encode(chain(3));
        Codec<Link> plainCodec = plain.codec(Link.class);
        Codec<Link> trackedCodec = tracked.codec(Link.class);
        for (int i = 0; i < 2; i++) {
            assertChain(plainCodec.decode(fromTracked), 3);
            assertChain(plainCodec.decode(fromPlain), 3);
            assertChain(trackedCodec.decode(fromPlain), 3);
            assertChain(trackedCodec.decode(fromTracked), 3);
        }
    }

    @Test
    void aSelfContainedRootReadsLeadAndGeneralPayloadsInAnyOrder() {
        // A Label payload after its lead consults no def table, so its decode leaves the table as
        // the last general payload (one with references tracked, another header) left it; each
        // general payload empties it before reading its own defs (Session.startBody).
        Codec<Label> labels = Peregrine.builder().compatible(true).register(Label.class).build().codec(Label.class);
        Codec<Label> tracked = Peregrine.builder().compatible(true).referenceTracking(true).register(Label.class)
                .build().codec(Label.class);
        byte[] lead = labels.encode(new Label(1, "lead"));
        byte[] general = tracked.encode(new Label(2, "general"));
        byte[] other = tracked.encode(new Label(3, "other"));
        for (byte[] payload : new byte[][] {general, lead, other, lead, lead, general, other, lead}) {
            Label back = labels.decode(payload);
            Label want = tracked.decode(payload);
            assertEquals(want.id, back.id);
            assertEquals(want.text, back.text);
        }
        assertEquals("lead", labels.decode(lead).text);
        assertEquals("other", labels.decode(other).text);
    }

    enum Colour { RED, GREEN }

    static final class Box {
        Object any;

        Box() {
        }

        Box(Object any) {
            this.any = any;
        }
    }

    /** Its preload holds Shelf, Box and Colour; a Label in a box sits tagged, beyond it. */
    static final class Shelf {
        List<Box> boxes;
        EnumSet<Colour> colours;
        Colour colour;
    }

    private static Shelf shelf(EnumSet<Colour> colours, Box... boxes) {
        Shelf s = new Shelf();
        s.boxes = new ArrayList<>(Arrays.asList(boxes));
        s.colours = colours;
        s.colour = Colour.GREEN;
        return s;
    }

    private static void assertShelf(Shelf want, Shelf got) {
        assertEquals(want.colours, got.colours);
        assertEquals(want.colour, got.colour);
        assertEquals(want.boxes.size(), got.boxes.size());
        for (int i = 0; i < want.boxes.size(); i++) {
            Box w = want.boxes.get(i);
            Box g = got.boxes.get(i);
            if (w == null || w.any == null) {
                assertEquals(w == null, g == null, "box " + i);
                assertTrue(w == null || g.any == null, "box " + i);
            } else {
                assertEquals(((Label) w.any).text, ((Label) g.any).text, "box " + i);
            }
        }
    }

    @Test
    void aTableTakenPartWayThroughWritesWhatATableFromTheStartWrites() {
        // Codec.encode writes a root after its lead with no def table until the payload needs a
        // def its preload does not hold (WriteContext.startsWith); encoding into an array takes
        // the kept context's table before the root (both skip the table for preloaded defs, so
        // the decodes by a fresh Peregrine are the check of those; DeferredDefsTest compares
        // with a table's own bytes). The same bytes either way: for a payload that
        // needs none, one whose tagged field holds a Label, one with an EnumSet (whose def is
        // written by the table), and one whose list is rewound, at its null element, after a
        // Label took the table (so the rewind goes back to a mark from before the table).
        Peregrine p = Peregrine.builder().compatible(true)
                .register(Label.class, Box.class, Shelf.class, Colour.class).build();
        Codec<Shelf> codec = p.codec(Shelf.class);
        Shelf[] values = {
            shelf(null, new Box(null)),
            shelf(null, new Box(new Label(1, "a")), new Box(null)),
            shelf(EnumSet.of(Colour.RED)),
            shelf(null, new Box(null), new Box(new Label(2, "b")), null),
            shelf(null, new Box(new Label(3, "c")), null, new Box(new Label(4, "d"))),
        };
        for (int round = 0; round < 3; round++) {
            for (Shelf value : values) {
                byte[] payload = codec.encode(value);
                assertArrayEquals(intoArray(codec, value), payload);
                Peregrine fresh = Peregrine.builder().compatible(true)
                        .register(Label.class, Box.class, Shelf.class, Colour.class).build();
                assertArrayEquals(fresh.codec(Shelf.class).encode(value), payload);
                assertShelf(value, codec.decode(payload));
                assertShelf(value, fresh.codec(Shelf.class).decode(payload));
            }
        }
    }

    @Test
    void aWriteThatFailsAfterTakingATableLeavesLaterWritesWhole() {
        Peregrine p = Peregrine.builder().compatible(true).maxDepth(4)
                .register(Label.class, Box.class, Shelf.class, Colour.class).build();
        Codec<Shelf> codec = p.codec(Shelf.class);
        // Shelf, list, box and its Label are four deep; the second box's box holds its Label five
        // deep, refused after the first box's Label took the table.
        Shelf tooDeep = shelf(null, new Box(new Label(1, "a")), new Box(new Box(new Label(2, "b"))));
        Shelf fine = shelf(null, new Box(new Label(3, "c")));
        byte[] want = codec.encode(fine);
        for (int i = 0; i < 3; i++) {
            assertThrows(LimitExceededException.class, () -> codec.encode(tooDeep));
            assertArrayEquals(want, codec.encode(fine));
            assertShelf(fine, codec.decode(want));
        }
    }
}
