package dev.peregrine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fields that hold lists of one final class, or maps from one final class to another, in both
 * formats, through one codec many times: from the second value on, generated codecs write and read
 * such lists and maps by their own path (the slot remembers the list's or map's tag), which must give
 * the same bytes and values as the first.
 */
class ContainerFieldTest {
    static final class Stop {
        int minute;
        String name;

        Stop() {
        }

        Stop(int minute, String name) {
            this.minute = minute;
            this.name = name;
        }
    }

    /** A key class of the user's: in the compatible format its definition precedes it. */
    record Place(String name, int zone) {
    }

    static final class Trip {
        List<Stop> stops;
        Collection<String> tags;
        Map<String, Stop> byName;
        Map<Integer, Long> counts;
        Map<Place, Stop> at;
    }

    private static Trip trip() {
        Trip t = new Trip();
        t.stops = new ArrayList<>(Arrays.asList(new Stop(0, "start"), null, new Stop(42, "end")));
        t.tags = new ArrayList<>(List.of("a", "bb"));
        // Keys whose hash codes are small and in order, so that a HashMap of any capacity iterates
        // them in the same order and a decoded map encodes to the same bytes as the original.
        t.byName = new HashMap<>();
        t.byName.put("a", new Stop(0, "start"));
        t.byName.put("b", null);
        t.counts = new HashMap<>(Map.of(1, 10L, 2, 20L));
        t.at = new HashMap<>(Map.of(new Place("gate", 3), new Stop(7, "gate")));
        return t;
    }

    /** Maps nested in the values of maps, through both the map-field path and the general one. */
    static final class Tree {
        int value;
        Map<String, Tree> children = new HashMap<>();
        Map<Object, Object> loose = new HashMap<>();
    }

    private static Tree tree(int depth, int width, int value) {
        Tree t = new Tree();
        t.value = value;
        for (int i = 0; depth > 0 && i < width; i++) {
            t.children.put("c" + i, tree(depth - 1, width, value * 100 + i));
        }
        t.loose.put("self", t.children.isEmpty() ? null : new HashMap<>(Map.of(value, List.of(value))));
        return t;
    }

    private static void assertSameTree(Tree expected, Tree actual) {
        assertEquals(expected.value, actual.value);
        assertEquals(expected.loose, actual.loose);
        assertEquals(expected.children.keySet(), actual.children.keySet());
        for (String k : expected.children.keySet()) {
            assertSameTree(expected.children.get(k), actual.children.get(k));
        }
    }

    /** A class first met inside a list's element, in the compatible format its definition with it. */
    record Leg(Stop at, String mode) {
    }

