package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ConcurrencyTest {
    record A(int x, String s) { }
    record B(long y, List<A> as) { }
    record C(Map<String, B> m, double d) { }
    record D(A a, B b, C c) { }
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

    private static Peregrine compatible() {
        return Peregrine.builder().compatible(true).register(A.class, B.class, C.class, D.class).build();
    }

    /** Threads round-trip values at once: written by {@code writer}, read by {@code reader}. */
    private static void manyThreadsRoundTrip(Peregrine writer, Peregrine reader) throws Exception {
        Object[] values = {
            new A(1, "a"),
            new B(2, List.of(new A(3, "x"))),
            new C(Map.of("k", new B(4, List.of())), 0.5),
            new D(new A(5, "y"), new B(6, List.of(new A(7, null))), new C(Map.of(), 1)),
        };
        CyclicBarrier start = new CyclicBarrier(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Object value = values[t % values.length];
                results.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 200; i++) {
                        assertEquals(value, reader.deserialize(writer.serialize(value)));
                        assertEquals(value, writer.deserialize(writer.serialize(value)));
                    }
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
