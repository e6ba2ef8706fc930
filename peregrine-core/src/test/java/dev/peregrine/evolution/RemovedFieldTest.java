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
 * Compatible mode, fields removed in v2 (records are in {@link RecordEvolutionTest}).
 *
 * <p>v1 writer, v2 reader: each removed field's bytes are skipped, whatever it held: a String, a
 * {@code List<String>}, a {@code Map<String, Integer>}, an object of a class v2 still has, an object
 * of a class v2 no longer has (registered last in v1, so the other ids agree); the surviving fields,
 * declared before and after them in layout order, keep their values. v2 writer, v1 reader: the fields
 * missing from the data keep what v1's constructor gives them (null here).
 */
class RemovedFieldTest {
    private static final String ADDRESS = """
            public class Address {
                String city;
                int zip;
            }
            """;
    private static final Version V1 = Version.compile("removed-v1", """
            public class Profile {
                String name;
                int age;
                long visits;
                Address work;
                String motto;
                List<String> hobbies;
                Map<String, Integer> scores;
                Address home;
                Gone gone;
                boolean flagged;
                double weight;
            }
            """, ADDRESS, """
            public class Gone {
                String what;
                int count;
                List<String> more;
            }
            """);
    private static final Version V2 = Version.compile("removed-v2", """
            public class Profile {
                String name;
                int age;
                long visits;
                Address work;
            }
            """, ADDRESS);

    private static Object v1Profile(Object... removed) {
        Object[] all = new Object[8 + removed.length];
        System.arraycopy(new Object[] {"name", "Zoe", "age", 41, "visits", 1L << 40,
                "work", V1.create("Address", "city", "Oslo", "zip", 150)}, 0, all, 0, 8);
        System.arraycopy(removed, 0, all, 8, removed.length);
        return V1.create("Profile", all);
    }

    private static void assertSurvivors(Object read) {
        assertEquals(V2.type("Profile"), read.getClass());
        assertAll(
                () -> assertEquals("Zoe", get(read, "name")),
                () -> assertEquals(41, get(read, "age")),
                () -> assertEquals(1L << 40, get(read, "visits")),
                () -> assertEquals("Oslo", get(get(read, "work"), "city")),
                () -> assertEquals(150, get(get(read, "work"), "zip")));
    }

    @Test
    void removedStringIsSkipped() {
        assertSurvivors(transfer(V1, V2, v1Profile("motto", "carpe diem")));
    }

    @Test
    void removedListOfStringsIsSkipped() {
        assertSurvivors(transfer(V1, V2, v1Profile("hobbies", new ArrayList<>(List.of("chess", "", "climbing")))));
    }

    @Test
    void removedMapIsSkipped() {
        assertSurvivors(transfer(V1, V2, v1Profile("scores", new HashMap<>(Map.of("math", 9, "art", -1)))));
    }

    @Test
    void removedObjectOfAClassThatStillExistsIsSkipped() {
        assertSurvivors(transfer(V1, V2, v1Profile("home", V1.create("Address", "city", "Bergen", "zip", 5003))));
    }

    @Test
    void removedObjectOfAClassThatNoLongerExistsIsSkipped() {
        Object gone = V1.create("Gone", "what", "legacy", "count", 3, "more", new ArrayList<>(List.of("x", "y")));
        assertSurvivors(transfer(V1, V2, v1Profile("gone", gone)));
    }

    @Test
    void removedPrimitivesAreSkipped() {
        assertSurvivors(transfer(V1, V2, v1Profile("flagged", true, "weight", 72.5)));
    }

    @Test
    void allRemovedFieldsAtOnceAreSkipped() {
        assertSurvivors(transfer(V1, V2, v1Profile("motto", "m", "hobbies", new ArrayList<>(List.of("a")),
                "scores", new HashMap<>(Map.of("k", 1)), "home", V1.create("Address", "city", "c", "zip", 1),
                "gone", V1.create("Gone", "what", "w", "count", 2, "more", null), "flagged", true, "weight", 1.5)));
    }

    @Test
    void oldReaderLeavesFieldsMissingFromTheDataAtTheirDefaults() {
        Object v2 = V2.create("Profile", "name", "Zoe", "age", 41, "visits", 7L,
                "work", V2.create("Address", "city", "Oslo", "zip", 150));
        Object read = transfer(V2, V1, v2);
        assertEquals(V1.type("Profile"), read.getClass());
        assertAll(
                () -> assertEquals("Zoe", get(read, "name")),
                () -> assertEquals(41, get(read, "age")),
                () -> assertEquals(7L, get(read, "visits")),
                () -> assertEquals("Oslo", get(get(read, "work"), "city")),
                () -> assertNull(get(read, "motto")),
                () -> assertNull(get(read, "hobbies")),
                () -> assertNull(get(read, "scores")),
                () -> assertNull(get(read, "home")),
                () -> assertNull(get(read, "gone")),
                () -> assertEquals(false, get(read, "flagged")),
                () -> assertEquals(0.0, get(read, "weight")));
    }
}
