package dev.peregrine.codegen;

import dev.peregrine.buffer.BufferWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The generated backend and the interpreter write the same bytes for every shape of class, and each
 * reads what the other wrote: decoding with one backend and re-encoding with the other gives the
 * bytes back.
 */
class BackendEquivalenceTest {

    static final class Primitives {
        private boolean z;
        private byte b;
        private short s;
        private char c;
        private int i;
        private long l;
        private float f;
        private double d;
        private Boolean boxZ;
        private Byte boxB;
        private Short boxS;
        private Character boxC;
        private Integer boxI;
        private Long boxL;
        private Float boxF;
        private Double boxD;
    }

    static final class Finals {
        private final int count;
        private final String name;
        private final long stamp;
        private boolean open;

        Finals() {
            count = 0;
            name = "unset";
            stamp = 0;
        }
    }

    static final class Derived extends OtherNestBase {
        private int own;
        private String label;
    }

    static class SameNestBase {
        private int hidden;
        protected String shared = "base";
    }

    static final class SameNestDerived extends SameNestBase {
        private String shared = "derived";
        private transient int skipped = 7;
        private double value;
    }

    record Point(int x, int y, String label) {
    }

    record Line(Point from, Point to, List<Point> via) {
    }

    enum Color { RED, GREEN { @Override public String toString() { return "g"; } }, BLUE }

    static final class Built {
        private final int a;
        private final String b;
        private final long c;
        private short later;
        private final Long fixedLater = 1L;

        Built(int a, String b, long c) {
            this.a = a;
            this.b = b;
            this.c = c;
        }
    }

    static final class Holder {
        Map<String, List<Point>> byName = new HashMap<>();
        Color[] colors;
        Color single;
        Object anything;
        int[] numbers;
        String[] words;
        Point[] points;
        Built built;
    }

    /** Fields that may hold lists of one final class, which generated codecs write by their own path. */
    static final class Route {
        List<Point> stops;
        java.util.Collection<String> tags;
        ArrayList<Point> exact;
        Iterable<Point> any;
        List<Line> lines;
    }

    /** Fields that may hold maps from one final class to another, which generated codecs write by their own path. */
    static final class Ledger {
        Map<String, Integer> counts;
        HashMap<Integer, Point> byId;
        java.util.AbstractMap<String, String> names;
        Map<String, List<Point>> notExact;
    }

    static final class Node {
        int value;
        Node next;
    }

    /** A tree whose lists of children are field values of its own class. */
    static final class Branch {
        int id;
        List<Branch> kids;
    }

    private static Branch branches(int levels) {
        Branch b = new Branch();
        b.id = levels;
        if (levels > 0) {
            b.kids = new ArrayList<>(java.util.Arrays.asList(branches(levels - 1), null));
        }
        return b;
    }

    static final class Empty {
    }

    static final class OnlyPrimitives {
        int a;
        long b;
        double c;
    }

    private static final Class<?>[] FILLED = {
        Primitives.class, Finals.class, Derived.class, SameNestDerived.class, Point.class, Struct104.class,
        WideBitmap.class, WideRecord.class, Fields20.class, Empty.class, OnlyPrimitives.class,
    };

    static Stream<Object> catalogue() throws ReflectiveOperationException {
        List<Object> values = new ArrayList<>();
        for (long seed = 1; seed <= 4; seed++) {
            Filler filler = new Filler(seed);
            for (Class<?> c : FILLED) {
                values.add(filler.fill(c));
            }
        }
        values.add(new Line(new Point(1, 2, "a"), new Point(-3, 4, null), List.of(new Point(5, 6, "v"))));
        values.add(new Built(5, "five", -5L));
        values.add(new Built(0, null, Long.MAX_VALUE));
        values.add(holder());
        values.add(new Holder());
        values.add(chain(5));
        values.addAll(routes());
        values.addAll(ledgers());
        return values.stream();
    }

    private static Holder holder() {
        Holder h = new Holder();
        h.byName.put("a", new ArrayList<>(List.of(new Point(1, 1, "x"), new Point(2, 2, null))));
        h.colors = new Color[] {Color.GREEN, null, Color.BLUE};
        h.single = Color.GREEN;
        h.anything = new Point(9, 9, "z");
        h.numbers = new int[] {1, -1, Integer.MAX_VALUE};
        h.words = new String[] {"w", null};
        h.points = new Point[] {new Point(0, 0, ""), null};
        h.built = new Built(1, "one", 1);
        h.built.later = 42;
        return h;
    }

