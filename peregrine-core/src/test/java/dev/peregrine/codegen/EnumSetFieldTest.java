package dev.peregrine.codegen;

import dev.peregrine.LimitExceededException;
import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.codec.Builtins;
import dev.peregrine.codec.Limits;
import dev.peregrine.codec.ReadContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A generated codec reads a field declared {@code EnumSet<E>} by a read of its own when the value is
 * a set of {@code E} and the payload tracks no references: the set's tag and {@code E}'s constants
 * are the field's, the mask is read directly. Anything else (a payload naming another enum for the
 * field, references tracked, an enum of more than 64 constants) goes the slot's way. Either way the
 * generated codec must read what the interpreter reads and report what it reports.
 */
class EnumSetFieldTest {
    enum Colour { RED, GREEN, BLUE }

    /** Constant bodies: the constants' classes are subclasses of the enum. */
    enum Op {
        ADD { int apply(int a, int b) { return a + b; } },
        SUB { int apply(int a, int b) { return a - b; } };

        abstract int apply(int a, int b);
    }

    /** Exactly 64 constants: the widest enum whose sets are written as one mask. */
    enum Wide64 {
        C0, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C13, C14, C15, C16, C17, C18, C19, C20,
        C21, C22, C23, C24, C25, C26, C27, C28, C29, C30, C31, C32, C33, C34, C35, C36, C37, C38, C39,
        C40, C41, C42, C43, C44, C45, C46, C47, C48, C49, C50, C51, C52, C53, C54, C55, C56, C57, C58,
        C59, C60, C61, C62, C63
    }

    /** 65 constants: sets written as a count and ordinals, read by the slot. */
    enum Wide65 {
        D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15, D16, D17, D18, D19, D20,
        D21, D22, D23, D24, D25, D26, D27, D28, D29, D30, D31, D32, D33, D34, D35, D36, D37, D38, D39,
        D40, D41, D42, D43, D44, D45, D46, D47, D48, D49, D50, D51, D52, D53, D54, D55, D56, D57, D58,
        D59, D60, D61, D62, D63, D64
    }

    public static final class Sets {
        public int id;
        public EnumSet<Colour> colours;
        public EnumSet<Op> ops;
        public EnumSet<Wide64> wide;
        public EnumSet<Wide65> wider;
        public Sets next;

        @Override
        public boolean equals(Object o) {
            return o instanceof Sets x && x.id == id && Objects.equals(x.colours, colours)
                    && Objects.equals(x.ops, ops) && Objects.equals(x.wide, wide)
                    && Objects.equals(x.wider, wider) && Objects.equals(x.next, next);
        }

        @Override
        public int hashCode() {
            return id;
        }

        @Override
        public String toString() {
            return "Sets " + id + " " + colours + " " + ops + " " + wide + " " + wider + " " + next;
        }
    }

    static List<Sets> values() {
        List<Sets> values = new ArrayList<>();
        values.add(new Sets());
        Sets empty = sets(1, EnumSet.noneOf(Colour.class), EnumSet.noneOf(Op.class),
                EnumSet.noneOf(Wide64.class), EnumSet.noneOf(Wide65.class));
        values.add(empty);
        Sets full = sets(2, EnumSet.allOf(Colour.class), EnumSet.allOf(Op.class), EnumSet.allOf(Wide64.class),
                EnumSet.allOf(Wide65.class));
        values.add(full);
        Sets some = sets(3, EnumSet.of(Colour.RED, Colour.BLUE), EnumSet.of(Op.SUB),
                EnumSet.of(Wide64.C0, Wide64.C31, Wide64.C63), EnumSet.of(Wide65.D64));
        some.next = full;
        values.add(some);
        return values;
    }

    private static Sets sets(int id, EnumSet<Colour> colours, EnumSet<Op> ops, EnumSet<Wide64> wide,
            EnumSet<Wide65> wider) {
        Sets s = new Sets();
        s.id = id;
        s.colours = colours;
        s.ops = ops;
        s.wide = wide;
        s.wider = wider;
        return s;
    }

