package dev.peregrine;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
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
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    /** The ways to write a payload: each keeps a map-entry stack between calls in its own way. */
    enum Write {
        /** {@code Codec.encode} into the caller's array: a context kept between calls. */
        INTO_ARRAY,
        /** {@code Codec.encode} into a new array: a context per call, the stack kept by the session. */
        NEW_ARRAY,
        /** {@code Peregrine.serialize}: likewise, with the root's tag. */
        SERIALIZE;

        byte[] write(Peregrine p, Trip t) {
            switch (this) {
                case INTO_ARRAY:
                    byte[] dst = new byte[64 * 1024];
                    return Arrays.copyOf(dst, p.codec(Trip.class).encode(t, dst, 0));
                case NEW_ARRAY:
                    return p.codec(Trip.class).encode(t);
                default:
                    return p.serialize(t);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Write.class)
    void aWriteHoldsNoMapEntryOnceItIsOver(Write write) throws InterruptedException {
        // A map's write leaves its entries in the entry stack when it pops them; a stack kept between
        // writes (in a kept context, or by the session for contexts made per write) must let go of
        // them when the call ends.
        Peregrine p = Peregrine.builder().register(Trip.class, Stop.class, Place.class).build();
        WeakReference<Stop> stop = writeAndForget(p, write);
        for (int i = 0; i < 50 && stop.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(stop.get(), "a Stop written as a map value is still reachable after the write");
    }

    private static WeakReference<Stop> writeAndForget(Peregrine p, Write write) {
        Trip t = trip();
        Stop s = new Stop(99, "c");
        t.byName.put("c", s);
        for (int i = 0; i < 3; i++) {
            write.write(p, t);
        }
        return new WeakReference<>(s);
    }

    /** A map value of a class no registry here knows, so that a write fails in the middle of a map. */
    static final class Stranger {
    }

    @ParameterizedTest
    @EnumSource(Write.class)
    void eachWriteAfterOthersHasTheBytesOfAFirstWrite(Write write) {
        // Through one Peregrine: maps of other sizes (one that grows the stack, one past the size a
        // stack keeps) and a write that failed half-way through a map, before each payload. Each
        // must be what a Peregrine that never wrote before writes.
        for (boolean compatible : new boolean[] {false, true}) {
            Peregrine p = Peregrine.builder().compatible(compatible).register(Trip.class, Stop.class, Place.class).build();
            Trip failing = withStops(3);
            failing.at.put(new Place("x", 1), new Stop(1, "x"));
            @SuppressWarnings({"unchecked", "rawtypes"})
            Map<String, Object> raw = (Map) failing.byName;
            raw.put("z", new Stranger());
            for (Trip t : List.of(withStops(0), withStops(40), failing, withStops(1), withStops(700), withStops(2))) {
                if (t == failing) {
                    assertThrows(PeregrineException.class, () -> write.write(p, t));
                    continue;
                }
                Peregrine fresh = Peregrine.builder().compatible(compatible).register(Trip.class, Stop.class, Place.class).build();
                byte[] bytes = write.write(p, t);
                assertArrayEquals(write.write(fresh, t), bytes, t.byName.size() + " entries, compatible " + compatible);
                Trip back = write == Write.SERIALIZE ? p.deserialize(bytes, Trip.class) : p.codec(Trip.class).decode(bytes);
                assertEquals(t.byName.keySet(), back.byName.keySet());
            }
        }
    }

    /** {@link #trip()} with {@code n} more stops by name. */
    private static Trip withStops(int n) {
        Trip t = trip();
        for (int i = 0; i < n; i++) {
            t.byName.put("k" + i, new Stop(i, "s" + i));
        }
        return t;
    }
}
