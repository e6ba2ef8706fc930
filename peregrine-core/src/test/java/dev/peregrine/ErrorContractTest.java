package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Bad input decodes or throws a PeregrineException, and nothing else escapes. */
class ErrorContractTest {
    record Item(String name, int qty, List<String> tags) { }
    record Order(long id, List<Item> items, Map<String, Integer> totals, int[] codes) { }

    private final Peregrine p = Peregrine.builder().register(Item.class, Order.class).build();
    private final Order order = new Order(42, List.of(new Item("a", 1, List.of("x", "y")), new Item("b\u20ac", 2, List.of())),
            Map.of("sum", 3), new int[] {1, 2, 3});

    private void decodeOrThrowContract(byte[] input) {
        try {
            p.deserialize(input);
        } catch (PeregrineException expected) {
            assertTrue(expected.getMessage() != null && !expected.getMessage().isEmpty());
        } catch (Throwable t) {
            fail("escaped the contract: " + t, t);
        }
    }

    @Test
    void truncationAtEveryOffset() {
        byte[] bytes = p.serialize(order);
        for (int n = 0; n < bytes.length; n++) {
            byte[] cut = java.util.Arrays.copyOf(bytes, n);
            PeregrineException e = assertThrows(PeregrineException.class, () -> p.deserialize(cut));
            assertTrue(e.offset() >= 0 && e.offset() <= n, "offset " + e.offset() + " within " + n);
        }
    }

    @Test
    void everyByteFlipped() {
        byte[] bytes = p.serialize(order);
        for (int i = 0; i < bytes.length; i++) {
            for (int v : new int[] {0x00, 0xFF, 0x7F, 0x80, bytes[i] ^ 1}) {
                byte[] bad = bytes.clone();
                bad[i] = (byte) v;
                decodeOrThrowContract(bad);
            }
        }
    }

    @Test
    void randomBytesAfterAValidHeader() {
        Random r = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            byte[] bad = new byte[1 + r.nextInt(40)];
            r.nextBytes(bad);
            bad[0] = (byte) 0xA4;
            decodeOrThrowContract(bad);
        }
    }

    @Test
    void hugeDeclaredLengthsFailBeforeAllocating() {
        // int[] tag 17 with a length of 2^31-1
        byte[] bad = {(byte) 0xA4, 17, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};
        assertThrows(LimitExceededException.class, () -> p.deserialize(bad));
        byte[] string = {(byte) 0xA4, 12, (byte) 0xFC, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};
        assertThrows(LimitExceededException.class, () -> p.deserialize(string));
        // within the string limit but past the bytes remaining: 1000 bytes declared, 2 present
        byte[] shortString = {(byte) 0xA4, 12, (byte) 0xA0, 0x1F, 'a', 'b'};
        assertThrows(MalformedInputException.class, () -> p.deserialize(shortString));
        byte[] overflow = {(byte) 0xA4, 8, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x01};
        assertThrows(MalformedInputException.class, () -> p.deserialize(overflow));
    }

    static final class Empty {
        @Override
        public boolean equals(Object o) {
            return o instanceof Empty;
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    @Test
    void zeroByteElementsCannotInflateASmallPayload() {
        Peregrine withEmpty = Peregrine.builder().register(Empty.class).build();
        // ArrayList (44) of 10,000,000 elements, all of registered class Empty (tag 96), which encodes in 0 bytes
        dev.peregrine.buffer.BufferWriter w = dev.peregrine.buffer.BufferWriter.growable(16);
        w.writeByte(0xA4);
        w.writeVarUInt(44);
        w.writeVarULong(10_000_000L << 3 | 2);
        w.writeVarUInt(96);
        byte[] bomb = w.toByteArray();
        LimitExceededException e = assertThrows(LimitExceededException.class, () -> withEmpty.deserialize(bomb));
        assertTrue(e.getMessage().contains("allocate"), e.getMessage());
        // the same shape at an honest size still decodes, and a larger ratio admits more
        List<Empty> many = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            many.add(new Empty());
        }
        assertEquals(many, withEmpty.deserialize(withEmpty.serialize(many)));
        Peregrine generous = Peregrine.builder().register(Empty.class).maxAllocationRatio(1 << 20).build();
        List<Empty> lots = new ArrayList<>(java.util.Collections.nCopies(100_000, new Empty()));
        assertEquals(lots, generous.deserialize(generous.serialize(lots)));
    }

    @Test
    void trailingBytesAndWrongHeader() {
        byte[] bytes = p.serialize(1);
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        assertThrows(MalformedInputException.class, () -> p.deserialize(longer));
        assertThrows(MalformedInputException.class, () -> p.deserialize(new byte[] {0x12, 8, 2}));
        assertThrows(MalformedInputException.class, () -> p.deserialize(new byte[] {(byte) 0xA8, 8, 2}));
    }

    @Test
    void invalidUtf8AndBadOrdinals() {
        byte[] overlong = {(byte) 0xA4, 12, 0x09, (byte) 0xC0, (byte) 0x80};
        assertThrows(MalformedInputException.class, () -> p.deserialize(overlong));
        byte[] surrogate = {(byte) 0xA4, 12, 0x0D, (byte) 0xED, (byte) 0xA0, (byte) 0x80};
        assertThrows(MalformedInputException.class, () -> p.deserialize(surrogate));
        byte[] dayOfWeek = {(byte) 0xA4, 42, 9};
        assertThrows(MalformedInputException.class, () -> p.deserialize(dayOfWeek));
    }

    @Test
    void deepNestingIsALimitNotAStackOverflow() {
        List<Object> root = new ArrayList<>();
        List<Object> cur = root;
        for (int i = 0; i < 10_000; i++) {
            List<Object> next = new ArrayList<>();
            cur.add(next);
            cur = next;
        }
        assertThrows(LimitExceededException.class, () -> p.serialize(root));
        // hand-made payload nesting 100,000 ArrayLists: tag 44, header 1 << 3 | SAME_TYPE, tag 44, ...
        java.io.ByteArrayOutputStream deep = new java.io.ByteArrayOutputStream();
        deep.write(0xA4);
        deep.write(44);
        for (int i = 0; i < 100_000; i++) {
            deep.write(1 << 3 | 2);
            deep.write(44);
        }
        deep.write(0);
        assertThrows(LimitExceededException.class, () -> p.deserialize(deep.toByteArray()));
    }

    @Test
    void anInstanceThatThrewKeepsWorking() {
        assertThrows(PeregrineException.class, () -> p.deserialize(new byte[] {(byte) 0xA4, 99}));
        assertEquals(order.items(), p.deserialize(p.serialize(order), Order.class).items());
    }
}
