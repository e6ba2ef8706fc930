package dev.peregrine.evolution;

import dev.peregrine.StreamReader;
import dev.peregrine.StreamWriter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Compatible format 4: objects in untagged positions (fields of a final class, elements of a list of
 * one) refer to their class's definition only the first time. A class changed between the versions
 * (Part) is translated at every such position, the first (which brings the writer's definition) and
 * the later ones (which bring nothing), also after a tagged position (anyPart, laid out first) has
 * brought it; a class the reader no longer has (Gone, final, registered last) is dropped at each of
 * its positions, fields and the elements of a list of it, the later ones by the definition the
 * first brought.
 */
class UntaggedPositionTest {
    private static final Version V1 = Version.compile("untagged-v1", """
            public final class Box {
                Object anyPart;
                Part first;
                Gone gone;
                Part second;
                List<Part> parts;
                Gone again;
                List<Gone> gones;
                String label;
            }
            """, """
            public final class Part {
                int n;
                String note;
            }
            """, """
            public final class Gone {
                String what;
                long size;
            }
            """);
    private static final Version V2 = Version.compile("untagged-v2", """
            public final class Box {
                Object anyPart;
                Part first;
                Part second;
                List<Part> parts;
                String label;
            }
            """, """
            public final class Part {
                int n;
                int extra = 7;
            }
            """);

    /** A Box; with {@code singles} its Gone fields (laid out before the list of Gone) are set. */
    private static Object v1Box(boolean singles) {
        List<Object> parts = new ArrayList<>();
        List<Object> gones = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            parts.add(V1.create("Part", "n", 10 + i, "note", "p" + i));
            gones.add(V1.create("Gone", "what", "g" + i, "size", (long) i));
        }
        return V1.create("Box", "anyPart", V1.create("Part", "n", 0, "note", "z"),
                "first", V1.create("Part", "n", 1, "note", "a"),
                "gone", singles ? V1.create("Gone", "what", "old", "size", 5L) : null,
                "second", V1.create("Part", "n", 2, "note", "b"), "parts", parts,
                "again", singles ? V1.create("Gone", "what", "older", "size", 6L) : null,
                "gones", gones, "label", "box");
    }

    private static void assertV2Box(Object box) {
        assertEquals(V2.type("Box"), box.getClass());
        List<?> parts = (List<?>) get(box, "parts");
        assertAll(
                () -> assertEquals(0, get(get(box, "anyPart"), "n")),
                () -> assertEquals(1, get(get(box, "first"), "n")),
                () -> assertEquals(7, get(get(box, "first"), "extra")),
                () -> assertEquals(2, get(get(box, "second"), "n")),
                () -> assertEquals(3, parts.size()),
                () -> assertEquals(12, get(parts.get(2), "n")),
                () -> assertEquals(7, get(parts.get(2), "extra")),
                () -> assertEquals("box", get(box, "label")));
    }

    @Test
    void oldToNewTranslatesAndDropsAtEveryPosition() {
        assertV2Box(transfer(V1, V2, v1Box(true)));
    }

    @Test
    void aListOfAClassTheReaderLacksBringsItsDefinitionWithItsFirstElement() {
        assertV2Box(transfer(V1, V2, v1Box(false)));
    }

    @Test
    void newToOldTranslatesAtEveryPosition() {
        List<Object> parts = new ArrayList<>(List.of(V2.create("Part", "n", 20, "extra", 1),
                V2.create("Part", "n", 21, "extra", 1)));
        Object box = V2.create("Box", "first", V2.create("Part", "n", 3, "extra", 1),
                "second", V2.create("Part", "n", 4, "extra", 1), "parts", parts, "label", "new");
        Object read = transfer(V2, V1, box);
        List<?> back = (List<?>) get(read, "parts");
        assertAll(
                () -> assertEquals(3, get(get(read, "first"), "n")),
                () -> assertNull(get(get(read, "first"), "note")),
                () -> assertEquals(4, get(get(read, "second"), "n")),
                () -> assertEquals(21, get(back.get(1), "n")),
                () -> assertNull(get(read, "gone")),
                () -> assertEquals("new", get(read, "label")));
    }

    @Test
    void aStreamOfOldValuesIsReadByTheNewVersion() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (StreamWriter w = V1.peregrine(true).newStreamWriter(out)) {
            w.write(v1Box(false));
            w.write(v1Box(true));
        }
        try (StreamReader r = V2.peregrine(true).newStreamReader(new ByteArrayInputStream(out.toByteArray()))) {
            assertV2Box(r.read(Object.class));
            assertV2Box(r.read(Object.class));
        }
    }
}
