package dev.peregrine.codec;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The stack of map entries a write context keeps: layout, nesting, growth, and what it lets go. */
class EntryStackTest {

    private static Map<Object, Object> linked(int n, String prefix) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            m.put(prefix + i, i);
        }
        return m;
    }

    @Test
    void keysThenValuesInIterationOrderStackedAndGrownAndCleared() {
        EntryStack stack = new EntryStack();
        int outer = stack.push(linked(3, "o"), 3, String.class, Integer.class);
        Object[] outerItems = stack.items();
        int inner = stack.push(linked(20, "i"), 20, String.class, Integer.class);
        assertEquals(0, outer);
        assertEquals(6, inner);
        Object[] items = stack.items();
        assertArrayEquals(new Object[] {"o0", "o1", "o2", 0, 1, 2}, Arrays.copyOfRange(outerItems, 0, 6));
        assertArrayEquals(Arrays.copyOfRange(outerItems, 0, 6), Arrays.copyOfRange(items, 0, 6),
                "a grown array holds the entries pushed before it grew");
        assertEquals("i19", items[inner + 19]);
        assertEquals(19, items[inner + 20 + 19]);
        stack.pop(inner);
        assertEquals(6, stack.push(new HashMap<>(), 0, String.class, Integer.class));
        stack.clear();
        for (Object o : stack.items()) {
            assertNull(o, "a cleared stack still holds an entry it dropped with pop");
        }
        stack.push(linked(600, "big"), 600, String.class, Integer.class);
        stack.clear();
        assertNull(stack.items(), "an array grown past the kept size is dropped");
    }

    @Test
    void countsNullsAndNotesAKeyOrValueOfAnotherClass() {
        EntryStack stack = new EntryStack();
        Map<Object, Object> m = new HashMap<>();
        m.put("a", 1);
        m.put("b", null);
        m.put(null, 2);
        int base = stack.push(m, 3, String.class, Integer.class);
        assertEquals(1 << 1 | 1, stack.nulls(), "one null value, one null key");
        stack.pop(base);
        m.put("c", 3L);
        stack.push(m, 4, String.class, Integer.class);
        assertEquals(-1, stack.nulls(), "a Long among Integer values");
        stack.clear();
        Map<Object, Object> keys = new HashMap<>(Map.of(1, 1));
        stack.push(keys, 1, String.class, Integer.class);
        assertEquals(-1, stack.nulls(), "an Integer among String keys");
        stack.clear();
        stack.push(linked(5, "k"), 5, String.class, Integer.class);
        assertEquals(0, stack.nulls());
    }

    @Test
    void aMapWhoseSizeDisagreesWithItsEntriesIsAConcurrentModification() {
        EntryStack stack = new EntryStack();
        assertThrows(ConcurrentModificationException.class,
                () -> stack.push(linked(3, "k"), 2, String.class, Integer.class));
        stack.clear();
        assertThrows(ConcurrentModificationException.class,
                () -> stack.push(linked(3, "k"), 4, String.class, Integer.class));
    }
}
