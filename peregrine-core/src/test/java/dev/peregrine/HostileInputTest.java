package dev.peregrine;

import dev.peregrine.buffer.BufferWriter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue "Safe on hostile input": every category of bad input over the whole type catalogue. */
class HostileInputTest {
    static final class Holder {
        Object value;
        List<Object> list;
        /** Read by the map-field path once the field's slot remembers the HashMap tag. */
        Map<String, Integer> counts;
    }

    private static final Peregrine P = Peregrine.builder().register(TypeCatalogue.REGISTERED)
            .register(Holder.class).build();
    private static final Map<String, AtomicInteger> TRIED = new java.util.concurrent.ConcurrentSkipListMap<>();

    private static void tried(String category) {
        TRIED.computeIfAbsent(category, c -> new AtomicInteger()).incrementAndGet();
    }

    @org.junit.jupiter.api.AfterAll
    static void report() {
        TRIED.forEach((category, n) -> System.out.println("HostileInputTest: " + category + ": " + n + " inputs"));
    }

    private static List<byte[]> validPayloads() {
        List<byte[]> payloads = new ArrayList<>();
        for (Object v : TypeCatalogue.values()) {
            payloads.add(P.serialize(v));
            Holder h = new Holder();
            h.value = v;
            h.list = new ArrayList<>(Arrays.asList(v, null));
            h.counts = new java.util.HashMap<>(Map.of("a", 1, "b", -2));
            h.counts.put("none", null);
            payloads.add(P.serialize(h));
        }
        return payloads;
    }

    @Test
    void truncationAtEveryOffset() {
        for (byte[] valid : validPayloads()) {
            for (int n = 0; n < valid.length; n++) {
                HostileInput.check(P, Arrays.copyOf(valid, n));
                tried("truncated");
            }
        }
    }

    @Test
    void everyByteFlippedToSeveralValues() {
        for (byte[] valid : validPayloads()) {
            for (int i = 0; i < valid.length; i++) {
                for (int v : new int[] {0x00, 0x01, 0x7F, 0x80, 0xFF, valid[i] ^ 0x40}) {
                    byte[] bad = valid.clone();
                    bad[i] = (byte) v;
                    HostileInput.check(P, bad);
                    tried("byte flipped");
                }
            }
        }
    }

    @Test
    void randomBytesAndRandomBytesAfterAValidHeader() {
        Random r = new Random(20261122);
        for (int i = 0; i < 30_000; i++) {
            byte[] bad = new byte[r.nextInt(64)];
            r.nextBytes(bad);
            if (i % 2 == 0 && bad.length > 0) {
                bad[0] = (byte) 0xA4;
            }
            HostileInput.check(P, bad);
            tried(i % 2 == 0 ? "random after a valid header" : "random");
        }
    }

    @Test
    void trailingBytesAreRefused() {
        for (byte[] valid : validPayloads()) {
            byte[] longer = Arrays.copyOf(valid, valid.length + 1);
            assertThrows(MalformedInputException.class, () -> P.deserialize(longer));
        }
    }

    private static byte[] payload(Consumer<BufferWriter> body) {
        BufferWriter out = BufferWriter.growable(32);
        out.writeByte(0xA4);
        body.accept(out);
        return out.toByteArray();
    }

    @Test
    void hugeNegativeAndOverflowingLengthsOfEveryLengthBearingConstruct() {
        // tags: String 12, primitive arrays 13..20, Object[] 3+75, BigInteger 21, ArrayList 44, HashMap 50,
        // EnumMap 54 (DayOfWeek 42), immutable list 55
        int[][] prefixes = {{12}, {13}, {14}, {15}, {16}, {17}, {18}, {19}, {20}, {3, 75}, {21}, {44}, {50},
            {54, 42}, {55}, {22, 0}};
        long[] lengths = {Integer.MAX_VALUE, 0xFFFF_FFFFL, 1L << 31, (1L << 24) + 1, 1 << 20, 0x7FFF_FFFF_FFFF_FFFFL,
            -1L, (1L << 27) << 3, ((1L << 24) + 1) << 6};
        for (int[] prefix : prefixes) {
            for (long length : lengths) {
                byte[] bad = payload(o -> {
                    for (int b : prefix) {
                        o.writeVarUInt(b);
                    }
                    o.writeVarULong(length);
                    o.writeByte(2);
                });
                Object outcome = HostileInput.check(P, bad);
                assertTrue(outcome instanceof PeregrineException, () -> "decoded " + HostileInput.hex(bad));
                tried("huge, negative or overflowing length");
            }
            byte[] overflow = payload(o -> {
                for (int b : prefix) {
                    o.writeVarUInt(b);
                }
                for (int i = 0; i < 11; i++) {
                    o.writeByte(0xFF);
                }
            });
            assertTrue(HostileInput.check(P, overflow) instanceof PeregrineException);
        }
    }