    private static List<Route> routes() {
        Route usual = new Route();
        usual.stops = new ArrayList<>(List.of(new Point(1, 2, "a"), new Point(3, 4, null)));
        usual.tags = new ArrayList<>(List.of("x", "", "zz"));
        usual.exact = new ArrayList<>();
        usual.any = new ArrayList<>(java.util.Arrays.asList(null, null));
        Route nulls = new Route();
        List<Point> ten = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ten.add(i == 0 || i == 4 || i == 9 ? null : new Point(i, -i, "p" + i));
        }
        nulls.stops = ten;
        nulls.exact = new ArrayList<>(java.util.Arrays.asList(new Point(0, 0, ""), null));
        nulls.any = new ArrayList<>(java.util.Arrays.asList(new Point(8, 8, "eight"), null, new Point(9, 9, "")));
        nulls.tags = new ArrayList<>(java.util.Arrays.asList("t", null));
        Route others = new Route();
        others.stops = new java.util.LinkedList<>(List.of(new Point(5, 5, "linked")));
        others.tags = List.of("immutable");
        others.exact = new ArrayList<>(List.of(new Point(7, 7, "seven")));
        // A null after elements that hold lists of their own: the write of the list found the null
        // only after writing those elements, and must end as the interpreter's write does.
        Route late = new Route();
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            lines.add(new Line(new Point(i, i, "from"), new Point(-i, i, null),
                    new ArrayList<>(List.of(new Point(i, 0, "via"), new Point(0, i, "via")))));
        }
        lines.add(null);
        late.lines = lines;
        late.stops = new ArrayList<>(java.util.Arrays.asList(new Point(1, 1, "one"), new Point(2, 2, "two"), null));
        return List.of(usual, nulls, others, late);
    }

    private static List<Ledger> ledgers() {
        Ledger usual = new Ledger();
        usual.counts = new HashMap<>(Map.of("count", 5, "version", 2));
        usual.byId = new HashMap<>(Map.of(1, new Point(1, 1, "one"), -7, new Point(-7, 0, null)));
        usual.names = new HashMap<>();
        usual.notExact = new HashMap<>(Map.of("p", List.of(new Point(2, 2, "two"))));
        Ledger nulls = new Ledger();
        nulls.counts = new HashMap<>();
        for (int i = 0; i < 10; i++) {
            nulls.counts.put("k" + i, i == 0 || i == 4 || i == 9 ? null : i * 1000);
        }
        nulls.counts.put(null, 1);
        nulls.byId = new HashMap<>();
        nulls.byId.put(null, null);
        nulls.names = new HashMap<>();
        nulls.names.put("a", null);
        nulls.names.put("b", null);
        Ledger others = new Ledger();
        others.counts = new java.util.LinkedHashMap<>(Map.of("linked", 1));
        others.byId = new java.util.LinkedHashMap<>(Map.of(3, new Point(3, 3, "three")));
        others.names = new java.util.TreeMap<>(Map.of("z", "last", "a", "first"));
        return List.of(usual, nulls, others, new Ledger());
    }

    private static Node chain(int n) {
        Node head = null;
        for (int i = 0; i < n; i++) {
            Node node = new Node();
            node.value = i;
            node.next = head;
            head = node;
        }
        return head;
    }

    @ParameterizedTest
    @MethodSource("catalogue")
    void sameBytesEitherWay(Object value) {
        for (boolean references : new boolean[] {false, true}) {
            Backends generated = Backends.generated();
            Backends interpreted = Backends.interpreted();
            byte[] expected = interpreted.encode(value, references);
            byte[] actual = generated.encode(value, references);
            assertArrayEquals(expected, actual, () -> "bytes of " + value.getClass().getSimpleName());
            BufferWriter exact = BufferWriter.bounded(new byte[expected.length + 2], 1, expected.length + 1);
            assertArrayEquals(expected, generated.encode(value, references, exact),
                    "into a bounded writer with no room to spare (the checked path of each run)");
            assertArrayEquals(expected, interpreted.encode(generated.decode(expected, references), references),
                    "generated read, interpreted write");
            assertArrayEquals(expected, generated.encode(interpreted.decode(expected, references), references),
                    "interpreted read, generated write");
        }
    }

    @Test
    void listFieldsReadAgainThroughTheRememberedTag() {
        // A list field's own read path starts once its slot remembers the list's tag, that is from
        // the second value read by the same codec.
        Backends interpreted = Backends.interpreted();
        for (Route route : routes()) {
            Backends generated = Backends.generated();
            byte[] expected = interpreted.encode(route, false);
            for (int pass = 0; pass < 3; pass++) {
                assertArrayEquals(expected, interpreted.encode(generated.decode(expected, false), false),
                        "pass " + pass);
                assertArrayEquals(expected, generated.encode(route, false), "pass " + pass);
            }
        }
    }

    @Test
    void listsInListsThatEndInANullRewindOnceEach() {
        // Every list ends in a null, found after its first element (and the lists inside it) was
        // written, so the generated write rewinds it and writes it again. Were the lists inside
        // to rewind again in each rewrite, these 40 levels would take 2^40 list writes; the slot's
        // first rewind makes it check its lists first instead. The bytes are the interpreter's in
        // the first pass, where that happens, and in the passes after it.
        Branch root = branches(40);
        byte[] expected = Backends.interpreted().encode(root, false);
        Backends generated = Backends.generated();
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> {
            for (int pass = 0; pass < 3; pass++) {
                assertArrayEquals(expected, generated.encode(root, false), "pass " + pass);
            }
        });
    }

    @Test
    void mapFieldsReadAgainThroughTheRememberedTag() {
        Backends interpreted = Backends.interpreted();
        for (Ledger ledger : ledgers()) {
            Backends generated = Backends.generated();
            byte[] expected = interpreted.encode(ledger, false);
            for (int pass = 0; pass < 3; pass++) {
                assertArrayEquals(expected, interpreted.encode(generated.decode(expected, false), false),
                        "pass " + pass);
                assertArrayEquals(expected, generated.encode(ledger, false), "pass " + pass);
            }
        }
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aMapWithAKeyOrValueOfAnotherClassIsRefusedAsTheInterpreterRefusesIt() {
        Map pollutedKeys = new HashMap<>(Map.of("count", 1));
        pollutedKeys.put(2, 2);
        Map pollutedValues = new HashMap<>(Map.of("count", 1));
        pollutedValues.put("two", 2L);
        for (Map polluted : List.of(pollutedKeys, pollutedValues)) {
            Ledger ledger = new Ledger();
            ledger.counts = polluted;
            Backends.assertBothWritersRefuse(ledger, polluted.containsKey(2) ? Integer.class : Long.class,
                    polluted.containsKey(2) ? String.class : Integer.class);
        }
    }

    /** A map whose value class has no codec: an empty map is still written, and read. */
    static final class Bookmarks {
        Map<String, java.net.URI> byName = new HashMap<>();
    }

    @Test
    void aMapFieldOfAnUnsupportedValueClassStaysWritableWhileEmpty() {
        Backends generated = Backends.generated();
        Backends interpreted = Backends.interpreted();
        Bookmarks marks = new Bookmarks();
        for (int pass = 0; pass < 2; pass++) {
            byte[] expected = interpreted.encode(marks, false);
            assertArrayEquals(expected, generated.encode(marks, false));
            assertArrayEquals(expected, interpreted.encode(generated.decode(expected, false), false));
        }
        marks.byName.put("home", java.net.URI.create("https://example.org"));
        assertThrows(dev.peregrine.UnsupportedTypeException.class, () -> generated.encode(marks, false));
    }

    /** A list whose element class has no codec: an empty list is still written, and read. */
    static final class Links {
        List<java.net.URI> links = new ArrayList<>();
    }

    @Test
    void aListFieldOfAnUnsupportedElementClassStaysWritableWhileEmpty() {
        Backends generated = Backends.generated();
        Backends interpreted = Backends.interpreted();
        Links links = new Links();
        for (int pass = 0; pass < 2; pass++) {
            byte[] expected = interpreted.encode(links, false);
            assertArrayEquals(expected, generated.encode(links, false));
            assertArrayEquals(expected, interpreted.encode(generated.decode(expected, false), false));
        }
        links.links.add(java.net.URI.create("https://example.org"));
        assertThrows(dev.peregrine.UnsupportedTypeException.class, () -> generated.encode(links, false));
    }

    @Test
    void listFieldsOfOneFinalClassAreWrittenAndReadByLoopsOfTheCodecsOwn() {
        // The bytes of these loops are pinned by the tests around this one (and ListRewindTest);
        // here, that they exist, in both formats: were they not emitted, those tests would pass
        // through the shared loops and prove nothing of them.
        java.util.Set<String> expected = new java.util.HashSet<>();
        for (String field : List.of("stops", "tags", "exact", "any", "lines")) {
            expected.add("writeList$" + field);
            expected.add("readList$" + field);
        }
        assertEquals(expected, loops(Backends.generated().codecFor(Route.class)));
        dev.peregrine.registry.TypeRegistry compatible = new dev.peregrine.registry.TypeRegistry(Map.of(), false,
                Route.class.getClassLoader(), dev.peregrine.codec.Limits.DEFAULT);
        assertEquals(expected,
                loops(CodecFactory.generate(dev.peregrine.type.TypeModel.of(Route.class), compatible)));
    }

    @Test
    void listFieldsAreChargedAndNestedAsTheInterpreterReadsThem() throws ReflectiveOperationException {
        // The generated read loop of a short list charges its header and enters its level itself;
        // the budget left and the shallowest depth limit that reads each route must be the
        // interpreter's, for lists it reads and for lists it hands back (nulls, ten elements).
        List<Route> all = new ArrayList<>(routes());
        Route nested = new Route();
        nested.lines = new ArrayList<>(List.of(new Line(new Point(1, 1, "a"), new Point(2, 2, "b"),
                new ArrayList<>(List.of(new Point(3, 3, "c"), new Point(4, 4, null))))));
        nested.stops = new ArrayList<>(List.of(new Point(5, 5, "e")));
        all.add(nested);
        for (Route route : all) {
            assertReadAsTheInterpreterReadsIt(route);
        }
    }

    @Test
    void mapFieldsOfFinalClassesAreReadByALoopOfTheCodecsOwn() {
        // As for lists: the bytes are pinned by the tests around this one; here, that the loops
        // exist in the same-schema format, and in the compatible one for the maps whose keys and
        // values are built-in classes (a user class's values carry defs: byId keeps the general path).
        java.util.Set<String> expected = new java.util.HashSet<>(
                List.of("readMap$counts", "readMap$byId", "readMap$names"));
        assertEquals(expected, loops(Backends.generated().codecFor(Ledger.class)));
        dev.peregrine.registry.TypeRegistry compatible = new dev.peregrine.registry.TypeRegistry(Map.of(), false,
                Ledger.class.getClassLoader(), dev.peregrine.codec.Limits.DEFAULT);
        assertEquals(java.util.Set.of("readMap$counts", "readMap$names"),
                loops(CodecFactory.generate(dev.peregrine.type.TypeModel.of(Ledger.class), compatible)));
    }

    @Test
    void mapFieldsAreChargedAndNestedAsTheInterpreterReadsThem() throws ReflectiveOperationException {
        // The map loop charges the map's header and enters its level itself, and hands maps with
        // nulls back after reading their header; every ledger (empty maps, nulls, maps of other
        // classes) must leave the interpreter's budget and shallowest depth limit.
        List<Ledger> all = new ArrayList<>(ledgers());
        Ledger pointed = new Ledger();
        pointed.byId = new HashMap<>(Map.of(3, new Point(3, 3, "three")));
        all.add(pointed);
        for (Ledger ledger : all) {
            assertReadAsTheInterpreterReadsIt(ledger);
        }
    }

    @Test
    void aMapWithTwoEqualKeysIsRefusedByBothBackends() {
        Ledger ledger = new Ledger();
        ledger.counts = new HashMap<>(Map.of("k1", 1, "k2", 2));
        byte[] bytes = Backends.interpreted().encode(ledger, false);
        int at = -1;
        for (int i = 0; i + 1 < bytes.length; i++) {
            if (bytes[i] == 'k' && bytes[i + 1] == '2') {
                at = i + 1;
            }
        }
        bytes[at] = '1';
        for (Backends backends : new Backends[] {Backends.generated(), Backends.interpreted()}) {
            dev.peregrine.MalformedInputException e = assertThrows(dev.peregrine.MalformedInputException.class,
                    () -> backends.decode(bytes, false));
            assertEquals(true, e.getMessage().contains("holds 2 keys of which only 1 are distinct"), e.getMessage());
        }
    }

    /**
     * Reads {@code value}'s bytes on both backends: the budget left and the shallowest depth limit
     * under which they read must be the same.
     */
    private static void assertReadAsTheInterpreterReadsIt(Object value) throws ReflectiveOperationException {
        byte[] bytes = Backends.interpreted().encode(value, false);
        long[] left = new long[2];
        int[] shallowest = new int[2];
        Backends[] both = {Backends.generated(), Backends.interpreted()};
        for (int k = 0; k < 2; k++) {
            dev.peregrine.codec.ReadContext ctx = readContext(both[k], bytes, dev.peregrine.codec.Limits.DEFAULT);
            ctx.readAny(null);
            java.lang.reflect.Field budget = dev.peregrine.codec.ReadContext.class.getDeclaredField("budget");
            budget.setAccessible(true);
            left[k] = budget.getLong(ctx);
            shallowest[k] = shallowestLimit(both[k], bytes);
        }
        assertEquals(left[1], left[0], "budget left");
        assertEquals(shallowest[1], shallowest[0], "shallowest depth limit");
    }

    private static dev.peregrine.codec.ReadContext readContext(Backends backends, byte[] bytes,
                                                              dev.peregrine.codec.Limits limits) {
        return new dev.peregrine.codec.ReadContext(new dev.peregrine.buffer.ArrayReader(bytes, 0, bytes.length),
                backends, limits, false);
    }

    /** The smallest depth limit under which {@code bytes} read. */
    private static int shallowestLimit(Backends backends, byte[] bytes) {
        for (int limit = 1; ; limit++) {
            try {
                readContext(backends, bytes, new dev.peregrine.codec.Limits(limit, 1 << 20, 1 << 20, 64, 1 << 20,
                        1 << 20)).readAny(null);
                return limit;
            } catch (dev.peregrine.LimitExceededException e) {
                // deeper
            }
        }
    }

    /**
     * The loop methods of a generated codec, as {@code writeList$}, {@code readList$} or
     * {@code readMap$} and their field.
     */
    private static java.util.Set<String> loops(Object codec) {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (java.lang.reflect.Method m : codec.getClass().getDeclaredMethods()) {
            if (m.getName().startsWith("writeList$") || m.getName().startsWith("readList$")
                    || m.getName().startsWith("readMap$")) {
                names.add(m.getName().substring(0, m.getName().lastIndexOf('$')));
            }
        }
        return names;
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aListWithAnElementOfAnotherClassIsRefusedAsTheInterpreterRefusesIt() {
        // A raw-typed add can put any object in a List<Point>; the generated path for lists of one
        // final class must notice and refuse it as the interpreter does.
        List polluted = new ArrayList<>(List.of(new Point(6, 6, "six")));
        polluted.add("not a point");
        Route route = new Route();
        route.stops = polluted;
        Backends.assertBothWritersRefuse(route, String.class, Point.class);
    }

    @Test
    void fieldsLandWhereTheyBelong() {
        SameNestDerived d = new SameNestDerived();
        ((SameNestBase) d).shared = "from base";
        d.value = 2.5;
        Backends generated = Backends.generated();
        SameNestDerived back = (SameNestDerived) generated.decode(generated.encode(d, false), false);
        assertEquals("from base", ((SameNestBase) back).shared);
        assertEquals("derived", back.shared);
        assertEquals(7, back.skipped, "transient field keeps its constructor value");
        Built b = new Built(3, "three", 33);
        b.later = 9;
        Built builtBack = (Built) generated.decode(generated.encode(b, false), false);
        assertEquals(3, builtBack.a);
        assertEquals("three", builtBack.b);
        assertEquals(33, builtBack.c);
        assertEquals(9, builtBack.later);
    }

    @Test
    void cyclesThroughGeneratedCodecs() {
        Node a = new Node();
        Node b = new Node();
        a.next = b;
        b.next = a;
        Backends generated = Backends.generated();
        byte[] bytes = generated.encode(a, true);
        assertArrayEquals(Backends.interpreted().encode(a, true), bytes);
        Node back = (Node) generated.decode(bytes, true);
        assertSame(back, back.next.next);
    }
}
