package dev.peregrine.evolution;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Compatible mode, records. A component added in v2 is passed 0, false or null by a v1 payload, and the
 * compact constructor may replace those (the hook for record defaults); a removed component's bytes are
 * skipped whatever it held; a component renamed with the same {@link dev.peregrine.Tag} keeps its value;
 * components reordered in the header land by name, through a canonical constructor whose parameter
 * order changed. Each in both directions.
 */
class RecordEvolutionTest {
    private static final Version V1 = Version.compile("record-v1", """
            public record Point(int x, int y) {
            }
            """, """
            public record Window(String title, int width) {
            }
            """, """
            public record Badge(String name, String secret, List<String> history, Map<String, Integer> stats,
                    Point origin, int level) {
            }
            """, """
            public record Label(@Tag(1) String text, @Tag(2) int size, String font) {
            }
            """, """
            public record Pair(int left, String right, long stamp) {
            }
            """);
    private static final Version V2 = Version.compile("record-v2", """
            public record Point(int x, int y, int z, String label, List<String> notes, boolean visible) {
            }
            """, """
            public record Window(String title, int width, int height, String theme, List<String> panes) {
                public Window {
                    if (height == 0) {
                        height = 480;
                    }
                    if (theme == null) {
                        theme = "light";
                    }
                    if (panes == null) {
                        panes = List.of("main");
                    }
                }
            }
            """, """
            public record Badge(String name, int level) {
            }
            """, """
            public record Label(@Tag(2) int length, @Tag(1) String caption, String font) {
            }
            """, """
            public record Pair(String right, long stamp, int left) {
            }
            """);

    @Test
    void addedComponentsArePassedZeros() {
        Object read = transfer(V1, V2, V1.create("Point", "x", 3, "y", -4));
        assertEquals(V2.type("Point"), read.getClass());
        assertAll(
                () -> assertEquals(3, get(read, "x")),
                () -> assertEquals(-4, get(read, "y")),
                () -> assertEquals(0, get(read, "z")),
                () -> assertNull(get(read, "label")),
                () -> assertNull(get(read, "notes")),
                () -> assertEquals(false, get(read, "visible")));
    }

    @Test
    void addedComponentsAreSkippedByOldReader() {
        Object v2 = V2.create("Point", "x", 3, "y", -4, "z", 5, "label", "p", "notes",
                new ArrayList<>(List.of("n1", "n2")), "visible", true);
        Object read = transfer(V2, V1, v2);
        assertEquals(Version.snapshot(V1.create("Point", "x", 3, "y", -4)), Version.snapshot(read));
    }

    @Test
    void compactConstructorReplacesTheZeros() {
        Object read = transfer(V1, V2, V1.create("Window", "title", "main", "width", 640));
        assertAll(
                () -> assertEquals("main", get(read, "title")),
                () -> assertEquals(640, get(read, "width")),
                () -> assertEquals(480, get(read, "height")),
                () -> assertEquals("light", get(read, "theme")),
                () -> assertEquals(List.of("main"), get(read, "panes")));
    }

    @Test
    void compactConstructorDefaultsAreSkippedByOldReader() {
        Object v2 = V2.create("Window", "title", "t", "width", 1, "height", 2, "theme", "dark",
                "panes", new ArrayList<>(List.of("a", "b")));
        Object read = transfer(V2, V1, v2);
        assertEquals("t", get(read, "title"));
        assertEquals(1, get(read, "width"));
    }

    @Test
    void removedComponentsAreSkipped() {
        Object v1 = V1.create("Badge", "name", "gold", "secret", "s3cr3t",
                "history", new ArrayList<>(List.of("a", "b")),
                "stats", new HashMap<>(Map.of("wins", 10, "losses", 2)), "origin", V1.create("Point", "x", 1, "y", 2),
                "level", 99);
        Object read = transfer(V1, V2, v1);
        assertEquals(V2.type("Badge"), read.getClass());
        assertEquals("gold", get(read, "name"));
        assertEquals(99, get(read, "level"));
    }

    @Test
    void removedComponentsAreZeroForOldReader() {
        Object read = transfer(V2, V1, V2.create("Badge", "name", "gold", "level", 99));
        assertAll(
                () -> assertEquals("gold", get(read, "name")),
                () -> assertEquals(99, get(read, "level")),
                () -> assertNull(get(read, "secret")),
                () -> assertNull(get(read, "history")),
                () -> assertNull(get(read, "stats")),
                () -> assertNull(get(read, "origin")));
    }

    @Test
    void renamedComponentsWithTheSameTagKeepTheirValues() {
        Object read = transfer(V1, V2, V1.create("Label", "text", "hello", "size", 12, "font", "mono"));
        assertAll(
                () -> assertEquals("hello", get(read, "caption")),
                () -> assertEquals(12, get(read, "length")),
                () -> assertEquals("mono", get(read, "font")));
        Object back = transfer(V2, V1, V2.create("Label", "caption", "bye", "length", 7, "font", "serif"));
        assertAll(
                () -> assertEquals("bye", get(back, "text")),
                () -> assertEquals(7, get(back, "size")),
                () -> assertEquals("serif", get(back, "font")));
    }

    @Test
    void reorderedComponentsLandByName() {
        Object v1 = V1.create("Pair", "left", 1, "right", "r", "stamp", 1L << 50);
        Object read = transfer(V1, V2, v1);
        assertEquals(Version.snapshot(v1), Version.snapshot(read));
        Object v2 = V2.create("Pair", "left", -1, "right", null, "stamp", -2L);
        assertEquals(Version.snapshot(v2), Version.snapshot(transfer(V2, V1, v2)));
    }
}
