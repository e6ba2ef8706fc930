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
        int outer = stack.push(linked(3, "o"), 3);
        Object[] outerItems = stack.items();
        int inner = stack.push(linked(20, "i"), 20);
        assertEquals(0, outer);
        assertEquals(6, inner);
        Object[] items = stack.items();
        assertArrayEquals(new Object[] {"o0", "o1", "o2", 0, 1, 2}, Arrays.copyOfRange(outerItems, 0, 6));
        assertArrayEquals(Arrays.copyOfRange(outerItems, 0, 6), Arrays.copyOfRange(items, 0, 6),
                "a grown array holds the entries pushed before it grew");
        assertEquals("i19", items[inner + 19]);
        assertEquals(19, items[inner + 20 + 19]);
        stack.pop(inner);
        for (int i = inner; i < items.length; i++) {
            assertNull(items[i], "slot " + i + " still holds an entry");
        }
        assertEquals(6, stack.push(new HashMap<>(), 0));
        stack.clear();
        for (Object o : stack.items()) {
            assertNull(o);
        }
        stack.push(linked(600, "big"), 600);
        stack.clear();
        assertNull(stack.items(), "an array grown past the kept size is dropped");
    }

    @Test
    void aMapWhoseSizeDisagreesWithItsEntriesIsAConcurrentModification() {
        EntryStack stack = new EntryStack();
        assertThrows(ConcurrentModificationException.class, () -> stack.push(linked(3, "k"), 2));
        stack.clear();
        assertThrows(ConcurrentModificationException.class, () -> stack.push(linked(3, "k"), 4));
    }
}
