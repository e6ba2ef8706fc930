package dev.peregrine.codegen;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Limits;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.WriteContext;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.time.LocalDate;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Generated codecs read fields of types whose values hold no other (strings, enums, boxes, dates,
 * primitive arrays) by their own path, the interpreter by the general one; both must write the
 * same bytes and charge a read the same allocation budget, with references off and on (where a
 * shared primitive array is written once and referred to after).
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

    @Test
    void bothBackendsWriteTheSameBytesAndChargeTheSameBudget() throws ReflectiveOperationException {
        Leaves value = new Leaves();
        value.next = new Leaves();
        value.shared = value.ints;
        value.next.shared = value.ints;
        for (boolean references : new boolean[] {false, true}) {
            Run generated = run(Backends.generated(), value, references);
            Run interpreted = run(Backends.interpreted(), value, references);
            assertArrayEquals(interpreted.bytes(), generated.bytes(), "references " + references);
            assertEquals(interpreted.budgetLeft(), generated.budgetLeft(), "references " + references);
        }
    }
}