    static final class Journey {
        List<Leg> legs;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aNullAfterElementsThatSentDefinitionsIsWrittenInFull(boolean compatible) {
        // The first elements carry the first Leg and Stop of the payload (in the compatible format,
        // their definitions); the null after them sends the list back to its checked path, which
        // must write those definitions again, not refer to ones it took back.
        Peregrine p = Peregrine.builder().compatible(compatible).register(Journey.class, Leg.class, Stop.class).build();
        Codec<Journey> codec = p.codec(Journey.class);
        Journey j = new Journey();
        j.legs = new ArrayList<>(Arrays.asList(new Leg(new Stop(1, "a"), "bus"), new Leg(new Stop(2, "b"), "walk"), null));
        byte[] first = codec.encode(j);
        for (int i = 0; i < 3; i++) {
            byte[] bytes = codec.encode(j);
            assertArrayEquals(first, bytes, "write " + i);
            Journey back = codec.decode(bytes);
            assertEquals(j.legs.size(), back.legs.size());
            assertEquals("walk", back.legs.get(1).mode());
            assertEquals(2, back.legs.get(1).at().minute);
            assertNull(back.legs.get(2));
            Journey viaPeregrine = p.deserialize(p.serialize(j), Journey.class);
            assertEquals("a", viaPeregrine.legs.get(0).at().name);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aListWrittenInOnePassHasTheBytesOfTheCheckedPath(boolean compatible) {
        // A fresh codec writes a list without nulls in one pass (in the compatible format, sending
        // the definitions of Leg and Stop from inside it); one whose slot has rewound once checks
        // every list before writing it. Both must write the same bytes.
        Journey j = new Journey();
        j.legs = new ArrayList<>(Arrays.asList(new Leg(new Stop(1, "a"), "bus"), new Leg(new Stop(2, "b"), "walk")));
        Journey withNull = new Journey();
        withNull.legs = new ArrayList<>(Arrays.asList(new Leg(new Stop(3, "c"), "tram"), null));
        Codec<Journey> onePass = Peregrine.builder().compatible(compatible)
                .register(Journey.class, Leg.class, Stop.class).build().codec(Journey.class);
        Codec<Journey> checked = Peregrine.builder().compatible(compatible)
                .register(Journey.class, Leg.class, Stop.class).build().codec(Journey.class);
        checked.encode(withNull);
        byte[] expected = onePass.encode(j);
        assertArrayEquals(expected, checked.encode(j));
        assertArrayEquals(expected, onePass.encode(j));
        assertEquals("walk", onePass.decode(expected).legs.get(1).mode());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void nestedMapsOfManyEntries(boolean compatible) {
        // Twenty entries per map, three deep: each nested map is copied above its parent's entries,
        // which makes the write context's entry stack grow while the parent's are still in use.
        Peregrine p = Peregrine.builder().compatible(compatible).register(Tree.class).build();
        Codec<Tree> codec = p.codec(Tree.class);
        Tree t = tree(3, 20, 1);
        for (int i = 0; i < 3; i++) {
            assertSameTree(t, codec.decode(codec.encode(t)));
        }
        assertSameTree(t, p.deserialize(p.serialize(t), Tree.class));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void sameBytesAndValuesEveryTime(boolean compatible) {
        Peregrine p = Peregrine.builder().compatible(compatible).register(Trip.class, Stop.class, Place.class).build();
        Codec<Trip> codec = p.codec(Trip.class);
        byte[] first = codec.encode(trip());
        for (int i = 0; i < 5; i++) {
            assertArrayEquals(first, codec.encode(trip()), "write " + i);
            Trip back = codec.decode(first);
            assertEquals(3, back.stops.size());
            assertEquals("start", back.stops.get(0).name);
            assertNull(back.stops.get(1));
            assertEquals(42, back.stops.get(2).minute);
            assertEquals(List.of("a", "bb"), back.tags);
            assertEquals(ArrayList.class, back.stops.getClass());
            assertEquals(2, back.byName.size());
            assertEquals("start", back.byName.get("a").name);
            assertTrue(back.byName.containsKey("b"));
            assertNull(back.byName.get("b"));
            assertEquals(Map.of(1, 10L, 2, 20L), back.counts);
            assertEquals(HashMap.class, back.byName.getClass());
            assertEquals(7, back.at.get(new Place("gate", 3)).minute);
            assertArrayEquals(first, codec.encode(back), "read " + i);
        }
    }

    @Test
    void aKeptContextHoldsNoMapEntryOnceItsWriteIsOver() throws InterruptedException {
        // A map's write leaves its entries in the context's stack when it pops them; a context that
        // a Codec keeps between encodes into callers' arrays must let go of them when the call ends.
        Peregrine p = Peregrine.builder().register(Trip.class, Stop.class, Place.class).build();
        Codec<Trip> codec = p.codec(Trip.class);
        WeakReference<Stop> stop = encodeAndForget(codec);
        for (int i = 0; i < 50 && stop.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(stop.get(), "a Stop written as a map value is still reachable after the write");
    }

    private static WeakReference<Stop> encodeAndForget(Codec<Trip> codec) {
        Trip t = trip();
        Stop s = new Stop(99, "c");
        t.byName.put("c", s);
        byte[] dst = new byte[1000];
        for (int i = 0; i < 3; i++) {
            codec.encode(t, dst, 0);
        }
        return new WeakReference<>(s);
    }
}
