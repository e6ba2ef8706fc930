package dev.peregrine.evolution;

import org.junit.jupiter.api.Test;

import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Compatible mode, a field's class made final or no longer final between versions: a final class's
 * value is written with no type tag (the def entry's exact bit says so), any other with one. The
 * reader follows the writer's bit, not its own class's finality, in both directions.
 */
class FinalityChangeTest {
    private static final String HOLDER = """
            public class Holder {
                Item item;
                String label;
            }
            """;
    private static final Version FINAL = Version.compile("finality-final", HOLDER, """
            public final class Item {
                int n;
            }
            """);
    private static final Version OPEN = Version.compile("finality-open", HOLDER, """
            public class Item {
                int n;
            }
            """);

    private static void check(Version writer, Version reader) {
        Object holder = writer.create("Holder", "item", writer.create("Item", "n", 42), "label", "h");
        Object read = transfer(writer, reader, holder);
        assertEquals(reader.type("Holder"), read.getClass());
        assertEquals(42, get(get(read, "item"), "n"));
        assertEquals("h", get(read, "label"));
    }

    @Test
    void aFinalWriterClassIsReadWhereTheReaderClassIsOpen() {
        check(FINAL, OPEN);
    }

    @Test
    void anOpenWriterClassIsReadWhereTheReaderClassIsFinal() {
        check(OPEN, FINAL);
    }
}
