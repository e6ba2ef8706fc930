package dev.peregrine.evolution;

import dev.peregrine.Peregrine;
import dev.peregrine.SchemaMismatchException;
import dev.peregrine.UnsupportedTypeException;
import org.junit.jupiter.api.Test;

import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compatible mode: a subclass field hiding a superclass field of the same name. Matching such fields by
 * name after a class change could cross their values, so untagged namesakes are refused when the
 * class is first written or read in the compatible format; tagged ones are matched by tag; a reader whose
 * class has one field where the writer's had two namesakes refuses the data rather than pick one.
 */
class HiddenFieldTest {
    private static final Version UNTAGGED = Version.compile("hidden-untagged", """
            public class Base {
                int x;
                String s;
            }
            """, """
            public class Child extends Base {
                int x;
                String s;
            }
            """);
    private static final Version TAGGED_V1 = Version.compile("hidden-tagged-v1", """
            public class Base {
                @Tag(1) int x;
                String s;
            }
            """, """
            public class Child extends Base {
                @Tag(2) int x;
            }
            """);
    private static final Version TAGGED_V2 = Version.compile("hidden-tagged-v2", """
            public class Base {
                @Tag(1) int x;
                String s;
                String added;
            }
            """, """
            public class Child extends Base {
                int y;
                @Tag(2) int x;
            }
            """);
    private static final Version MERGED = Version.compile("hidden-merged", """
            public class Base {
                int x;
                String s;
            }
            """, """
            public class Child extends Base {
            }
            """);

    private static Object child(Version v, int baseX, Number childX) {
        Object c = v.create("Child", "s", "kept");
        try {
            java.lang.reflect.Field base = v.type("Base").getDeclaredField("x");
            base.setAccessible(true);
            base.setInt(c, baseX);
            java.lang.reflect.Field own = v.type("Child").getDeclaredField("x");
            own.setAccessible(true);
            own.set(c, childX);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        return c;
    }

    private static Object field(Object instance, String declaringClass, Version v) {
        try {
            java.lang.reflect.Field f = v.type(declaringClass).getDeclaredField("x");
            f.setAccessible(true);
            return f.get(instance);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void untaggedNamesakesAreRefusedInCompatibleModeOnly() {
        Object value = child(UNTAGGED, 1, 2);
        UnsupportedTypeException e = assertThrows(UnsupportedTypeException.class, () -> UNTAGGED.write(value));
        assertTrue(e.getMessage().contains("Base.x") && e.getMessage().contains("Child.x"), e.getMessage());
        byte[] merged = MERGED.write(MERGED.create("Child", "s", "one"));
        assertThrows(UnsupportedTypeException.class, () -> UNTAGGED.read(merged, "Child"));
        Peregrine sameSchema = UNTAGGED.peregrine(false);
        Object read = sameSchema.deserialize(sameSchema.serialize(value), UNTAGGED.type("Child"));
        assertEquals(1, field(read, "Base", UNTAGGED));
        assertEquals(2, field(read, "Child", UNTAGGED));
    }

    @Test
    void taggedNamesakesKeepTheirOwnValuesAcrossVersions() {
        Object read = transfer(TAGGED_V1, TAGGED_V2, child(TAGGED_V1, 7, 8));
        assertAll(
                () -> assertEquals(7, field(read, "Base", TAGGED_V2)),
                () -> assertEquals(8, field(read, "Child", TAGGED_V2)),
                () -> assertEquals("kept", get(read, "s")),
                () -> assertNull(get(read, "added")));
        Object back = transfer(TAGGED_V2, TAGGED_V1, child(TAGGED_V2, -3, -4));
        assertEquals(-3, field(back, "Base", TAGGED_V1));
        assertEquals(-4, field(back, "Child", TAGGED_V1));
    }

    @Test
    void twoWrittenNamesakesForOneLocalFieldAreAMismatch() {
        byte[] bytes = TAGGED_V1.write(child(TAGGED_V1, 7, 8));
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> MERGED.read(bytes, "Child"));
        assertTrue(e.getMessage().contains("two fields named x"), e.getMessage());
    }
}
