package dev.peregrine.codegen;

import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.type.TypeModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A class written in one chunk with a bitmap of one word and no batch of leaf checks has the word built before its fields and
 * stored ahead of them: inside its first run's capacity check when the first field to write bytes
 * is a primitive (booleans write none), as a whole 8-byte store when the bitmap has two bytes or
 * more, and on its own, checked, when a reference comes first. Each shape must give the
 * interpreter's bytes, through the unchecked path and through the checked one (a bounded writer
 * with no room to spare), and read back to the value.
 */
class BitmapFirstTest {
    /** Booleans, then a run, then references: a one-byte bitmap stored inside the run's check. */
    public static final class Level {
        public boolean flag;
        public int id;
        public double value;
        public String name;
        public Level child;

        @Override
        public boolean equals(Object o) {
            return o instanceof Level x && x.flag == flag && x.id == id && x.value == value
                    && Objects.equals(x.name, name) && Objects.equals(x.child, child);
        }

        @Override
        public int hashCode() {
            return id;
        }
    }

    /** Thirteen bitmap bits: a two-byte bitmap, stored as one 8-byte word ahead of a one-byte run. */
    public static final class WideBits {
        public boolean b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10;
        public byte small;
        public String s0;
        public Level inner;

        @Override
        public boolean equals(Object o) {
            return o instanceof WideBits x && x.b0 == b0 && x.b1 == b1 && x.b2 == b2 && x.b3 == b3
                    && x.b4 == b4 && x.b5 == b5 && x.b6 == b6 && x.b7 == b7 && x.b8 == b8 && x.b9 == b9
                    && x.b10 == b10 && x.small == small && Objects.equals(x.s0, s0)
                    && Objects.equals(x.inner, inner);
        }

        @Override
        public int hashCode() {
            return small;
        }
    }

    /** No primitive but a boolean: the bitmap is written on its own, checked, before the references. */
    public static final class RefsOnly {
        public boolean on;
        public String first;
        public Level level;

        @Override
        public boolean equals(Object o) {
            return o instanceof RefsOnly x && x.on == on && Objects.equals(x.first, first)
                    && Objects.equals(x.level, level);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(first);
        }
    }

    static List<Object> values() {
        List<Object> values = new ArrayList<>();
        Level leaf = level(7, null);
        values.add(new Level());
        values.add(leaf);
        values.add(level(-1, level(2, level(300_000, leaf))));
        Level flagOnly = new Level();
        flagOnly.flag = true;
        values.add(flagOnly);
        for (int pattern : new int[] {0, 1, 0x400, 0x7FF, 0x555, 0x2AA}) {
            WideBits w = new WideBits();
            w.b0 = (pattern & 1) != 0;
            w.b1 = (pattern & 2) != 0;
            w.b2 = (pattern & 4) != 0;
            w.b3 = (pattern & 8) != 0;
            w.b4 = (pattern & 16) != 0;
            w.b5 = (pattern & 32) != 0;
            w.b6 = (pattern & 64) != 0;
            w.b7 = (pattern & 128) != 0;
            w.b8 = (pattern & 256) != 0;
            w.b9 = (pattern & 512) != 0;
            w.b10 = (pattern & 1024) != 0;
            w.small = (byte) pattern;
            w.s0 = (pattern & 1) != 0 ? "s" + pattern : null;
            w.inner = (pattern & 2) != 0 ? level(pattern, null) : null;
            values.add(w);
        }
        values.add(new RefsOnly());
        RefsOnly full = new RefsOnly();
        full.on = true;
        full.first = "first";
        full.level = level(5, leaf);
        values.add(full);
        RefsOnly levelOnly = new RefsOnly();
        levelOnly.level = leaf;
        values.add(levelOnly);
        return values;
    }

    private static Level level(int id, Level child) {
        Level l = new Level();
        l.flag = (id & 1) != 0;
        l.id = id;
        l.value = id * 1.5;
        l.name = "level " + id;
        l.child = child;
        return l;
    }

    @ParameterizedTest
    @MethodSource("values")
    void theInterpretersBytesByEitherPath(Object value) {
        Backends interpreted = Backends.interpreted();
        Backends generated = Backends.generated();
        byte[] expected = interpreted.encode(value, false);
        assertArrayEquals(expected, generated.encode(value, false), "unchecked path");
        BufferWriter exact = BufferWriter.bounded(new byte[expected.length + 2], 1, expected.length + 1);
        assertArrayEquals(expected, generated.encode(value, false, exact), "checked path");
        assertEquals(value, generated.decode(expected, false));
        assertEquals(value, interpreted.decode(generated.encode(value, false), false));
    }

    @Test
    void theseClassesTakeTheBitmapFirstWrite() throws IllegalAccessException {
        // What makes the tests above exercise the bitmap-first write: one chunk, one bitmap word, at
        // most one leaf field (two or more take the leaf batch, which keeps the reserved bitmap).
        for (Class<?> type : List.of(Level.class, WideBits.class, RefsOnly.class)) {
            ClassPlan plan = ClassPlan.of(TypeModel.of(type), Backends.generated(), true, false);
            assertEquals(1, plan.chunks.size(), type.getSimpleName());
            assertTrue(plan.model.bitmapBits() > 0 && plan.model.bitmapBits() <= 64, type.getSimpleName());
            assertNull(plan.leaves, type.getSimpleName());
        }
        assertEquals(13, TypeModel.of(WideBits.class).bitmapBits());
    }
}
