package dev.peregrine.codec;

import java.time.DayOfWeek;
import java.time.Month;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
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
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The JDK types Peregrine handles without registration, their fixed type tags, and their codecs.
 *
 * <p>Tags are part of the wire format ({@code docs/FORMAT.md}); they never change within a format
 * version. Several classes may share a tag when they are forms of one thing ({@code List.of} has
 * two implementation classes); the first class listed for a tag is the one a reader produces. This
 * table holds only JDK classes, so it is safely static.
 */
public final class Builtins {
    /** Tag of a null root. */
    public static final int NULL = 0;
    /** Tag meaning "exactly the slot's declared type". */
    public static final int DECLARED = 1;
    /** Tag followed by a class name, when registration is not required. */
    public static final int NAMED = 2;
    /** Tag followed by the component's tag. */
    public static final int OBJECT_ARRAY = 3;
    /** First tag of user-registered classes: user id {@code n} is tag {@code USER_BASE + n}. */
    public static final int USER_BASE = 96;

    private static final Class<?>[] CLASS_BY_TAG = new Class<?>[USER_BASE];
    private static final TypeCodec<?>[] CODEC_BY_TAG = new TypeCodec<?>[USER_BASE];
    private static final Map<Class<?>, Integer> TAG_BY_CLASS = new HashMap<>();

    static {
        scalars();
        primitiveArrays();
        time();
        collections();
        wrappers();
        abstractComponents();
    }

    private Builtins() {
    }

    private static void scalars() {
        add(4, ScalarCodecs.BOOLEAN, Boolean.class);
        add(5, ScalarCodecs.BYTE, Byte.class);
        add(6, ScalarCodecs.SHORT, Short.class);
        add(7, ScalarCodecs.CHAR, Character.class);
        add(8, ScalarCodecs.INT, Integer.class);
        add(9, ScalarCodecs.LONG, Long.class);
        add(10, ScalarCodecs.FLOAT, Float.class);
        add(11, ScalarCodecs.DOUBLE, Double.class);
        add(12, ScalarCodecs.STRING, String.class);
        add(21, ScalarCodecs.BIG_INTEGER, java.math.BigInteger.class);
        add(22, ScalarCodecs.BIG_DECIMAL, java.math.BigDecimal.class);
        add(23, ScalarCodecs.UUID_CODEC, java.util.UUID.class);
        add(24, ScalarCodecs.OPTIONAL, java.util.Optional.class);
        add(25, ScalarCodecs.OPTIONAL_INT, java.util.OptionalInt.class);
        add(26, ScalarCodecs.OPTIONAL_LONG, java.util.OptionalLong.class);
        add(27, ScalarCodecs.OPTIONAL_DOUBLE, java.util.OptionalDouble.class);
    }

    private static void primitiveArrays() {
        add(13, new PrimitiveArrayCodecs.Booleans(), boolean[].class);
        add(14, new PrimitiveArrayCodecs.Bytes(), byte[].class);
        add(15, new PrimitiveArrayCodecs.Shorts(), short[].class);
        add(16, new PrimitiveArrayCodecs.Chars(), char[].class);
        add(17, new PrimitiveArrayCodecs.Ints(), int[].class);
        add(18, new PrimitiveArrayCodecs.Longs(), long[].class);
        add(19, new PrimitiveArrayCodecs.Floats(), float[].class);
        add(20, new PrimitiveArrayCodecs.Doubles(), double[].class);
    }

    private static void time() {
        add(28, TimeCodecs.INSTANT, java.time.Instant.class);
        add(29, TimeCodecs.LOCAL_DATE, java.time.LocalDate.class);
        add(30, TimeCodecs.LOCAL_TIME, java.time.LocalTime.class);
        add(31, TimeCodecs.LOCAL_DATE_TIME, java.time.LocalDateTime.class);
        add(32, TimeCodecs.OFFSET_DATE_TIME, java.time.OffsetDateTime.class);
        add(33, TimeCodecs.OFFSET_TIME, java.time.OffsetTime.class);
        add(34, TimeCodecs.ZONED_DATE_TIME, java.time.ZonedDateTime.class);
        add(35, TimeCodecs.DURATION, java.time.Duration.class);
        add(36, TimeCodecs.PERIOD, java.time.Period.class);
        add(37, TimeCodecs.YEAR, java.time.Year.class);
        add(38, TimeCodecs.YEAR_MONTH, java.time.YearMonth.class);
        add(39, TimeCodecs.MONTH_DAY, java.time.MonthDay.class);
        add(40, TimeCodecs.ZONE_OFFSET, java.time.ZoneOffset.class);
        add(41, TimeCodecs.ZONE_REGION, ZoneId.of("Europe/Paris").getClass());
        add(42, new EnumCodec(DayOfWeek.class), DayOfWeek.class);
        add(43, new EnumCodec(Month.class), Month.class);
    }

