package dev.peregrine.codegen;

import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.codec.WriteContext;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Generated codecs carry their own copies of the element-run loops ({@link ElementRuns}); these
 * must exist and behave exactly as the shared loops the interpreter uses: nulls, shared elements
 * under reference tracking, lists, arrays and map keys.
 */
class ElementRunsTest {
    static final class Item {
        int id;
        String name;
        Item next;
    }

    static final class Owner {
        List<Item> list = new ArrayList<>();
        Item[] array;
        Map<Item, String> byItem = new LinkedHashMap<>();
    }

    private static Item item(int id) {
        Item i = new Item();
        i.id = id;
        i.name = "item" + id;
        return i;
    }

    @Test
    void everyGeneratedCodecDeclaresItsOwnLoops() throws NoSuchMethodException {
        Class<?> generated = Backends.generated().codecFor(Item.class).getClass();
        generated.getDeclaredMethod("writeElements", WriteContext.class, Object[].class, int.class, TypeHint.class);
        generated.getDeclaredMethod("writeElements", WriteContext.class, ArrayList.class, int.class, TypeHint.class);
        generated.getDeclaredMethod("readElements", ReadContext.class, Object[].class, int.class, byte[].class,
                TypeHint.class);
        generated.getDeclaredMethod("readElements", ReadContext.class, ArrayList.class, int.class, byte[].class,
                TypeHint.class);
    }

    @Test
    void sameBytesAndSameGraphAsTheSharedLoops() {
        Item a = item(1);
        Item b = item(2);
        b.next = a;
        Owner o = new Owner();
        o.list.addAll(Arrays.asList(a, null, b, a));
        o.array = new Item[] {b, null, null, b, a};
        o.byItem.put(a, "first");
        o.byItem.put(b, "second");
        for (boolean references : new boolean[] {false, true}) {
            Backends generated = Backends.generated();
            byte[] expected = Backends.interpreted().encode(o, references);
            assertArrayEquals(expected, generated.encode(o, references), "references " + references);
            Owner back = (Owner) generated.decode(expected, references);
            assertEquals(4, back.list.size());
            assertNull(back.list.get(1));
            assertEquals("item2", back.list.get(2).name);
            assertEquals(1, back.list.get(2).next.id);
            assertNull(back.array[1]);
            assertNull(back.array[2]);
            assertEquals(5, back.array.length);
            assertEquals(List.of(1, 2), back.byItem.keySet().stream().map(i -> i.id).toList());
            if (references) {
                assertSame(back.list.get(0), back.list.get(3));
                assertSame(back.list.get(0), back.list.get(2).next);
                assertSame(back.array[0], back.list.get(2));
                assertSame(back.array[4], back.list.get(0));
            } else {
                assertNotSame(back.list.get(0), back.list.get(3));
            }
        }
    }
}
