package dev.peregrine.evolution;

import dev.peregrine.Peregrine;
import dev.peregrine.SchemaMismatchException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compatible mode: a field whose type changed in a way no conversion covers is refused with a
 * {@link SchemaMismatchException} whose message names the field, in each direction where the change
 * is incompatible; the values written would fit (a long of 5), so the refusal is by type, not by
 * value. The reverse of narrowing, int to long, is a widening and reads.
 */
class IncompatibleTypeTest {
    private static final Version V1 = Version.compile("incompatible-v1", """
            public class Postal {
                String city;
                String zipCode;
            }
            """, """
            public class Census {
                String city;
                int headCount;
            }
            """, """
            public class Ledger {
                String city;
                long grandTotal;
            }
            """, """
            public class Tagged {
                String city;
                List<String> labelList;
            }
            """, """
            public class Holder {
                String city;
                Postal postal;
            }
            """);
    private static final Version V2 = Version.compile("incompatible-v2", """
            public class Postal {
                String city;
                int zipCode;
            }
            """, """
            public class Census {
                String city;
                String headCount;
            }
            """, """
            public class Ledger {
                String city;
                int grandTotal;
            }
            """, """
            public class Tagged {
                String city;
                List<Integer> labelList;
            }
            """, """
            public class Holder {
                String city;
                Postal postal;
            }
            """);

    private static void assertRefused(Version writer, Version reader, Object value, String field) {
        byte[] bytes = writer.write(value);
        Peregrine p = reader.peregrine(true);
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
                () -> p.deserialize(bytes, reader.type(value.getClass().getSimpleName())),
                () -> writer + " -> " + reader + ": " + field);
        assertTrue(e.getMessage().contains(field), () -> "message names " + field + ": " + e.getMessage());
    }

    @Test
    void stringToIntIsRefused() {
        assertRefused(V1, V2, V1.create("Postal", "city", "Rome", "zipCode", "00118"), "zipCode");
    }

    @Test
    void intToStringIsRefused() {
        assertRefused(V1, V2, V1.create("Census", "city", "Rome", "headCount", 3), "headCount");
    }

    @Test
    void stringToIntIsRefusedBackwards() {
        assertRefused(V2, V1, V2.create("Census", "city", "Rome", "headCount", "3"), "headCount");
    }

    @Test
    void intToStringIsRefusedBackwards() {
        assertRefused(V2, V1, V2.create("Postal", "city", "Rome", "zipCode", 118), "zipCode");
    }

    @Test
    void longToIntNarrowingIsRefused() {
        assertRefused(V1, V2, V1.create("Ledger", "city", "Rome", "grandTotal", 5L), "grandTotal");
    }

    @Test
    void intToLongBackwardsIsAWidening() {
        Object read = transfer(V2, V1, V2.create("Ledger", "city", "Rome", "grandTotal", 5));
        assertEquals(5L, get(read, "grandTotal"));
        assertEquals("Rome", get(read, "city"));
    }

    @Test
    void listElementTypeChangeIsRefused() {
        assertRefused(V1, V2, V1.create("Tagged", "city", "Rome", "labelList", new ArrayList<>(List.of("1", "2"))),
                "labelList");
    }

    @Test
    void listElementTypeChangeIsRefusedBackwards() {
        assertRefused(V2, V1, V2.create("Tagged", "city", "Rome", "labelList", new ArrayList<>(List.of(1, 2))),
                "labelList");
    }

    @Test
    void changeInsideANestedObjectIsRefused() {
        Object postal = V1.create("Postal", "city", "Rome", "zipCode", "1");
        Object holder = V1.create("Holder", "city", "Rome", "postal", postal);
        assertRefused(V1, V2, holder, "zipCode");
    }
}