    @ParameterizedTest
    @MethodSource("values")
    void readsWhatTheInterpreterWritesWithAndWithoutReferences(Sets value) {
        for (boolean references : new boolean[] {false, true}) {
            Backends interpreted = Backends.interpreted();
            Backends generated = Backends.generated();
            byte[] bytes = interpreted.encode(value, references);
            assertArrayEquals(bytes, generated.encode(value, references), "references " + references);
            assertEquals(value, generated.decode(bytes, references), "references " + references);
        }
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aSetOfAnotherEnumInTheFieldIsRefusedByBothWriters() {
        // Erasure lets a field declared EnumSet<Colour> hold a set of another enum. No reader would
        // take its bytes, so both writers refuse it, with the same words.
        Sets polluted = new Sets();
        polluted.colours = (EnumSet) EnumSet.of(Op.ADD);
        Backends.assertBothWritersRefuse(polluted, Op.class, Colour.class);
    }

    @Test
    void aPayloadNamingAnotherEnumForTheFieldIsTheSameErrorOnBothBackends() {
        // What a writer no longer produces, a hostile payload still can: the set's element type
        // named (Op) where DECLARED (Colour) belongs. The field's own read hands over after the
        // tag to the set codec, which refuses an element type the slot does not declare.
        byte[] honest = Backends.interpreted().encode(sets(6, EnumSet.of(Colour.RED), null, null, null), false);
        int mask = maskOfOnlySet(honest, Builtins.tagOf(EnumSet.class), 0b001);
        BufferWriter op = BufferWriter.growable(64);
        Backends.interpreted().writeType(op, Op.class, null);
        byte[] named = op.toByteArray();
        byte[] bytes = new byte[honest.length - 1 + named.length];
        System.arraycopy(honest, 0, bytes, 0, mask - 1);
        System.arraycopy(named, 0, bytes, mask - 1, named.length);
        System.arraycopy(honest, mask, bytes, mask - 1 + named.length, honest.length - mask);
        assertSameError(bytes, "payload names " + Op.class.getName() + " where " + Colour.class.getName()
                + " is declared (at byte offset " + (mask - 1) + ")");
    }

    @Test
    void aMaskPastTheConstantsIsTheSameErrorOnBothBackends() {
        Backends generated = Backends.generated();
        byte[] bytes = generated.encode(sets(4, EnumSet.of(Colour.GREEN), null, null, null), false);
        int mask = maskOfOnlySet(bytes, slot(generated, "colours").enumSetTag(), 0b010);
        bytes[mask] = 0b1010;
        MalformedInputException thrown = assertSameError(bytes, "EnumSet mask names ordinals past "
                + Colour.class.getName() + " (at byte offset " + (mask - 1) + ")");
        // The generated codec found it in the field's own read, not in the slot's path.
        assertTrue(thrownIn(thrown, "readEnumSetField"), "the field's own read");
        assertTrue(thrownIn(thrown, "ofMask"), "the field's own read");
    }

    @Test
    void aSetPastTheDepthLimitIsTheSameErrorOnBothBackends() {
        // Three objects deep, the last one's set one level deeper than a limit of 3 allows: the
        // error names the offset right after the set's tag, as the slot's path does.
        Sets top = sets(1, null, null, null, null);
        top.next = sets(2, null, null, null, null);
        top.next.next = sets(3, EnumSet.of(Colour.BLUE), null, null, null);
        byte[] bytes = Backends.interpreted().encode(top, false);
        int mask = maskOfOnlySet(bytes, Builtins.tagOf(EnumSet.class), 0b100);
        Limits three = new Limits(3, Limits.DEFAULT.maxCollectionLength(), Limits.DEFAULT.maxPayloadBytes(),
                Limits.DEFAULT.maxAllocationRatio(), Limits.DEFAULT.maxReferences(), Limits.DEFAULT.maxStringLength());
        LimitExceededException generated = assertThrows(LimitExceededException.class,
                () -> decode(Backends.generated(), bytes, three));
        LimitExceededException interpreted = assertThrows(LimitExceededException.class,
                () -> decode(Backends.interpreted(), bytes, three));
        assertEquals(interpreted.getMessage(), generated.getMessage());
        assertTrue(generated.getMessage().endsWith("(at byte offset " + (mask - 1) + ")"), generated.getMessage());
        assertTrue(thrownIn(generated, "readEnumSetField"), "the field's own read");
        assertEquals(top, decode(Backends.generated(), bytes, Limits.DEFAULT));
    }

    private static Object decode(Backends resolver, byte[] bytes, Limits limits) {
        return new ReadContext(new ArrayReader(bytes, 0, bytes.length), resolver, limits, false).readAny(null);
    }

    private static boolean thrownIn(Throwable e, String method) {
        for (StackTraceElement frame : e.getStackTrace()) {
            if (frame.getMethodName().equals(method)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void theFieldsOwnReadIsForMaskSetsAndKnowsTheirTag() {
        Backends generated = Backends.generated();
        assertEquals(3, slot(generated, "colours").enumSetConstants().length);
        assertEquals(2, slot(generated, "ops").enumSetConstants().length);
        assertEquals(64, slot(generated, "wide").enumSetConstants().length);
        assertNull(slot(generated, "wider").enumSetConstants());
        assertEquals(-1, slot(generated, "wider").enumSetTag());
        assertEquals(-1, slot(generated, "next").enumSetTag());
        // The tag bound for the field's read is the one the writer puts before DECLARED and the mask.
        int tag = slot(generated, "colours").enumSetTag();
        assertEquals(Builtins.tagOf(EnumSet.class), tag);
        byte[] bytes = generated.encode(sets(5, EnumSet.of(Colour.GREEN, Colour.BLUE), null, null, null), false);
        maskOfOnlySet(bytes, tag, 0b110);
    }

    private static MalformedInputException assertSameError(byte[] bytes, String message) {
        MalformedInputException generated = assertThrows(MalformedInputException.class,
                () -> Backends.generated().decode(bytes, false));
        MalformedInputException interpreted = assertThrows(MalformedInputException.class,
                () -> Backends.interpreted().decode(bytes, false));
        assertEquals(interpreted.getMessage(), generated.getMessage());
        assertTrue(generated.getMessage().contains(message), generated.getMessage());
        return generated;
    }

    private static dev.peregrine.codec.ReferenceSlot slot(Backends resolver, String field) {
        try {
            java.lang.reflect.Field f = Sets.class.getField(field);
            return new dev.peregrine.codec.ReferenceSlot(f.getType(), f.getGenericType(), resolver);
        } catch (NoSuchFieldException e) {
            throw new AssertionError(e);
        }
    }

    /** The offset of the mask of the one set in the bytes: after its tag and DECLARED. */
    private static int maskOfOnlySet(byte[] bytes, int tag, int mask) {
        int at = -1;
        for (int i = 2; i < bytes.length; i++) {
            if ((bytes[i - 2] & 0xFF) == tag && bytes[i - 1] == Builtins.DECLARED
                    && bytes[i] == mask) {
                assertEquals(-1, at, "two sets with mask " + mask);
                at = i;
            }
        }
        assertTrue(at >= 0, "no set with tag " + tag + " and mask " + mask);
        return at;
    }
}
