package dev.peregrine.evolution;

import dev.peregrine.Peregrine;
import dev.peregrine.SchemaMismatchException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compatible format: a collection or map field whose type changed is copied into the reader's
 * declared type. A value already of that type is not copied; with references tracked, one
 * container referred to from several places, or from inside itself, becomes one copy holding all
 * its elements; {@code EnumSet} and {@code EnumMap} are made over the declared enum; and a value the
 * declared type cannot hold is a mismatch naming the field.
 */
class ContainerConversionTest {
    private static final Version V1 = Version.compile("containers-v1", """
            public enum Colour { RED, GREEN }
            """, """
            public class Node {
                String name;
                List<Node> siblings;
                ArrayList<Node> cousins;
            }
            """, """
            public class Palette {
                Set<Colour> used;
                Map<Colour, Integer> counts;
                List<Integer> queue;
            }
            """, """
            public class Pair {
                List<String> left;
                List<String> right;
                List<String> same;
            }
            """, """
            public enum Shade { LIGHT, DARK, DIM }
            """, """
            public class Swatch {
                HashSet<Shade> shades;
                Set<Shade> picked;
            }
            """);
    private static final Version V2 = Version.compile("containers-v2", """
            public enum Colour { RED, GREEN }
            """, """
            public class Node {
                String name;
                ArrayList<Node> siblings;
                LinkedList<Node> cousins;
            }
            """, """
            public class Palette {
                EnumSet<Colour> used;
                EnumMap<Colour, Integer> counts;
                ArrayDeque<Integer> queue;
            }
            """, """
            public class Pair {
                LinkedList<String> left;
                LinkedHashSet<String> right;
                List<String> same;
            }
            """, """
            public enum Shade { LIGHT }
            """, """
            public class Swatch {
                HashSet<Shade> shades;
                EnumSet<Shade> picked;
            }
            """);

    private static Object colour(Version v, String name) {
        return v.constant("Colour", name);
    }

    @Test
    void aSharedListInACycleStaysOneListWithEveryElement() {
        Object root = V1.create("Node", "name", "root", "siblings", new ArrayList<>(), "cousins", new ArrayList<>());
        for (String n : List.of("a", "b", "c")) {
            Object kid = V1.create("Node", "name", n, "siblings", Version.get(root, "siblings"),
                    "cousins", Version.get(root, "cousins"));
            list(root, "siblings").add(kid);
            list(root, "cousins").add(kid);
        }
        Peregrine writer = V1.builder(true).referenceTracking(true).build();
        Peregrine reader = V2.builder(true).referenceTracking(true).build();
        Object back = reader.deserialize(writer.serialize(root), V2.type("Node"));
        Collection<Object> siblings = list(back, "siblings");
        Collection<Object> cousins = list(back, "cousins");
        assertInstanceOf(LinkedList.class, cousins);
        assertEquals(3, siblings.size());
        for (Object kid : siblings) {
            assertAll(
                    () -> assertSame(siblings, list(kid, "siblings"), "an ArrayList needs no copy"),
                    () -> assertSame(cousins, list(kid, "cousins"), "one copy for one list"),
                    () -> assertEquals(3, list(kid, "cousins").size(), "copied while still being read"));
        }
    }

    @Test
    void oneListInTwoFieldsOfDifferentNewTypesGetsACopyOfEachType() {
        List<String> shared = new ArrayList<>(List.of("x", "y"));
        Object pair = V1.create("Pair", "left", shared, "right", shared, "same", shared);
        Object back = V2.builder(true).referenceTracking(true).build().deserialize(
                V1.builder(true).referenceTracking(true).build().serialize(pair), V2.type("Pair"));
        assertInstanceOf(LinkedList.class, Version.get(back, "left"));
        assertEquals(List.of("x", "y"), new ArrayList<>(list(back, "left")));
        assertInstanceOf(java.util.LinkedHashSet.class, Version.get(back, "right"));
        assertEquals(List.of("x", "y"), new ArrayList<>(list(back, "right")));
        assertInstanceOf(ArrayList.class, Version.get(back, "same"), "a field whose type did not change");
        assertEquals(List.of("x", "y"), list(back, "same"));
    }

    @Test
    void constantsTheReaderLacksReadAsNullInASetAndAreDroppedFromAnEnumSet() {
        Object all = new HashSet<>(List.of(V1.constant("Shade", "LIGHT"), V1.constant("Shade", "DARK"),
                V1.constant("Shade", "DIM")));
        for (boolean tracking : new boolean[] {false, true}) {
            Object swatch = V1.create("Swatch", "shades", all, "picked", new HashSet<>((Collection<?>) all));
            Object back = V2.builder(true).referenceTracking(tracking).build().deserialize(
                    V1.builder(true).referenceTracking(tracking).build().serialize(swatch), V2.type("Swatch"));
            assertEquals(new HashSet<>(Arrays.asList(V2.constant("Shade", "LIGHT"), null)),
                    Version.get(back, "shades"));
            assertEquals(java.util.EnumSet.of((Enum) V2.constant("Shade", "LIGHT")), Version.get(back, "picked"));
        }
    }

    @Test
    void setsAndMapsOfAnEnumConvertIntoEnumSetAndEnumMap() {
        Object palette = V1.create("Palette", "used", new HashSet<>(List.of(colour(V1, "GREEN"))),
                "counts", new HashMap<>(Map.of(colour(V1, "RED"), 3)), "queue", new ArrayList<>(List.of(1, 2)));
        for (boolean tracking : new boolean[] {false, true}) {
            Object back = V2.builder(true).referenceTracking(tracking).build().deserialize(
                    V1.builder(true).referenceTracking(tracking).build().serialize(palette), V2.type("Palette"));
            assertInstanceOf(java.util.EnumSet.class, Version.get(back, "used"));
            assertEquals(Version.snapshot(Version.get(palette, "used")), Version.snapshot(Version.get(back, "used")));
            assertInstanceOf(EnumMap.class, Version.get(back, "counts"));
            assertEquals(Version.snapshot(Version.get(palette, "counts")), Version.snapshot(Version.get(back, "counts")));
            assertEquals(List.of(1, 2), new ArrayList<>(list(back, "queue")));
        }
    }

    @Test
    void aValueTheDeclaredContainerCannotHoldIsAMismatchNamingTheField() {
        Object palette = V1.create("Palette", "queue", new ArrayList<>(Arrays.asList(1, null)));
        byte[] bytes = V1.write(palette);
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> V2.read(bytes, "Palette"));
        assertTrue(e.getMessage().contains("Palette.queue") && e.getMessage().contains("ArrayDeque"), e.getMessage());
    }

    @SuppressWarnings("unchecked")
    private static Collection<Object> list(Object node, String field) {
        return (Collection<Object>) Version.get(node, field);
    }
}