    @Test
    void invalidUtf8AndBadOrdinals() {
        int[][] badUtf8 = {{0xC0, 0x80}, {0xED, 0xA0, 0x80}, {0xF4, 0x90, 0x80, 0x80}, {0x80}, {0xE2, 0x82},
            {0xF8, 0x88, 0x80, 0x80, 0x80}, {0xC2, 0x41}};
        for (int[] seq : badUtf8) {
            byte[] bad = payload(o -> {
                o.writeVarUInt(12);
                o.writeVarUInt(seq.length << 2 | 1);
                for (int b : seq) {
                    o.writeByte(b);
                }
            });
            assertThrows(MalformedInputException.class, () -> P.deserialize(bad));
        }
        byte[] oddUtf16 = payload(o -> {
            o.writeVarUInt(12);
            o.writeVarUInt(3 << 2 | 2);
            o.writeByte(0x41);
            o.writeByte(0);
            o.writeByte(0);
        });
        assertThrows(MalformedInputException.class, () -> P.deserialize(oddUtf16));
        for (int ordinal : new int[] {4, 100, -1}) {
            byte[] bad = payload(o -> {
                o.writeVarUInt(96);
                o.writeVarUInt(ordinal);
            });
            assertThrows(MalformedInputException.class, () -> P.deserialize(bad));
        }
    }

    /** {@code depth} nested single-element ArrayLists around an empty one. */
    private static byte[] nestedLists(int depth) {
        return payload(o -> {
            o.writeVarUInt(44);
            for (int i = 0; i < depth; i++) {
                o.writeVarUInt(1 << 3 | 2);
                o.writeVarUInt(44);
            }
            o.writeVarUInt(0);
        });
    }

    @Test
    void nestingAtTheLimitOnePastItAndFarPastIt() throws InterruptedException {
        HostileInput.onSmallStack(() -> {
            // the root is not counted, so 100 nested values are exactly the limit
            assertTrue(P.deserialize(nestedLists(100)) instanceof ArrayList);
            assertThrows(LimitExceededException.class, () -> P.deserialize(nestedLists(101)));
            assertThrows(LimitExceededException.class, () -> P.deserialize(nestedLists(10_000)));
            assertThrows(LimitExceededException.class, () -> P.deserialize(nestedLists(100_000)));
            Peregrine deep = Peregrine.builder().maxDepth(1_000_000).build();
            assertThrows(LimitExceededException.class, () -> deep.deserialize(nestedLists(100_000)),
                    "a stack overflow is still reported as a limit");
        });
    }

    @Test
    void mapsNestedAsKeysCannotMakeHashingExponential() {
        // Each level is a map whose key and value are the level below, shared by reference, so the
        // payload is linear in depth while hashing the top key would take 2^depth steps.
        Peregrine tracking = Peregrine.builder().referenceTracking(true).build();
        Map<Object, Object> level = java.util.Collections.singletonMap("a", "b");
        for (int i = 0; i < 40; i++) {
            level = java.util.Collections.singletonMap(level, level);
        }
        byte[] bomb = tracking.serialize(new ArrayList<>(List.of(level)));
        assertTrue(bomb.length < 1000, "payload stays small: " + bomb.length);
        Object outcome = HostileInput.check(tracking, bomb);
        assertTrue(outcome instanceof LimitExceededException, () -> "decoded " + outcome);
        // legitimate maps as keys, a few levels deep, still work
        Map<Object, Object> shallow = new java.util.HashMap<>();
        shallow.put(Map.of(java.util.Set.of("k"), 1), "v");
        assertEquals(shallow, tracking.deserialize(tracking.serialize(shallow)));
    }

    @Test
    void garbageAlongsideValidWorkChangesNoResult() throws Exception {
        Map<String, Object> value = Map.of("k", List.of(1, 2, 3), "s", "text");
        byte[] valid = P.serialize(value);
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(4);
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < 4; t++) {
            boolean garbage = t == 0;
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    Random r = new Random(1);
                    for (int i = 0; i < 5_000; i++) {
                        if (garbage) {
                            byte[] bad = valid.clone();
                            bad[r.nextInt(bad.length)] = (byte) r.nextInt();
                            try {
                                P.deserialize(bad);
                            } catch (PeregrineException expected) {
                                // fine
                            }
                        } else {
                            assertEquals(value, P.deserialize(valid));
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(List.of(), failures);
    }
}
