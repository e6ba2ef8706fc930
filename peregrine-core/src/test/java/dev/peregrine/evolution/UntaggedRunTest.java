package dev.peregrine.evolution;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Long lists and arrays of one final class are read as runs: in compatible format 4 the class's
 * definition comes before the first present element only, so a run reads it once, then every
 * element with the codec it calls for: the same-schema codec's own loop when the writer had this
 * version of the class, a translator per element when it had another, and a drop when the reader
 * no longer has the class (a list of it; an array of it cannot be skipped). Nulls anywhere, and
 * runs with no element present (which bring no definition), must leave the next position's
 * definition where it is.
 */
class UntaggedRunTest {
    private static final Version V1 = Version.compile("untagged-run-v1", """
            public final class Box {
                List<Part> empties;
                List<Part> parts;
                Part[] array;
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
    private static final Version V2 = Version.compile("untagged-run-v2", """
            public final class Box {
                List<Part> empties;
                List<Part> parts;
                Part[] array;
                String label;
            }
            """, """
            public final class Part {
                int n;
                int extra = 7;
            }
            """);

    /** Element {@code i} of a run of {@code n}, null at every third position. */
    private static Object part(Version v, int base, int i) {
        if (i % 3 == 1) {
            return null;
        }
        return v == V1 ? V1.create("Part", "n", base + i, "note", "p" + i)
                : V2.create("Part", "n", base + i, "extra", 1);
    }

    private static Object box(Version v, int n) {
        List<Object> empties = new ArrayList<>();
        List<Object> parts = new ArrayList<>();
        Object array = Array.newInstance(v.type("Part"), n + 1);
        for (int i = 0; i < n; i++) {
            empties.add(null);
            parts.add(part(v, 100, i));
            Array.set(array, i, part(v, 200, i));
        }
        if (v == V2) {
            return V2.create("Box", "empties", empties, "parts", parts, "array", array, "label", "v2");
        }
        List<Object> gones = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            gones.add(i % 2 == 0 ? null : V1.create("Gone", "what", "g" + i, "size", (long) i));
        }
        return V1.create("Box", "empties", empties, "parts", parts, "array", array, "gones", gones, "label", "v1");
    }

    /** Checks the runs of Part read back, {@code n} elements each (the array one more, a null). */
    private static void assertParts(Object box, int n, Version writer, Version reader) {
        List<?> empties = (List<?>) get(box, "empties");
        List<?> parts = (List<?>) get(box, "parts");
        Object array = get(box, "array");
        assertEquals(n, empties.size());
        assertEquals(n, parts.size());
        assertEquals(n + 1, Array.getLength(array));
        assertNull(Array.get(array, n));
        for (int i = 0; i < n; i++) {
            assertNull(empties.get(i));
            Object p = parts.get(i);
            Object a = Array.get(array, i);
            if (i % 3 == 1) {
                assertNull(p, "parts " + i);
                assertNull(a, "array " + i);
                continue;
            }
            assertEquals(100 + i, get(p, "n"));
            assertEquals(200 + i, get(a, "n"));
            if (writer == reader) {
                assertEquals("p" + i, get(a, "note"));
            } else if (reader == V2) {
                assertEquals(7, get(p, "extra"));
                assertEquals(7, get(a, "extra"));
            } else {
                assertNull(get(p, "note"));
                assertNull(get(a, "note"));
            }
        }
    }

    @Test
    void sameVersionRunsUseTheSameSchemaLoop() {
        for (int n : new int[] {8, 9, 40}) {
            Object box = transfer(V1, V1, box(V1, n));
            assertParts(box, n, V1, V1);
            List<?> gones = (List<?>) get(box, "gones");
            assertNull(gones.get(0));
            assertEquals("g1", get(gones.get(1), "what"));
            assertEquals("v1", get(box, "label"));
        }
    }

    @Test
    void oldToNewTranslatesEachElementAndDropsRunsOfAClassTheReaderLacks() {
        for (int n : new int[] {8, 13}) {
            Object box = transfer(V1, V2, box(V1, n));
            assertParts(box, n, V1, V2);
            assertEquals("v1", get(box, "label"));
        }
    }

    @Test
    void newToOldTranslatesEachElement() {
        Object box = transfer(V2, V1, box(V2, 11));
        assertParts(box, 11, V2, V1);
        assertNull(get(box, "gones"));
        assertEquals("v2", get(box, "label"));
    }
}
