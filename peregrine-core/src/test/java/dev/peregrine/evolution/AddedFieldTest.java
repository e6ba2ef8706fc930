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
 * Compatible mode, a field added in v2 (records are in {@link RecordEvolutionTest}).
 *
 * <p>v1 writer, v2 reader: a class with a no-arg constructor keeps what its constructor and field
 * initializers give the new fields (the documented hook for defaults); a class built through its
 * constructor gets 0, false or null passed for them, which the constructor may replace. v2 writer,
 * v1 reader: the fields v1 does not know are skipped, whatever they hold.
 */
class AddedFieldTest {
    private static final Version V1 = Version.compile("added-v1", """
            public class Settings {
                String name;
                int level;
            }
            """, """
            public final class Money {
                private final String currency;
                private final long cents;

                public Money(String currency, long cents) {
                    this.currency = currency;
                    this.cents = cents;
                }
            }
            """);
    private static final Version V2 = Version.compile("added-v2", """
            public class Settings {
                String name;
                int level;
                int retries = 3;
                String mode = "fast";
                boolean enabled = true;
                double ratio = 0.5;
                List<String> tags = new ArrayList<>(List.of("default"));
                Map<String, Integer> limits = new HashMap<>(Map.of("cpu", 2));
            }
            """, """
            public final class Money {
                private final String currency;
                private final long cents;
                private final int scale;
                private final boolean exact;
                private final String note;
                private final List<String> history;

                public Money(String currency, long cents, int scale, boolean exact, String note, List<String> history) {
                    this.currency = currency;
                    this.cents = cents;
                    this.scale = scale;
                    this.exact = exact;
                    this.note = note == null ? "none" : note;
                    this.history = history;
                }
            }
            """);

    @Test
    void noArgClassKeepsInitializerDefaults() {
        Object read = transfer(V1, V2, V1.create("Settings", "name", "prod", "level", 7));
        assertAll(
                () -> assertEquals("prod", get(read, "name")),
                () -> assertEquals(7, get(read, "level")),
                () -> assertEquals(3, get(read, "retries")),
                () -> assertEquals("fast", get(read, "mode")),
                () -> assertEquals(true, get(read, "enabled")),
                () -> assertEquals(0.5, get(read, "ratio")),
                () -> assertEquals(List.of("default"), get(read, "tags")),
                () -> assertEquals(Map.of("cpu", 2), get(read, "limits")));
    }

    @Test
    void noArgClassAddedFieldsAreSkippedByOldReader() {
        Object v2 = V2.create("Settings", "name", "prod", "level", 7, "retries", 9, "mode", "slow", "enabled", false,
                "ratio", 2.25, "tags", new ArrayList<>(List.of("a", "b")),
                "limits", new HashMap<>(Map.of("mem", 512, "cpu", 4)));
        Object read = transfer(V2, V1, v2);
        assertEquals(V1.type("Settings"), read.getClass());
        assertEquals(Version.snapshot(V1.create("Settings", "name", "prod", "level", 7)), Version.snapshot(read));
    }

    @Test
    void constructorBuiltClassGetsZerosPassedToItsConstructor() {
        Object read = transfer(V1, V2, V1.create("Money", "currency", "EUR", "cents", 1999L));
        assertAll(
                () -> assertEquals("EUR", get(read, "currency")),
                () -> assertEquals(1999L, get(read, "cents")),
                () -> assertEquals(0, get(read, "scale")),
                () -> assertEquals(false, get(read, "exact")),
                () -> assertEquals("none", get(read, "note"), "null passed to the constructor, which replaced it"),
                () -> assertNull(get(read, "history")));
    }

    @Test
    void constructorBuiltClassAddedFieldsAreSkippedByOldReader() {
        Object v2 = V2.create("Money", "currency", "USD", "cents", -5L, "scale", 3, "exact", true, "note", "refund",
                "history", new ArrayList<>(List.of("opened", "closed")));
        Object read = transfer(V2, V1, v2);
        assertEquals("USD", get(read, "currency"));
        assertEquals(-5L, get(read, "cents"));
    }

    @Test
    void newVersionReadsItsOwnDataUnchanged() {
        Object v2 = V2.create("Settings", "name", "x", "level", 1, "retries", 0, "mode", null, "enabled", false,
                "ratio", 0.0, "tags", null, "limits", null);
        Object read = transfer(V2, V2, v2);
        assertEquals(Version.snapshot(v2), Version.snapshot(read),
                "written zeros and nulls are not replaced by defaults");
    }
}
