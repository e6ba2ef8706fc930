package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ConcurrencyTest {
    record A(int x, String s) { }
    record B(long y, List<A> as) { }
    record C(Map<String, B> m, double d) { }
    record D(A a, B b, C c) { }
    /** Its tagged field holds a class beyond its preload, so a compatible write takes a def table part way. */
    record E(Object any, A a) { }
    static final int THREADS = 16;

    @Test
    void sixteenThreadsMeetNewClassesAtOnce() throws Exception {
        for (int round = 0; round < 5; round++) {
            Peregrine p = Peregrine.builder().register(A.class, B.class, C.class, D.class).build();
            manyThreadsRoundTrip(p, p);
        }
    }

    /**
     * The compatible format keeps spare def tables in its session, each for one call at a time: every
     * payload written under contention must still carry its own defs, so that a reader that has
     * seen nothing else (another instance) decodes it.
     */
    @Test
    void sixteenThreadsShareOneCompatiblePeregrine() throws Exception {
        for (int round = 0; round < 5; round++) {
            Peregrine p = compatible();
            manyThreadsRoundTrip(p, compatible());
            D d = new D(new A(5, "y"), new B(6, List.of(new A(7, null))), new C(Map.of(), 1));
            assertArrayEquals(compatible().serialize(d), p.serialize(d));
        }
    }

    /**
     * A {@code Codec} keeps one scratch array, writer and reader for the first thread that used it
     * and hands another set between the rest: every thread's payloads and values must stay its own,
     * whether or not it is that first thread.
     */
    @Test
    void sixteenThreadsShareOneCodec() throws Exception {
        for (int round = 0; round < 5; round++) {
            Codec<D> codec = Peregrine.builder().register(A.class, B.class, C.class, D.class).build()
                    .codec(D.class);
            if (round % 2 == 0) {
                // This thread takes first and owns the codec's kept objects; on odd rounds a pool
                // thread does.
                D first = new D(new A(0, "first"), new B(0, List.of()), new C(Map.of(), 0));
                assertEquals(first, codec.decode(codec.encode(first)));
                byte[] into = new byte[256];
                int n = codec.encode(first, into, 0);
                assertEquals(first, codec.decode(into, 0, n));
            }
            runAtOnce(t -> {
                D d = new D(new A(t, "t" + t), new B(t, List.of(new A(-t, null))),
                        new C(Map.of("k" + t, new B(t, List.of())), t));
                byte[] into = new byte[256];
                for (int i = 0; i < 200; i++) {
                    byte[] payload = codec.encode(d);
                    assertEquals(d, codec.decode(payload));
                    int n = codec.encode(d, into, 3);
                    assertArrayEquals(payload, Arrays.copyOfRange(into, 3, 3 + n));
                    assertEquals(d, codec.decode(into, 3, n));
                }
            });
        }
    }

    /**
     * A compatible {@code Codec} writes after its lead with no def table until a payload needs one
     * (WriteContext.startsWith), then takes one from the session's spare, one call at a time: under
     * contention each payload must still be the bytes a single thread writes.
     */
    @Test
    void sixteenThreadsShareOneCompatibleCodecWhosePayloadsTakeTablesPartWay() throws Exception {
        for (int round = 0; round < 3; round++) {
            Codec<E> codec = compatible().codec(E.class);
            Codec<E> alone = compatible().codec(E.class);
            runAtOnce(t -> {
                E[] values = {new E(new B(t, List.of(new A(t, "b"))), new A(t, "a")), new E(null, new A(-t, null)),
                    new E(new A(t, "any"), null)};
                byte[][] want = new byte[values.length][];
                synchronized (alone) {
                    for (int v = 0; v < values.length; v++) {
                        want[v] = alone.encode(values[v]);
                    }
                }
                for (int i = 0; i < 200; i++) {
                    int v = i % values.length;
                    byte[] payload = codec.encode(values[v]);
                    assertArrayEquals(want[v], payload);
                    assertEquals(values[v], codec.decode(payload));
                }
            });
        }
    }

    private static Peregrine compatible() {
        return Peregrine.builder().compatible(true).register(A.class, B.class, C.class, D.class, E.class).build();
    }

    /** Threads round-trip values at once: written by {@code writer}, read by {@code reader}. */
    private static void manyThreadsRoundTrip(Peregrine writer, Peregrine reader) throws Exception {
        Object[] values = {
            new A(1, "a"),
            new B(2, List.of(new A(3, "x"))),
            new C(Map.of("k", new B(4, List.of())), 0.5),
            new D(new A(5, "y"), new B(6, List.of(new A(7, null))), new C(Map.of(), 1)),
        };
        runAtOnce(t -> {
            Object value = values[t % values.length];
            for (int i = 0; i < 200; i++) {
                assertEquals(value, reader.deserialize(writer.serialize(value)));
                assertEquals(value, writer.deserialize(writer.serialize(value)));
            }
        });
    }

    /**
     * Runs {@code body} on {@link #THREADS} threads released at once, each given its number
     * (shared with {@link ReusableTest}).
     */
    static void runAtOnce(IntConsumer body) throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int number = t;
                results.add(pool.submit(() -> {
                    start.await();
                    body.accept(number);
                    return null;
                }));
            }
            for (Future<?> f : results) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