    private static void collections() {
        add(44, mutable(ArrayList::new), ArrayList.class);
        add(45, mutable(n -> new LinkedList<>()), LinkedList.class);
        add(46, mutable(ArrayDeque::new), ArrayDeque.class);
        add(47, mutable(n -> new HashSet<>(CodecSupport.hashCapacity(n))), HashSet.class);
        add(48, mutable(Builtins::linkedSet), LinkedHashSet.class);
        add(49, mutable(n -> new TreeSet<>()), TreeSet.class);
        add(50, mutableMap(n -> new HashMap<>(CodecSupport.hashCapacity(n))), HashMap.class);
        add(51, mutableMap(Builtins::linkedMap), LinkedHashMap.class);
        add(52, mutableMap(n -> new TreeMap<>()), TreeMap.class);
        add(53, new EnumSetCodec(), EnumSet.class, EnumSet.noneOf(DayOfWeek.class).getClass(),
                jumboEnumSetClass());
        add(54, new EnumMapCodec(), EnumMap.class);
        add(55, collection(ArrayList::new, Builtins::immutableList, -1), List.of(1, 2, 3).getClass(),
                List.of(1).getClass(), List.of().getClass());
        add(56, collection(Builtins::linkedSet, c -> Set.copyOf(c), -1), Set.of(1, 2, 3).getClass(),
                Set.of(1).getClass(), Set.of().getClass());
        add(57, map(Builtins::linkedMap, m -> Map.copyOf(m), -1), Map.of(1, 1, 2, 2).getClass(),
                Map.of(1, 1).getClass(), Map.of().getClass());
        add(73, collection(ArrayList::new, c -> Arrays.asList(c.toArray()), -1), Arrays.asList(1).getClass());
        add(74, mutableMap(ConcurrentHashMap::new), ConcurrentHashMap.class);
    }

    private static void wrappers() {
        add(58, collection(ArrayList::new, Collections::unmodifiableCollection, -1),
                Collections.unmodifiableCollection(new ArrayList<>()).getClass());
        add(59, collection(ArrayList::new, c -> Collections.unmodifiableList((List<Object>) c), -1),
                Collections.unmodifiableList(new ArrayList<>()).getClass());
        add(60, collection(n -> new LinkedList<>(), c -> Collections.unmodifiableList((List<Object>) c), -1),
                Collections.unmodifiableList(new LinkedList<>()).getClass());
        add(61, collection(Builtins::linkedSet, c -> Collections.unmodifiableSet((Set<Object>) c), -1),
                Collections.unmodifiableSet(new HashSet<>()).getClass());
        add(62, collection(n -> new TreeSet<>(), c -> Collections.unmodifiableSortedSet((SortedSet<Object>) c), -1),
                Collections.unmodifiableSortedSet(new TreeSet<>()).getClass());
        add(63, collection(n -> new TreeSet<>(), c -> Collections.unmodifiableNavigableSet((NavigableSet<Object>) c), -1),
                Collections.unmodifiableNavigableSet(new TreeSet<>()).getClass());
        add(64, map(Builtins::linkedMap, Collections::unmodifiableMap, -1),
                Collections.unmodifiableMap(new HashMap<>()).getClass());
        add(65, map(n -> new TreeMap<>(), m -> Collections.unmodifiableSortedMap((SortedMap<Object, Object>) m), -1),
                Collections.unmodifiableSortedMap(new TreeMap<>()).getClass());
        add(66, map(n -> new TreeMap<>(), m -> Collections.unmodifiableNavigableMap((NavigableMap<Object, Object>) m), -1),
                Collections.unmodifiableNavigableMap(new TreeMap<>()).getClass());
        add(67, collection(n -> new ArrayList<>(), c -> Collections.emptyList(), 0), Collections.emptyList().getClass());
        add(68, collection(n -> new ArrayList<>(), c -> Collections.emptySet(), 0), Collections.emptySet().getClass());
        add(69, map(n -> new HashMap<>(), m -> Collections.emptyMap(), 0), Collections.emptyMap().getClass());
        add(70, collection(ArrayList::new, c -> Collections.singletonList(c.iterator().next()), 1),
                Collections.singletonList(1).getClass());
        add(71, collection(ArrayList::new, c -> Collections.singleton(c.iterator().next()), 1),
                Collections.singleton(1).getClass());
        add(72, map(Builtins::linkedMap, Builtins::singletonMap, 1), Collections.singletonMap(1, 1).getClass());
    }

