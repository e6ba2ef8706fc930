package dev.peregrine.codegen;

import dev.peregrine.Codec;
import dev.peregrine.Peregrine;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One {@link Codec} encoding values of very different sizes in turn, so that each payload is written
 * over the leftovers of a larger one in the codec's spare array, and a polymorphic field that changes
 * class between values (so its slot's remembered tag misses): every payload must equal the one a
 * fresh codec writes, and decode to an equal value.
 */
class CodecReuseTest {
    static final class Box {
        String name;
        List<String> items;
        long[] numbers;
        boolean flag;
    }

    private static Box box(int size, boolean linked) {
        Box b = new Box();
        b.name = "n".repeat(size) + (size % 3 == 0 ? "\u20ac" : "");
        b.items = linked ? new LinkedList<>() : new ArrayList<>();
        for (int i = 0; i < size % 7; i++) {
            b.items.add("item" + i);
        }
        b.numbers = new long[size];
        for (int i = 0; i < size; i++) {
            b.numbers[i] = -1L << (i % 64);
        }
        b.flag = size % 2 == 0;
        return b;
    }

    private static Peregrine peregrine() {
        return Peregrine.builder().register(Box.class).build();
    }

    @Test
    void payloadsDoNotDependOnWhatWasEncodedBefore() {
        Codec<Box> reused = peregrine().codec(Box.class);
        int[] sizes = {300, 0, 5, 1000, 1, 64, 2, 9, 700, 3};
        for (int round = 0; round < 3; round++) {
            for (int k = 0; k < sizes.length; k++) {
                Box b = box(sizes[k], (k + round) % 2 == 0);
                byte[] expected = peregrine().codec(Box.class).encode(b);
                byte[] actual = reused.encode(b);
                assertArrayEquals(expected, actual, "size " + sizes[k]);
                Box back = reused.decode(actual);
                assertEquals(b.name, back.name);
                assertEquals(b.items, back.items);
                assertEquals(b.items.getClass(), back.items.getClass());
                assertArrayEquals(b.numbers, back.numbers);
                assertEquals(b.flag, back.flag);
            }
        }
    }
}
