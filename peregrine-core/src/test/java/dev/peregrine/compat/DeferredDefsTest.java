package dev.peregrine.compat;

import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Limits;
import dev.peregrine.codec.WriteContext;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A write whose output holds its root's preload puts off its def table (WriteContext.startsWith):
 * references to the preload's defs are answered without one, and the first question the preload
 * cannot answer takes one that has recorded the preload, so the bytes are a table's throughout.
 */
class DeferredDefsTest {
    static final class Part {
        int n;
    }

    static final class Whole {
        Part part;
    }

    static final class Other {
        int m;
    }

    /** A source of empty tables that counts what it gives. */
    private static final class Tables implements Supplier<DefTable> {
        final DefRegistry registry;
        int given;

        Tables(DefRegistry registry) {
            this.registry = registry;
        }

        @Override
        public DefTable get() {
            given++;
            return new DefTable(registry);
        }
    }

    private static Preload wholePreload(DefRegistry registry) {
        return Preload.of(registry.local(Whole.class), c -> c == Part.class ? registry.local(c) : null, false);
    }

    private static byte[] bytes(BufferWriter out) {
        return Arrays.copyOf(out.array(), out.size());
    }

    @Test
    void thePreloadsDefsAreAnsweredWithNoTable() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = wholePreload(registry);
        assertEquals(2, preload.defs.length);
        Tables tables = new Tables(registry);
        BufferWriter out = BufferWriter.growable(16);
        WriteContext ctx = new WriteContext(out, null, Limits.DEFAULT, false, tables);
        ctx.startsWith(preload);
        assertTrue(ctx.carriesDefs());
        for (ClassDef def : preload.defs) {
            ctx.writeUntaggedDef(def);
        }
        assertEquals(preload.mark(), ctx.listMark());
        assertEquals(0, out.size());
        assertEquals(0, tables.given);
        assertNull(ctx.defsTaken());
    }

    @Test
    void aDefBeyondThePreloadTakesATableThatRecordedIt() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = wholePreload(registry);
        ClassDef other = registry.local(Other.class);
        Tables tables = new Tables(registry);
        BufferWriter out = BufferWriter.growable(16);
        WriteContext ctx = new WriteContext(out, null, Limits.DEFAULT, false, tables);
        ctx.startsWith(preload);
        long beforeTable = ctx.listMark();
        ctx.writeUntaggedDef(other);
        ctx.writeUntaggedDef(preload.defs[1]);
        ctx.writeUntaggedDef(other);
        assertEquals(1, tables.given);

        DefTable expected = new DefTable(registry);
        assertTrue(expected.carriedFirst(preload));
        BufferWriter want = BufferWriter.growable(16);
        expected.writeUntagged(want, other);
        assertArrayEquals(bytes(want), bytes(out));
        assertEquals(expected.mark(), ctx.defsTaken().mark());

        // A list rewound to a mark from before the table: the table forgets what came after it,
        // so the def is written again, as by a table taken at the start.
        ctx.defsTaken().rollBack(beforeTable);
        BufferWriter again = BufferWriter.growable(16);
        ctx.defsTaken().writeUntagged(again, other);
        assertArrayEquals(bytes(want), bytes(again));
        assertEquals(1, tables.given);
    }

    @Test
    void aTaggedReferenceTakesTheTableAndFindsThePreloadInIt() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = wholePreload(registry);
        Tables tables = new Tables(registry);
        BufferWriter out = BufferWriter.growable(16);
        WriteContext ctx = new WriteContext(out, null, Limits.DEFAULT, false, tables);
        ctx.startsWith(preload);
        DefTable table = ctx.defs();
        assertSame(table, ctx.defsTaken());
        assertSame(table, ctx.defs());
        table.write(out, preload.defs[1]);
        // the second def's index, with no def after it
        assertArrayEquals(new byte[] {1}, bytes(out));
        assertEquals(1, tables.given);
    }

    @Test
    void aContextWithNoSourceRefusesToDefer() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        WriteContext ctx = new WriteContext(BufferWriter.growable(16), null, Limits.DEFAULT, false);
        ctx.startsWith(wholePreload(registry));
        assertThrows(IllegalStateException.class, ctx::defs);
    }
}
