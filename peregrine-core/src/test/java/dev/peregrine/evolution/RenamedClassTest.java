package dev.peregrine.evolution;

import dev.peregrine.SchemaMismatchException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compatible format: a class renamed between versions and registered under the same id (both
 * versions register their classes in the same order). A value that names its class by that id is
 * read into the new class; a field whose declared type names the old class cannot be, and says so.
 */
class RenamedClassTest {
    private static final Version V1 = Version.compile("renamed-v1", """
            public class Item {
                String label;
                int count;
            }
            """, """
            public class Order {
                Item item;
            }
            """, """
            public class Slip {
                Item item;
            }
            """);
    private static final Version V2 = Version.compile("renamed-v2", """
            public class Article {
                String label;
                int count;
            }
            """, """
            public class Order {
                Article item;
            }
            """, """
            public class Slip {
                Object item;
            }
            """);

    @Test
    void aValueNamingItsClassByIdIsReadIntoTheRenamedClass() {
        Object item = V1.create("Item", "label", "pen", "count", 3);
        Object read = V2.read(V1.write(item), "Article");
        assertEquals("pen", Version.get(read, "label"));
        assertEquals(3, Version.get(read, "count"));
    }

    @Test
    void aValueOfAClassTheReaderLacksInAnObjectFieldIsAMismatch() {
        Object slip = V1.create("Slip", "item", V1.create("Item", "label", "pen", "count", 3));
        byte[] bytes = V1.write(slip);
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> V2.read(bytes, "Slip"));
        assertTrue(e.getMessage().contains("Slip.item holds a value of a class this reader does not have"),
                e.getMessage());
    }

    @Test
    void aFieldDeclaredWithTheOldClassIsAMismatchNamingIt() {
        Object order = V1.create("Order", "item", V1.create("Item", "label", "pen", "count", 3));
        byte[] bytes = V1.write(order);
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> V2.read(bytes, "Order"));
        assertTrue(e.getMessage().contains("Order.item was written as evo.model.Item, naming a class this "
                + "reader does not have"), e.getMessage());
    }
}
