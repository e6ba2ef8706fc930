package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.time.DayOfWeek;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static dev.peregrine.RoundTrip.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CollectionTest {
    private final Peregrine p = Peregrine.builder().build();

    @Test
    void mutableCollectionsKeepTheirClass() {
        check(p, new ArrayList<>(List.of(1, 2, 3)), 2 + 1 + 1 + 3);
        check(p, new ArrayList<>(), 3);
        check(p, new LinkedList<>(List.of("a", "b")));
        check(p, new ArrayDeque<>(List.of(1.5, 2.5)));
        check(p, new HashSet<>(Set.of("x", "y", "z")));
        check(p, new LinkedHashSet<>(List.of(3, 1, 2)));
        check(p, new TreeSet<>(List.of("b", "a", "c")));
        check(p, new ConcurrentHashMap<>(Map.of("k", 1)));
    }

    @Test
    void nullElementsKeysAndValues() {
        check(p, new ArrayList<>(Arrays.asList(null, 1, null)));
        check(p, new ArrayList<>(Arrays.asList(null, null)));
        HashMap<String, Integer> m = new HashMap<>();
        m.put(null, 1);
        m.put("a", null);
        check(p, m);
        check(p, new LinkedList<>(Arrays.asList("a", null, 3)));
    }

    @Test
    void mapsKeepOrderAndClass() {
        LinkedHashMap<String, Integer> linked = new LinkedHashMap<>();
        for (int i = 20; i > 0; i--) {
            linked.put("k" + i, i);
        }
        check(p, linked);
        Map<?, ?> back = p.deserialize(p.serialize(linked), Map.class);
        assertEquals(List.copyOf(linked.keySet()), List.copyOf(back.keySet()), "LinkedHashMap order");
        check(p, new HashMap<>(Map.of("count", 5, "version", 2)));
        check(p, new TreeMap<>(Map.of(3, "c", 1, "a")));
        check(p, new HashMap<>());
    }

    @Test
    void enumSetsAndMaps() {
        check(p, EnumSet.of(DayOfWeek.MONDAY, DayOfWeek.FRIDAY));
        check(p, EnumSet.noneOf(DayOfWeek.class));
        check(p, EnumSet.allOf(DayOfWeek.class));
        EnumMap<DayOfWeek, String> m = new EnumMap<>(DayOfWeek.class);
        m.put(DayOfWeek.TUESDAY, "t");
        m.put(DayOfWeek.SUNDAY, null);
        check(p, m);
    }

    /** Constant bodies make an enum class abstract; its sets and maps are still written under its name. */
    enum Shape {
        SQUARE { int corners() { return 4; } },
        TRIANGLE { int corners() { return 3; } },
        CIRCLE { int corners() { return 0; } };

        abstract int corners();
    }

    static final class ShapeHolder {
        EnumSet<Shape> shapes;
        EnumMap<Shape, String> names;
        Object any;

        @Override
        public boolean equals(Object o) {
            return o instanceof ShapeHolder h && java.util.Objects.equals(h.shapes, shapes)
                    && java.util.Objects.equals(h.names, names) && java.util.Objects.equals(h.any, any);
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    @Test
    void setsAndMapsOfAnEnumWithConstantBodies() {
        // Such an enum is abstract: a slot that declares it, and a payload that names it, must
        // still be read (both were refused as "not concrete" once, after a successful write).
        ShapeHolder h = new ShapeHolder();
        h.shapes = EnumSet.of(Shape.TRIANGLE, Shape.CIRCLE);
        h.names = new EnumMap<>(Shape.class);
        h.names.put(Shape.SQUARE, "square");
        h.any = EnumSet.of(Shape.SQUARE);
        check(Peregrine.builder().register(ShapeHolder.class, Shape.class).build(), h);
        Peregrine loose = Peregrine.builder().requireRegistration(false).build();
        check(loose, h);
        check(loose, Shape.TRIANGLE);
        check(loose, EnumSet.allOf(Shape.class));
    }

    /** A class whose name has as many characters as {@code Shape$1}, the class of SQUARE's body. */
    static final class ShapeA1 {
        int sides = 4;
    }

    @Test
    void aPayloadNamingTheClassOfAConstantsBodyIsRefused() {
        // No writer names it (a constant is written under its enum's name); a reader must not
        // take it for a class of values.
        Peregrine loose = Peregrine.builder().requireRegistration(false).build();
        byte[] bytes = loose.serialize(new ShapeA1());
        String payload = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        int at = payload.indexOf("ShapeA1");
        assertEquals(Shape.SQUARE.getClass().getName(), ShapeA1.class.getName().replace("ShapeA1", "Shape$1"));
        bytes[at + 5] = '$';
        bytes[at + 6] = '1';
        MalformedInputException e = assertThrows(MalformedInputException.class, () -> loose.deserialize(bytes));
        // Offset 1: the root's tag, after the header byte.
        assertEquals("payload names non-concrete class " + Shape.SQUARE.getClass().getName() + " (at byte offset 1)",
                e.getMessage());
    }

    static final class EnumMapHolder {
        EnumMap<DayOfWeek, String> days = new EnumMap<>(DayOfWeek.class);
    }

    @Test
    void emptyEnumMapsTravelOnlyWhereTheirKeyTypeIsDeclared() {
        Peregrine withHolder = Peregrine.builder().register(EnumMapHolder.class).build();
        EnumMapHolder back = withHolder.deserialize(withHolder.serialize(new EnumMapHolder()), EnumMapHolder.class);
        assertEquals(new EnumMap<>(DayOfWeek.class), back.days);
        back.days.put(DayOfWeek.MONDAY, "works: the key type survived");
        assertThrows(UnsupportedTypeException.class, () -> p.serialize(new EnumMap<>(DayOfWeek.class)));
        // EnumMap tag 54, DayOfWeek tag 42, header 0: a writer never produces this, so a reader refuses it
        assertThrows(MalformedInputException.class, () -> p.deserialize(new byte[] {(byte) 0xA4, 54, 42, 0}));
    }

    @Test
    void immutableAndWrappedForms() {
        check(p, List.of());
        check(p, List.of(1));
        check(p, List.of(1, 2, 3));
        check(p, Set.of("a"));
        check(p, Set.of("a", "b", "c"));
        check(p, Map.of());
        check(p, Map.of("a", 1));
        check(p, Map.of("a", 1, "b", 2));
        check(p, Stream.of("a", null).toList());
        check(p, Collections.unmodifiableList(new ArrayList<>(List.of(1, 2))));
        check(p, Collections.unmodifiableList(new LinkedList<>(List.of(1, 2))));
        check(p, Collections.unmodifiableSet(new HashSet<>(Set.of(1, 2))));
        check(p, Collections.unmodifiableSortedSet(new TreeSet<>(Set.of(1, 2))));
        check(p, Collections.unmodifiableNavigableSet(new TreeSet<>(Set.of(1, 2))));
        check(p, Collections.unmodifiableMap(new HashMap<>(Map.of(1, 2))));
        check(p, Collections.unmodifiableSortedMap(new TreeMap<>(Map.of(1, 2))));
        check(p, Collections.unmodifiableNavigableMap(new TreeMap<>(Map.of(1, 2))));
        check(p, Collections.unmodifiableCollection(new ArrayList<>(List.of(1))));
        check(p, Collections.emptyList());
        check(p, Collections.emptySet());
        check(p, Collections.emptyMap());
        check(p, Collections.singletonList("s"));
        check(p, Collections.singleton(null));
        check(p, Collections.singletonMap("k", "v"));
        check(p, Arrays.asList(1, null, 3));
    }

    @Test
    void nestedGenerics() {
        Map<String, List<Map<Integer, Set<String>>>> nested = new HashMap<>();
        nested.put("a", new ArrayList<>(List.of(new HashMap<>(Map.of(1, new TreeSet<>(Set.of("x", "y")))))));
        nested.put("b", new ArrayList<>());
        check(p, nested);
    }

    @Test
    void comparatorsAreRefusedNotDropped() {
        TreeSet<String> reversed = new TreeSet<>(Collections.reverseOrder());
        reversed.add("a");
        assertThrows(UnsupportedTypeException.class, () -> p.serialize(reversed));
        TreeMap<String, Integer> m = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        assertThrows(UnsupportedTypeException.class, () -> p.serialize(m));
    }

    /** Equal by a name that may change after the object went into a set. */
    static final class Tagged {
        String name;

        Tagged(String name) {
            this.name = name;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tagged t && t.name.equals(name);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }
    }

    @Test
    void aSetOrMapWhoseElementsBecameEqualIsRefusedNotShrunk() {
        Peregrine q = Peregrine.builder().register(Tagged.class).build();
        Tagged a = new Tagged("a");
        Tagged b = new Tagged("b");
        Set<Tagged> set = new HashSet<>(List.of(a, b));
        Map<Tagged, Integer> map = new HashMap<>(Map.of(a, 1, b, 2));
        b.name = "a";
        MalformedInputException e = assertThrows(MalformedInputException.class,
                () -> q.deserialize(q.serialize(set)));
        assertTrue(e.getMessage().contains("holds 2 elements of which only 1 are distinct"), e.getMessage());
        e = assertThrows(MalformedInputException.class, () -> q.deserialize(q.serialize(map)));
        assertTrue(e.getMessage().contains("holds 2 keys of which only 1 are distinct"), e.getMessage());
    }

    @Test
    void unsupportedJdkTypesFailLoudly() {
        assertThrows(UnsupportedTypeException.class, () -> p.serialize(new java.util.PriorityQueue<>(List.of(1))));
        assertThrows(UnsupportedTypeException.class, () -> p.serialize(new Thread()));
        assertThrows(UnsupportedTypeException.class, () -> p.serialize(Collections.synchronizedList(new ArrayList<>())));
        Set<String> view = new HashMap<>(Map.of("k", 1)).keySet();
        UnsupportedTypeException e = assertThrows(UnsupportedTypeException.class, () -> p.serialize(view));
        assertEquals("cannot serialize " + view.getClass().getName() + ": it is a JDK class without a built-in codec",
                e.getMessage(), "a view is the JDK's inner class, but no advice to make it static applies");
    }
}
