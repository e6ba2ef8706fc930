package dev.peregrine.evolution;

import org.junit.jupiter.api.Test;

import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Compatible mode, enums held in fields of an unchanged class. What is asserted:
 * <ul>
 *   <li>constants map by name, never by ordinal: a constant whose ordinal changed (reordered, or shifted
 *       by a removal) reads as the constant of the same name;</li>
 *   <li>a constant the reader does not have (added in the writer's version, or removed from the
 *       reader's) reads as null in that field, and the fields after it still read correctly.</li>
 * </ul>
 */
class EnumEvolutionTest {
    private static final String PALETTE = """
            public class Palette {
                String name;
                Color color;
                Size size;
                Mood mood;
                int weight;
            }
            """;
    private static final Version V1 = Version.compile("enum-v1", PALETTE, """
            public enum Color { RED, GREEN }
            """, """
            public enum Size { S, M, L }
            """, """
            public enum Mood { HAPPY, SAD, ANGRY }
            """);
    private static final Version V2 = Version.compile("enum-v2", PALETTE, """
            public enum Color { RED, GREEN, BLUE }
            """, """
            public enum Size { S, L }
            """, """
            public enum Mood { ANGRY, SAD, HAPPY }
            """);

    private static Object palette(Version v, String color, String size, String mood) {
        return v.create("Palette", "name", "p", "color", color == null ? null : v.constant("Color", color),
                "size", size == null ? null : v.constant("Size", size),
                "mood", mood == null ? null : v.constant("Mood", mood), "weight", 17);
    }

    private static void assertPalette(Version v, Object read, String color, String size, String mood) {
        assertAll(
                () -> assertEquals("p", get(read, "name")),
                () -> assertSame(color == null ? null : v.constant("Color", color), get(read, "color"), "color"),
                () -> assertSame(size == null ? null : v.constant("Size", size), get(read, "size"), "size"),
                () -> assertSame(mood == null ? null : v.constant("Mood", mood), get(read, "mood"), "mood"),
                () -> assertEquals(17, get(read, "weight")));
    }

    @Test
    void constantKnownToBothReadsOldToNew() {
        assertPalette(V2, transfer(V1, V2, palette(V1, "GREEN", "S", "SAD")), "GREEN", "S", "SAD");
    }

    @Test
    void constantKnownToBothReadsNewToOld() {
        assertPalette(V1, transfer(V2, V1, palette(V2, "RED", "S", "SAD")), "RED", "S", "SAD");
    }

    @Test
    void addedConstantReadsAsNullInOldReader() {
        assertPalette(V1, transfer(V2, V1, palette(V2, "BLUE", "S", "SAD")), null, "S", "SAD");
    }

    @Test
    void removedConstantReadsAsNullInNewReader() {
        assertPalette(V2, transfer(V1, V2, palette(V1, "RED", "M", "SAD")), "RED", null, "SAD");
    }

    @Test
    void constantShiftedByARemovalMapsByName() {
        // L is ordinal 2 in v1 and 1 in v2.
        assertPalette(V2, transfer(V1, V2, palette(V1, "RED", "L", "SAD")), "RED", "L", "SAD");
        assertPalette(V1, transfer(V2, V1, palette(V2, "RED", "L", "SAD")), "RED", "L", "SAD");
    }

    @Test
    void reorderedConstantsMapByName() {
        for (String mood : new String[] {"HAPPY", "SAD", "ANGRY"}) {
            assertPalette(V2, transfer(V1, V2, palette(V1, "GREEN", "S", mood)), "GREEN", "S", mood);
            assertPalette(V1, transfer(V2, V1, palette(V2, "GREEN", "S", mood)), "GREEN", "S", mood);
        }
    }

    @Test
    void nullsStayNull() {
        assertPalette(V2, transfer(V1, V2, palette(V1, null, null, null)), null, null, null);
        assertNull(get(transfer(V2, V1, palette(V2, null, null, null)), "mood"));
    }
}
