package dev.peregrine.codegen;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Limits;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.WriteContext;
import org.junit.jupiter.api.Test;

import dev.peregrine.LimitExceededException;

import java.lang.reflect.Field;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Generated codecs read fields of types whose values hold no other (strings, enums, boxes, dates,
 * primitive arrays) by their own path, the interpreter by the general one; both must write the
 * same bytes and charge a read the same allocation budget, with references off and on (where a
 * shared primitive array is written once and referred to after). Both take the charge of an
 * object's leaf fields at once, right after its bitmap ({@code LeafFields}), so both refuse a
 * payload whose budget runs out there at the same offset.
 */
class LeafBudgetTest {
    enum Mark { A, B }

    public static final class Leaves {
        String latin = "h\u00e9llo";
        String wide = "\u4e2d";
        Mark mark = Mark.B;
        Integer boxed = 7;
        Long big = 9L;
        int[] ints = {1, 2};
        byte[] bytes = {3};
        LocalDate date = LocalDate.of(2020, 1, 2);
        UUID id = new UUID(1, 2);
        int[] shared;
        Leaves next;
    }

    /** Built by its constructor, so generated code reads its fields into locals first. */
    record LeafRecord(String name, Integer count, long[] values, Mark mark) {
    }

    /** The payload written through {@code backends}, and the budget its read left. */
    private record Run(byte[] bytes, long budgetLeft) {
    }

    private static Run run(Backends backends, Object value, boolean references) throws ReflectiveOperationException {
        BufferWriter out = BufferWriter.growable(64);
        new WriteContext(out, backends, Limits.DEFAULT, references).writeAny(value, null);
        byte[] bytes = out.toByteArray();
        ReadContext ctx = new ReadContext(new ArrayReader(bytes, 0, bytes.length), backends, Limits.DEFAULT, references);
        ctx.readAny(null);
        Field budget = ReadContext.class.getDeclaredField("budget");
        budget.setAccessible(true);
        return new Run(bytes, budget.getLong(ctx));
    }

    /** How a read with a given budget ended: the budget left, or the refusal's message and offset. */
    private record Outcome(long budgetLeft, String refusal, long offset) {
    }

    private static Outcome read(Backends backends, byte[] bytes, boolean references, long budget)
            throws ReflectiveOperationException {
        ReadContext ctx = new ReadContext(new ArrayReader(bytes, 0, bytes.length), backends, Limits.DEFAULT, references);
        Field field = ReadContext.class.getDeclaredField("budget");
        field.setAccessible(true);
        field.setLong(ctx, budget);
        try {
            ctx.readAny(null);
            return new Outcome(field.getLong(ctx), null, -1);
        } catch (LimitExceededException e) {
            return new Outcome(0, e.getMessage(), e.offset());
        }
    }

    @Test
    void bothBackendsRefuseASpentBudgetAtTheSameOffsetTheObjectsLeavesAtOnce() throws ReflectiveOperationException {
        Leaves value = new Leaves();
        for (boolean references : new boolean[] {false, true}) {
            BufferWriter out = BufferWriter.growable(64);
            new WriteContext(out, Backends.generated(), Limits.DEFAULT, references).writeAny(value, null);
            byte[] bytes = out.toByteArray();
            Set<Long> offsets = new HashSet<>();
            // The object's own charge, then its nine present leaves (two of them arrays).
            for (long budget = 0; budget <= 16 * 11; budget += 4) {
                Outcome generated = read(Backends.generated(), bytes, references, budget);
                Outcome interpreted = read(Backends.interpreted(), bytes, references, budget);
                assertEquals(interpreted, generated, "references " + references + ", budget " + budget);
                if (budget >= 16 && generated.refusal() != null) {
                    offsets.add(generated.offset());
                }
                assertEquals(budget >= 16 * 10, generated.refusal() == null, "budget " + budget);
            }
            // Without references every leaf is charged after the bitmap; with them the arrays,
            // read with a reference marker, are charged each where it is read.
            assertEquals(references ? 3 : 1, offsets.size(), "refusal offsets " + offsets);
        }
    }

    @Test
    void bothBackendsWriteTheSameBytesAndChargeTheSameBudget() throws ReflectiveOperationException {
        Leaves value = new Leaves();
        value.next = new Leaves();
        value.shared = value.ints;
        value.next.shared = value.ints;
        Leaves sparse = new Leaves();
        sparse.latin = null;
        sparse.ints = null;
        long[] shared = {5, 6};
        // Arrays are read in their element class's run loop (RunReader), records by their constructor.
        Object[] values = {value, new Leaves[] {value, null, sparse, new Leaves()},
            new LeafRecord[] {new LeafRecord("a", 1, shared, Mark.A), null, new LeafRecord(null, null, shared, null)}};
        for (Object v : values) {
            for (boolean references : new boolean[] {false, true}) {
                String what = v.getClass().getSimpleName() + ", references " + references;
                Run generated = run(Backends.generated(), v, references);
                Run interpreted = run(Backends.interpreted(), v, references);
                assertArrayEquals(interpreted.bytes(), generated.bytes(), what);
                assertEquals(interpreted.budgetLeft(), generated.budgetLeft(), what);
            }
        }
    }
}
