package dev.peregrine.codegen;

import dev.peregrine.HostileInput;
import dev.peregrine.MalformedInputException;
import dev.peregrine.Peregrine;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.codec.Limits;
import dev.peregrine.codec.ReadContext;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run of elements (an array or list of eight or more) whose class is read in one chunk reads each
 * element's leading primitive fields after one check of the room left, their varints then without a
 * check each, and an element too near the end by the chunk's checked reads: values of every length
 * come back through both (the elements far from the end take the first, the last ones and a lone
 * object the second), a read never looks past the end of the slice it was given, and cut or flipped
 * payloads fail within the exception contract.
 */
class RoomCheckedRunTest {
    /** Primitives only: an element read past its slice's end would find nothing after it to fail on. */
    public static final class Element {
        public int a;
        public long b;
        public short c;
        public char d;
        public boolean e;
        public byte f;
        public float g;
        public double h;
        public int i;
        public long j;

        static Element of(long v) {
            Element x = new Element();
            x.a = (int) v;
            x.b = v;
            x.c = (short) v;
            x.d = (char) (v >>> 3);
            x.e = (v & 1) == 0;
            x.f = (byte) v;
            x.g = v;
            x.h = -v;
            x.i = (int) (v >>> 32);
            x.j = ~v;
            return x;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Element x && x.a == a && x.b == b && x.c == c && x.d == d
                    && x.e == e && x.f == f && x.g == g && x.h == h && x.i == i && x.j == j;
        }

        @Override
        public int hashCode() {
            return a;
        }

        @Override
        public String toString() {
            return "Element " + b;
        }
    }

    /** Values at every varint length boundary of an int and a long, both signs. */
    private static List<Long> boundaries() {
        List<Long> values = new ArrayList<>();
        for (int bit = 0; bit < 64; bit++) {
            values.addAll(List.of(1L << bit, (1L << bit) - 1, -(1L << bit), -(1L << bit) + 1));
        }
        return values;
    }

    private static int field(String name) {
        return LadderCopiesTest.fieldIndex(Element.class, name);
    }

    @Test
    void eachLeadingVarintHasALadderWithoutARoomCheck() {
        Set<String> inRoom = LadderCopiesTest.copies(Element.class, "InRoom$");
        assertEquals(new TreeSet<>(List.of("readPrefixUIntInRoom$" + field("a"), "readPrefixUIntInRoom$" + field("c"),
                "readVarUIntInRoom$" + field("d"), "readPrefixUIntInRoom$" + field("i"),
                "readPrefixULongInRoom$" + field("b"), "readPrefixULongInRoom$" + field("j"))), inRoom);
    }

    @Test
    void valuesOfEveryLengthComeBackThroughTheRoomAndTheCheckedReads() {
        Backends generated = Backends.generated();
        Backends interpreted = Backends.interpreted();
        List<Long> values = boundaries();
        Element[] all = new Element[values.size()];
        for (int k = 0; k < all.length; k++) {
            all[k] = Element.of(values.get(k));
            byte[] lone = interpreted.encode(all[k], false);
            assertArrayEquals(lone, generated.encode(all[k], false), "bytes of " + all[k]);
            assertEquals(all[k], generated.decode(lone, false));
        }
        byte[] bytes = interpreted.encode(all, false);
        assertArrayEquals(bytes, generated.encode(all, false));
        assertArrayEquals(all, (Object[]) generated.decode(bytes, false));
    }

    @Test
    void aReadNeverLooksPastTheEndOfItsSlice() {
        Backends generated = Backends.generated();
        List<Long> values = boundaries();
        for (int from = 0; from < values.size(); from += 32) {
            Element[] run = new Element[12];
            for (int k = 0; k < run.length; k++) {
                run[k] = Element.of(values.get((from + 3 * k) % values.size()));
            }
            byte[] bytes = generated.encode(run, false);
            // After the slice, zeros: each one a complete varint of 0, had a read run on into them.
            byte[] padded = Arrays.copyOf(bytes, bytes.length + 64);
            ArrayReader whole = new ArrayReader(padded, 0, bytes.length);
            assertArrayEquals(run, (Object[]) new ReadContext(whole, generated, Limits.DEFAULT, false).readAny(null));
            assertEquals(bytes.length, whole.position());
            for (int cut = 0; cut < bytes.length; cut++) {
                ReadContext ctx = new ReadContext(new ArrayReader(padded, 0, cut), generated, Limits.DEFAULT, false);
                assertThrows(MalformedInputException.class, () -> ctx.readAny(null), "cut at " + cut);
            }
        }
    }

    @Test
    void cutOrFlippedPayloadsFailWithinTheContract() {
        Element[] run = new Element[10];
        for (int k = 0; k < run.length; k++) {
            run[k] = Element.of(k % 2 == 0 ? k : -1L << (6 * k));
        }
        Object[] values = {Element.of(-1L << 40), run};
        for (boolean compatible : new boolean[] {false, true}) {
            Peregrine p = Peregrine.builder().register(Element.class, Element[].class).compatible(compatible).build();
            for (Object value : values) {
                byte[] bytes = p.serialize(value);
                for (int cut = 0; cut < bytes.length; cut++) {
                    Object outcome = HostileInput.check(p, Arrays.copyOf(bytes, cut));
                    assertTrue(outcome instanceof MalformedInputException, "cut at " + cut + ": " + outcome);
                }
                for (int i = 0; i < bytes.length; i++) {
                    for (int flip : new int[] {0x01, 0x80, 0xFF}) {
                        byte[] bad = bytes.clone();
                        bad[i] ^= (byte) flip;
                        HostileInput.check(p, bad);
                    }
                }
            }
        }
    }
}
