package dev.peregrine.evolution;

import dev.peregrine.Peregrine;
import dev.peregrine.PeregrineException;
import dev.peregrine.SchemaMismatchException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same-schema format (compatible false): a payload carries its classes' schema fingerprint, so a
 * reader whose version of a class differs refuses it with {@link SchemaMismatchException}, never
 * garbage and never another exception; the same version reads its own data back. Also checks the
 * harness itself: a version read by an identical copy in another loader.
 */
class SameSchemaTest {
    private static final String PERSON = """
            public class Person {
                String name;
                int age;
                Address home;
            }
            """;
    private static final String ADDRESS = """
            public record Address(String city, int zip) {
            }
            """;
    private static final String BASKET = """
            public class Basket {
                String owner;
                List<Fruit> fruits;
            }
            """;
    private static final String FRUIT = """
            public class Fruit {
                String name;
                int grams;
            }
            """;

    private static final Version V1 = Version.compile("same-v1", PERSON, ADDRESS, BASKET, FRUIT);
    /** An identical copy of V1 in its own loader. */
    private static final Version V1_COPY = Version.compile("same-v1-copy", PERSON, ADDRESS, BASKET, FRUIT);
    // Each of these differs from V1 in one class only, because the fingerprint covers every registered class.
    private static final Version ADDED = Version.compile("same-added", """
            public class Person {
                String name;
                int age;
                Address home;
                double height;
            }
            """, ADDRESS, BASKET, FRUIT);
    private static final Version REMOVED = Version.compile("same-removed", """
            public class Person {
                String name;
                Address home;
            }
            """, ADDRESS, BASKET, FRUIT);
    private static final Version RETYPED = Version.compile("same-retyped", """
            public class Person {
                String name;
                long age;
                Address home;
            }
            """, ADDRESS, BASKET, FRUIT);
    private static final Version FRUIT_CHANGED = Version.compile("same-fruit-changed", PERSON, ADDRESS, BASKET, """
            public class Fruit {
                String name;
                int grams;
                boolean ripe;
            }
            """);

    private static Object person(Version v, Object... extra) {
        Object[] all = new Object[6 + extra.length];
        Object home = v.create("Address", "city", "London", "zip", 1815);
        System.arraycopy(new Object[] {"name", "Ada", "age", 36, "home", home}, 0, all, 0, 6);
        System.arraycopy(extra, 0, all, 6, extra.length);
        return v.create("Person", all);
    }

    @Test
    void sameVersionRoundTripsInOneLoader() {
        Peregrine p = V1.peregrine(false);
        Object person = person(V1);
        Object copy = p.deserialize(p.serialize(person), V1.type("Person"));
        assertEquals(V1.type("Person"), copy.getClass());
        assertEquals(Version.snapshot(person), Version.snapshot(copy));
        assertEquals("Ada", Version.get(copy, "name"));
        assertEquals(36, Version.get(copy, "age"));
        assertEquals("London", Version.get(Version.get(copy, "home"), "city"));
    }

    @Test
    void identicalVersionInAnotherLoaderReadsTheData() {
        byte[] bytes = V1.peregrine(false).serialize(person(V1));
        Object copy = V1_COPY.peregrine(false).deserialize(bytes, V1_COPY.type("Person"));
        assertEquals(V1_COPY.type("Person"), copy.getClass());
        assertEquals(Version.snapshot(person(V1)), Version.snapshot(copy));
    }

    @Test
    void fieldAddedIsRefusedBothWays() {
        assertMismatch(V1, ADDED, person(V1), "Person");
        assertMismatch(ADDED, V1, person(ADDED, "height", 1.7), "Person");
    }

    @Test
    void fieldRemovedIsRefusedBothWays() {
        assertMismatch(V1, REMOVED, person(V1), "Person");
        assertMismatch(REMOVED, V1, REMOVED.create("Person", "name", "Ada"), "Person");
    }

    @Test
    void fieldRetypedIsRefusedBothWays() {
        assertMismatch(V1, RETYPED, person(V1), "Person");
        assertMismatch(RETYPED, V1, RETYPED.create("Person", "name", "Ada", "age", 36L), "Person");
    }

    @Test
    void changedElementClassInsideAnUnchangedOuterIsRefused() {
        List<Object> fruits = new ArrayList<>(List.of(V1.create("Fruit", "name", "fig", "grams", 40)));
        assertMismatch(V1, FRUIT_CHANGED, V1.create("Basket", "owner", "Bo", "fruits", fruits), "Basket");
        List<Object> fruits2 = new ArrayList<>(List.of(
                FRUIT_CHANGED.create("Fruit", "name", "fig", "grams", 40, "ripe", true)));
        assertMismatch(FRUIT_CHANGED, V1, FRUIT_CHANGED.create("Basket", "owner", "Bo", "fruits", fruits2), "Basket");
    }

    @Test
    void codecRefusesAnotherVersionToo() {
        byte[] bytes = encode(V1.peregrine(false), V1.type("Person"), person(V1));
        Peregrine reader = RETYPED.peregrine(false);
        assertThrows(SchemaMismatchException.class, () -> reader.codec(RETYPED.type("Person")).decode(bytes));
    }

    @Test
    void codecReadsTheSameVersion() {
        byte[] bytes = encode(V1.peregrine(false), V1.type("Person"), person(V1));
        Object copy = V1_COPY.peregrine(false).codec(V1_COPY.type("Person")).decode(bytes);
        assertEquals(Version.snapshot(person(V1)), Version.snapshot(copy));
    }

    /**
     * Not part of the specification, which has both sides in the same mode: a payload read by an
     * instance of the other mode must still read faithfully or fail with a PeregrineException.
     */
    @Test
    void modeMismatchReadsFaithfullyOrFails() {
        Object person = person(V1);
        for (boolean writerCompatible : new boolean[] {true, false}) {
            byte[] bytes = V1.peregrine(writerCompatible).serialize(person);
            Peregrine reader = V1_COPY.peregrine(!writerCompatible);
            try {
                Object read = reader.deserialize(bytes, V1_COPY.type("Person"));
                assertEquals(Version.snapshot(person), Version.snapshot(read));
            } catch (PeregrineException e) {
                assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> byte[] encode(Peregrine p, Class<T> type, Object value) {
        return p.codec(type).encode((T) value);
    }

    private static void assertMismatch(Version writer, Version reader, Object value, String type) {
        byte[] bytes = writer.peregrine(false).serialize(value);
        Peregrine p = reader.peregrine(false);
        assertThrows(SchemaMismatchException.class, () -> p.deserialize(bytes, reader.type(type)),
                () -> writer + " -> " + reader + ": " + type);
    }
}
