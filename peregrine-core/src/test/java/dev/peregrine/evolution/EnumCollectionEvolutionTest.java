package dev.peregrine.evolution;

import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Compatible mode, enums inside {@code EnumSet} and {@code EnumMap}, whose bits and keys are the
 * writer's ordinals: they map by constant name, and a constant the reader lacks is dropped from the
 * set (its map entry too).
 */
class EnumCollectionEvolutionTest {
    private static final String HOLDER = """
            public class Holder {
                EnumSet<Flag> flags;
                EnumMap<Flag, String> notes;
                int after;
            }
            """;
    private static final Version V1 = Version.compile("enum-collections-v1", HOLDER, """
            public enum Flag { A, B, C }
            """);
    private static final Version V2 = Version.compile("enum-collections-v2", HOLDER, """
            public enum Flag { C, NEW, A }
            """);

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object holder(Version v, String... flags) {
        Class flag = v.type("Flag");
        EnumSet set = EnumSet.noneOf(flag);
        EnumMap map = new EnumMap(flag);
        for (String f : flags) {
            set.add(v.constant("Flag", f));
            map.put(v.constant("Flag", f), "note " + f);
        }
        return v.create("Holder", "flags", set, "notes", map, "after", 42);
    }

    private static String names(Object set) {
        StringBuilder sb = new StringBuilder();
        for (Object e : (Set<?>) set) {
            sb.append(((Enum<?>) e).name()).append(' ');
        }
        return sb.toString().trim();
    }

    @Test
    void oldToNewMapsByNameAndDropsWhatTheReaderLacks() {
        Object read = transfer(V1, V2, holder(V1, "A", "B", "C"));
        assertEquals("C A", names(get(read, "flags")), "B is gone in v2; order is v2's ordinal order");
        Map<?, ?> notes = (Map<?, ?>) get(read, "notes");
        assertEquals(2, notes.size());
        assertEquals("note A", notes.get(V2.constant("Flag", "A")));
        assertEquals("note C", notes.get(V2.constant("Flag", "C")));
        assertEquals(42, get(read, "after"));
    }

    @Test
    void newToOldDropsTheNewConstant() {
        Object read = transfer(V2, V1, holder(V2, "NEW", "A"));
        assertEquals("A", names(get(read, "flags")));
        assertEquals(Map.of(V1.constant("Flag", "A"), "note A"), get(read, "notes"));
        assertEquals(42, get(read, "after"));
    }
}
