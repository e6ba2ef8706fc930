package dev.peregrine.evolution;

import dev.peregrine.Peregrine;
import org.junit.jupiter.api.Test;

import java.util.Collection;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compatible format with reference tracking: a field whose collection or map type changed between
 * versions is copied into the reader's type while the cycle it belongs to is still being read, so
 * its elements are hashed before their fields are set. The copy is refilled once the root is
 * complete, as a set or map read in its own type is ({@code ReferenceTrackingTest}).
 */
class ConvertedCycleTest {
    private static final String EQUALITY = """
                @Override
                public boolean equals(Object o) {
                    return o instanceof Member m && Objects.equals(m.title, title);
                }

                @Override
                public int hashCode() {
                    return Objects.hashCode(title);
                }
            """;
    private static final Version V1 = Version.compile("converted-cycle-v1", """
            public class Member {
                List<Member> peers = new ArrayList<>();
                HashMap<Member, Integer> scores = new HashMap<>();
                String title;
            """ + EQUALITY + "}\n");
    private static final Version V2 = Version.compile("converted-cycle-v2", """
            public class Member {
                Set<Member> peers = new HashSet<>();
                LinkedHashMap<Member, Integer> scores = new LinkedHashMap<>();
                String title;
            """ + EQUALITY + "}\n");

    @Test
    void aSetOrMapConvertedInACycleFindsItsElements() {
        Object x = V1.create("Member", "title", "x");
        Object y = V1.create("Member", "title", "y");
        peers(x).add(y);
        peers(y).add(x);
        scores(y).put(x, 7);
        Peregrine writer = V1.builder(true).referenceTracking(true).build();
        Peregrine reader = V2.builder(true).referenceTracking(true).build();
        Object back = reader.deserialize(writer.serialize(x), V2.type("Member"));
        Object peer = peers(back).iterator().next();
        assertAll(
                () -> assertEquals("y", Version.get(peer, "title")),
                () -> assertTrue(peers(peer).contains(back), "List -> Set copy hashed x before its title"),
                () -> assertEquals(7, scores(peer).get(back), "HashMap -> LinkedHashMap copy hashed x early"));
    }

    @SuppressWarnings("unchecked")
    private static Collection<Object> peers(Object member) {
        return (Collection<Object>) Version.get(member, "peers");
    }

    @SuppressWarnings("unchecked")
    private static Map<Object, Object> scores(Object member) {
        return (Map<Object, Object>) Version.get(member, "scores");
    }
}
