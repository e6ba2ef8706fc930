package dev.peregrine.evolution;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;

import static dev.peregrine.evolution.Version.get;
import static dev.peregrine.evolution.Version.transfer;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * Compatible mode: a field whose type changed in a way a conversion covers keeps its value, converted
 * to the reader's declared type. Widening numbers (int to long, short to int, float to double), boxing
 * and unboxing (a null Integer unboxes to 0), and one collection or map class for another with the same
 * element types; the value read has the reader's field's class. Narrowing is refused (see
 * {@link IncompatibleTypeTest}); the collection changes are also checked in reverse, LinkedList to
 * ArrayList being as safe as the other way.
 */
class TypeConversionTest {
    private static final Version V1 = Version.compile("conversion-v1", """
            public class Numbers {
                int count;
                int boxed;
                Integer unboxed;
                Integer nullUnboxed;
                short small;
                float ratio;
                String unchanged;
            }
            """, """
            public class Boxes {
                int plain;
                Integer boxed;
                Integer other;
            }
            """, """
            public class Lists {
                ArrayList<String> array;
                List<String> list;
                HashMap<String, Integer> map;
                LinkedList<String> linked;
            }
            """);
    private static final Version V2 = Version.compile("conversion-v2", """
            public class Numbers {
                long count;
                Integer boxed;
                int unboxed;
                int nullUnboxed;
                int small;
                double ratio;
                String unchanged;
            }
            """, """
            public class Boxes {
                Integer plain;
                int boxed;
                int other;
            }
            """, """
            public class Lists {
                LinkedList<String> array;
                ArrayList<String> list;
                LinkedHashMap<String, Integer> map;
                ArrayList<String> linked;
            }
            """);

    @Test
    void numbersWidenAndBox() {
        Object v1 = V1.create("Numbers", "count", -123_456_789, "boxed", 42, "unboxed", 7, "nullUnboxed", null,
                "small", (short) -300, "ratio", 0.1f, "unchanged", "u");
        Object read = transfer(V1, V2, v1);
        assertAll(
                () -> assertEquals(-123_456_789L, get(read, "count"), "int -> long"),
                () -> assertEquals(Integer.valueOf(42), get(read, "boxed"), "int -> Integer"),
                () -> assertEquals(7, get(read, "unboxed"), "Integer -> int"),
                () -> assertEquals(0, get(read, "nullUnboxed"), "null Integer -> int 0"),
                () -> assertEquals(-300, get(read, "small"), "short -> int"),
                () -> assertEquals((double) 0.1f, get(read, "ratio"), "float -> double"),
                () -> assertEquals("u", get(read, "unchanged")));
    }

    @Test
    void extremeValuesWiden() {
        Object v1 = V1.create("Numbers", "count", Integer.MIN_VALUE, "boxed", Integer.MAX_VALUE,
                "unboxed", Integer.MIN_VALUE, "small", Short.MAX_VALUE, "ratio", Float.NEGATIVE_INFINITY);
        Object read = transfer(V1, V2, v1);
        assertAll(
                () -> assertEquals((long) Integer.MIN_VALUE, get(read, "count")),
                () -> assertEquals(Integer.MAX_VALUE, get(read, "boxed")),
                () -> assertEquals(Integer.MIN_VALUE, get(read, "unboxed")),
                () -> assertEquals((int) Short.MAX_VALUE, get(read, "small")),
                () -> assertEquals(Double.NEGATIVE_INFINITY, get(read, "ratio")));
    }

    @Test
    void boxingAndUnboxingBothWays() {
        Object v1 = V1.create("Boxes", "plain", 3, "boxed", null, "other", 4);
        Object intoV2 = transfer(V1, V2, v1);
        assertEquals(Integer.valueOf(3), get(intoV2, "plain"), "int -> Integer");
        assertEquals(0, get(intoV2, "boxed"), "null Integer -> int 0");
        assertEquals(4, get(intoV2, "other"), "Integer -> int");
        Object v2 = V2.create("Boxes", "plain", null, "boxed", -8, "other", 6);
        Object intoV1 = transfer(V2, V1, v2);
        assertEquals(0, get(intoV1, "plain"), "null Integer -> int 0");
        assertEquals(Integer.valueOf(-8), get(intoV1, "boxed"), "int -> Integer");
        assertEquals(Integer.valueOf(6), get(intoV1, "other"), "int -> Integer");
    }

    @Test
    void collectionAndMapClassesChange() {
        Map<String, Integer> map = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            map.put("k" + i, i * i);
        }
        Object v1 = V1.create("Lists", "array", new ArrayList<>(List.of("a", "b")),
                "list", new ArrayList<>(List.of("c")),
                "map", map, "linked", new LinkedList<>(List.of("d", "e", "f")));
        Object read = transfer(V1, V2, v1);
        assertAll(
                () -> assertInstanceOf(LinkedList.class, get(read, "array"), "ArrayList -> LinkedList"),
                () -> assertEquals(List.of("a", "b"), get(read, "array")),
                () -> assertInstanceOf(ArrayList.class, get(read, "list"), "List -> ArrayList"),
                () -> assertEquals(List.of("c"), get(read, "list")),
                () -> assertInstanceOf(LinkedHashMap.class, get(read, "map"), "HashMap -> LinkedHashMap"),
                () -> assertEquals(map, get(read, "map")),
                () -> assertInstanceOf(ArrayList.class, get(read, "linked"), "LinkedList -> ArrayList"),
                () -> assertEquals(List.of("d", "e", "f"), get(read, "linked")));
    }

    @Test
    void collectionClassesChangeBackwards() {
        Map<String, Integer> map = new LinkedHashMap<>(Map.of("z", 26));
        Object v2 = V2.create("Lists", "array", new LinkedList<>(List.of("a")), "list", new ArrayList<>(List.of("b")),
                "map", map, "linked", new ArrayList<>(List.of("c")));
        Object read = transfer(V2, V1, v2);
        assertAll(
                () -> assertInstanceOf(ArrayList.class, get(read, "array")),
                () -> assertEquals(List.of("a"), get(read, "array")),
                () -> assertEquals(List.of("b"), get(read, "list")),
                () -> assertInstanceOf(HashMap.class, get(read, "map")),
                () -> assertEquals(map, get(read, "map")),
                () -> assertInstanceOf(LinkedList.class, get(read, "linked")),
                () -> assertEquals(List.of("c"), get(read, "linked")));
    }

    @Test
    void emptyAndNullCollectionsConvert() {
        Object v1 = V1.create("Lists", "array", new ArrayList<>(), "list", null, "map", new HashMap<>(),
                "linked", null);
        Object read = transfer(V1, V2, v1);
        assertInstanceOf(LinkedList.class, get(read, "array"));
        assertEquals(List.of(), get(read, "array"));
        assertEquals(null, get(read, "list"));
        assertInstanceOf(LinkedHashMap.class, get(read, "map"));
        assertEquals(Map.of(), get(read, "map"));
        assertEquals(null, get(read, "linked"));
    }
}
