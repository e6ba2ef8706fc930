package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static dev.peregrine.RoundTrip.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UserClassTest {

    static class Base {
        private int baseValue;
        protected String shared = "base";

        @Override
        public boolean equals(Object o) {
            return o instanceof Base b && b.baseValue == baseValue && Objects.equals(b.shared, shared);
        }

        @Override
        public int hashCode() {
            return baseValue;
        }
    }

    static final class Derived extends Base {
        private final long id;
        private String shared = "derived";
        transient int cache = 99;
        static int counter = 5;
        private boolean flag;
        private Integer boxed;
        private char c;
        private byte b;
        private short s;
        private float f;
        private double d;

        Derived() {
            this(0);
        }

        Derived(long id) {
            this.id = id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Derived x && super.equals(o) && x.id == id && Objects.equals(x.shared, shared)
                    && x.flag == flag && Objects.equals(x.boxed, boxed) && x.c == c && x.b == b && x.s == s
                    && x.f == f && x.d == d;
        }

        @Override
        public int hashCode() {
            return (int) id;
        }
    }

    record Point(int x, int y, String label) {
    }

    record Line(Point from, Point to, List<Point> via) {
    }

    enum Color { RED, GREEN { @Override public String toString() { return "g"; } }, BLUE }

    static final class Immutable {
        private final int a;
        private final String b;
        private final Color color;

        Immutable(int a, String b, Color color) {
            this.a = a;
            this.b = b;
            this.color = color;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Immutable i && i.a == a && Objects.equals(i.b, b) && i.color == color;
        }

        @Override
        public int hashCode() {
            return a;
        }
    }

    static final class Holder {
        Map<String, List<Point>> byName = new HashMap<>();
        Color[] colors;
        Object anything;
        Color single;

        @Override
        public boolean equals(Object o) {
            return o instanceof Holder h && h.byName.equals(byName) && java.util.Arrays.equals(h.colors, colors)
                    && Objects.deepEquals(h.anything, anything) && h.single == single;
        }

        @Override
        public int hashCode() {
            return byName.hashCode();
        }
    }

    static final class NoUsableConstructor {
        private final int a;
        private final int b;

        NoUsableConstructor(int sum) {
            this.a = sum;
            this.b = sum;
        }
    }

    class Inner {
        int x;
    }

    private final Peregrine p = Peregrine.builder()
            .register(Derived.class, Point.class, Line.class, Color.class, Immutable.class, Holder.class)
            .build();

    @Test
    void privateFinalAndSuperclassFieldsRoundTrip() {
        Derived d = new Derived(123_456_789_012L);
        d.flag = true;
        d.boxed = -5;
        d.c = '\u20ac';
        d.b = -1;
        d.s = 300;
        d.f = 1.5f;
        d.d = Math.PI;
        ((Base) d).baseValue = 7;
        ((Base) d).shared = "from base";
        d.cache = 1;
        Derived back = p.deserialize(check(p, d), Derived.class);
        assertEquals("from base", ((Base) back).shared, "hidden superclass field kept apart");
        assertEquals(99, back.cache, "transient field skipped (constructor default)");
        check(p, new Derived());
    }

    @Test
    void recordsUseTheirCanonicalConstructor() {
        check(p, new Point(1, -2, "p"));
        check(p, new Point(0, 0, null));
        check(p, new Line(new Point(1, 2, "a"), new Point(3, 4, null), List.of(new Point(5, 6, "v"))));
    }

    @Test
    void classesWithoutNoArgConstructorUseAFieldConstructor() {
        check(p, new Immutable(5, "five", Color.GREEN));
        check(p, new Immutable(0, null, null));
    }

    @Test
    void enumsIncludingConstantBodies() {
        check(p, Color.RED);
        check(p, Color.GREEN);
        assertEquals(Color.GREEN, p.deserialize(p.serialize(Color.GREEN)));
        Holder h = new Holder();
        h.colors = new Color[] {Color.GREEN, null, Color.BLUE};
        h.single = Color.GREEN;
        check(p, h);
    }

    /** A type variable inside its own bound: resolving it naively never ends. */
    record Ranked<T extends Comparable<T>>(T best, List<T> all, Map<String, T[]> byName) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Ranked<?> r && Objects.equals(r.best, best) && Objects.equals(r.all, all)
                    && r.byName.keySet().equals(byName.keySet())
                    && byName.keySet().stream().allMatch(k -> java.util.Arrays.equals(r.byName.get(k), byName.get(k)));
        }

        @Override
        public int hashCode() {
            return Objects.hash(best, all);
        }
    }

    /** The same through Enum's own variable. */
    record Tagged<E extends Enum<E>>(E one, java.util.EnumSet<E> some, Map<E, List<E>> byTag) { }

    @Test
    void typeVariablesInsideTheirOwnBounds() {
        Ranked<String> ranked = new Ranked<>("z", new ArrayList<>(List.of("a", "b")),
                new HashMap<>(Map.of("k", new String[] {"x", null})));
        Tagged<Color> tagged = new Tagged<>(Color.GREEN, java.util.EnumSet.of(Color.RED, Color.BLUE),
                new HashMap<>(Map.of(Color.RED, new ArrayList<>(List.of(Color.BLUE)))));
        for (boolean compatible : new boolean[] {false, true}) {
            Peregrine q = Peregrine.builder().register(Ranked.class, Tagged.class, Color.class)
                    .compatible(compatible).build();
            check(q, ranked);
            check(q, tagged);
            check(q, new Ranked<Integer>(7, new ArrayList<>(List.of(1)), new HashMap<>()));
        }
    }

    @Test
    void nestedGenericFieldsAndObjectFields() {
        Holder h = new Holder();
        h.byName.put("a", new ArrayList<>(List.of(new Point(1, 1, "x"), new Point(2, 2, null))));
        h.byName.put("empty", new ArrayList<>());
        h.anything = new int[] {1, 2};
        check(p, h);
        h.anything = new Point(9, 9, "z");
        check(p, h);
        h.anything = List.of(Color.BLUE, "s", 3);
        check(p, h);
    }

    @Test
    void declaredTypeOmitsTheTag() {
        // header, root tag, bitmap (1 byte: label present), x, y, label "p" (2 bytes)
        check(p, new Point(1, 2, "p"), 1 + 1 + 1 + 1 + 1 + 2);
        // a Codec omits the root tag as well (and carries the fingerprint)
        assertEquals(6 + RoundTrip.FINGERPRINT, p.codec(Point.class).encode(new Point(1, 2, "p")).length);
    }

    @Test
    void unsupportedShapesFailWhenFirstSeen() {
        Peregrine loose = Peregrine.builder().requireRegistration(false).build();
        UnsupportedTypeException e = assertThrows(UnsupportedTypeException.class,
                () -> loose.serialize(new NoUsableConstructor(3)));
        assertTrue(e.getMessage().contains("NoUsableConstructor"), e.getMessage());
        assertThrows(UnsupportedTypeException.class, () -> loose.serialize(new Inner()));
        Runnable lambda = () -> { };
        assertThrows(UnsupportedTypeException.class, () -> loose.serialize(lambda));
    }

    /** JDK collections keep their elements in transient fields a subclass cannot expose. */
    static final class TaggedSet extends java.util.HashSet<String> {
        int extra;
    }

    static final class Trail extends java.util.LinkedList<String> {
    }

    static final class Backlog extends java.util.concurrent.ConcurrentLinkedQueue<Integer> {
    }

    /** A skeleton's only fields are transient caches: the subclass's own fields are the whole state. */
    static final class Window extends java.util.AbstractList<String> {
        String[] items = {};

        @Override
        public String get(int i) {
            return items[i];
        }

        @Override
        public int size() {
            return items.length;
        }
    }

    @Test
    void subclassesOfJdkCollectionsAreRefusedNotEmptied() {
        TaggedSet set = new TaggedSet();
        set.add("kept?");
        Trail trail = new Trail();
        trail.add("x");
        Backlog backlog = new Backlog();
        backlog.add(1);
        for (boolean compatible : new boolean[] {false, true}) {
            Peregrine loose = Peregrine.builder().requireRegistration(false).compatible(compatible).build();
            for (Object value : List.of(set, trail, backlog)) {
                UnsupportedTypeException e = assertThrows(UnsupportedTypeException.class,
                        () -> loose.serialize(value));
                assertTrue(e.getMessage().contains(value.getClass().getName() + " extends java.util."),
                        e.getMessage());
            }
            Window window = new Window();
            window.items = new String[] {"a", null, "c"};
            check(loose, window);
        }
    }

    @Test
    void withoutRegistrationClassesTravelByName() {
        Peregrine loose = Peregrine.builder().requireRegistration(false).build();
        check(loose, new Point(3, 4, "named"));
        Derived d = new Derived(5);
        check(loose, d);
    }

    @Test
    void nullFieldsCostOnlyABit() {
        Holder h = new Holder();
        h.byName = null;
        Holder back = p.deserialize(p.serialize(h), Holder.class);
        assertNull(back.byName);
        assertNull(back.anything);
    }
}