    /** Types with no codec of their own that still name the component of an array class. */
    private static void abstractComponents() {
        add(75, null, Object.class);
        add(76, null, Number.class);
        add(77, null, CharSequence.class);
        add(78, null, Collection.class);
        add(79, null, List.class);
        add(80, null, Set.class);
        add(81, null, Map.class);
        add(82, null, Comparable.class);
    }

    private static LinkedHashSet<Object> linkedSet(int n) {
        return new LinkedHashSet<>(CodecSupport.hashCapacity(n));
    }

    private static LinkedHashMap<Object, Object> linkedMap(int n) {
        return new LinkedHashMap<>(CodecSupport.hashCapacity(n));
    }

    private static Map<Object, Object> singletonMap(Map<Object, Object> m) {
        Map.Entry<Object, Object> e = m.entrySet().iterator().next();
        return Collections.singletonMap(e.getKey(), e.getValue());
    }

    private static Collection<Object> immutableList(Collection<Object> c) {
        // Perf: not hot; List.of rejects nulls, which a Stream.toList() list may hold.
        return c.contains(null) ? Arrays.stream(c.toArray()).toList() : List.copyOf(c);
    }

    private static Class<?> jumboEnumSetClass() {
        return EnumSet.noneOf(Wide.class).getClass();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static CollectionCodec mutable(IntFunction<? extends Collection> builder) {
        return new CollectionCodec((IntFunction) builder, null, -1);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static CollectionCodec collection(IntFunction<? extends Collection> builder,
                                              Function<Collection<Object>, Collection<Object>> finisher, int size) {
        return new CollectionCodec((IntFunction) builder, finisher, size);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static MapCodec mutableMap(IntFunction<? extends Map> builder) {
        return new MapCodec((IntFunction) builder, null, -1);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static MapCodec map(IntFunction<? extends Map> builder,
                                Function<Map<Object, Object>, Map<Object, Object>> finisher, int size) {
        return new MapCodec((IntFunction) builder, finisher, size);
    }

    private static void add(int tag, TypeCodec<?> codec, Class<?>... classes) {
        if (CLASS_BY_TAG[tag] != null) {
            throw new IllegalStateException("tag " + tag + " used twice");
        }
        CLASS_BY_TAG[tag] = classes[0];
        CODEC_BY_TAG[tag] = codec;
        for (Class<?> c : classes) {
            TAG_BY_CLASS.putIfAbsent(c, tag);
        }
    }

    /**
     * The class that names a value on the wire: an enum constant with a body is an anonymous
     * subclass of its enum, and is written as its enum.
     *
     * @param c a value's runtime class
     * @return the class to tag it with
     */
    public static Class<?> wireClass(Class<?> c) {
        return CodecSupport.normalize(c);
    }

    /**
     * The tag of a built-in class.
     *
     * @param type a class
     * @return its tag, or -1 when it is not built in
     */
    public static int tagOf(Class<?> type) {
        Integer tag = TAG_BY_CLASS.get(type);
        return tag == null ? -1 : tag;
    }

    /**
     * The class a built-in tag names.
     *
     * @param tag a tag below {@link #USER_BASE}
     * @return the class, or null when the tag is not assigned
     */
    public static Class<?> classOf(int tag) {
        return tag >= 0 && tag < USER_BASE ? CLASS_BY_TAG[tag] : null;
    }

    /**
     * The codec of a built-in class.
     *
     * @param type a class
     * @return its codec, or null when it is not built in
     */
    public static TypeCodec<?> codecOf(Class<?> type) {
        int tag = tagOf(type);
        return tag < 0 ? null : CODEC_BY_TAG[tag];
    }

    /** An enum wider than 64 constants, only to find the JDK's class for large enum sets. */
    private enum Wide {
        W0, W1, W2, W3, W4, W5, W6, W7, W8, W9, W10, W11, W12, W13, W14, W15, W16, W17, W18, W19, W20, W21,
        W22, W23, W24, W25, W26, W27, W28, W29, W30, W31, W32, W33, W34, W35, W36, W37, W38, W39, W40, W41,
        W42, W43, W44, W45, W46, W47, W48, W49, W50, W51, W52, W53, W54, W55, W56, W57, W58, W59, W60, W61,
        W62, W63, W64
    }
}
