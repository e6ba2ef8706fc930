package dev.peregrine.evolution;

import dev.peregrine.Peregrine;
import dev.peregrine.SchemaMismatchException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compatible mode, a class that became an enum or the reverse between versions, under the same name
 * in a field of an unchanged class. A final class and an enum are both written without a type tag,
 * so the holder's definition is the same in both versions and the reader takes the value by its own
 * codec for the holder; the value's own definition tells the kinds apart, and the read is refused
 * naming the class, in both directions, rather than taking a class's body for an ordinal.
 */
class KindChangeTest {
    private static final String HOLDER = """
            public class Holder {
                Level level;
            }
            """;
    private static final Version ENUM = Version.compile("kind-enum", HOLDER, """
            public enum Level { LOW, HIGH }
            """);
    private static final Version CLASS = Version.compile("kind-class", HOLDER, """
            public final class Level {
                int rank;
            }
            """);

    private static void assertRefused(Version writer, Object level, Version reader) {
        byte[] bytes = writer.write(writer.create("Holder", "level", level));
        Peregrine p = reader.peregrine(true);
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
                () -> p.deserialize(bytes, reader.type("Holder")));
        assertTrue(e.getMessage().contains("Level"), e.getMessage());
    }

    @Test
    void aClassWrittenWhereTheReaderHasAnEnumIsRefused() {
        // rank 1 would read as the ordinal of HIGH if the body were taken for an ordinal.
        assertRefused(CLASS, CLASS.create("Level", "rank", 1), ENUM);
    }

    @Test
    void anEnumWrittenWhereTheReaderHasAClassIsRefused() {
        assertRefused(ENUM, ENUM.constant("Level", "HIGH"), CLASS);
    }
}
