package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@code Codec.encode(value, dst, offset)} reuses one writer between calls: each call must still
 * write exactly the bytes a fresh codec writes, whatever came before it.
 */
class CodecIntoArrayTest {
    record Point(int x, long y, String label, List<Integer> tags) { }

    private final Peregrine p = Peregrine.builder().register(Point.class).build();

    @Test
    void reusedWriterWritesWhatAFreshOneWrites() {
        Codec<Point> codec = p.codec(Point.class);
        Point small = new Point(1, 2, "a", List.of());
        Point large = new Point(-5, Long.MIN_VALUE, "x".repeat(300), List.of(1, 2, 3));
        byte[] expectedSmall = p.codec(Point.class).encode(small);
        byte[] expectedLarge = p.codec(Point.class).encode(large);
        for (int round = 0; round < 3; round++) {
            byte[] dst = new byte[1000];
            int n = codec.encode(large, dst, 7);
            assertArrayEquals(expectedLarge, Arrays.copyOfRange(dst, 7, 7 + n));
            byte[] tight = new byte[expectedSmall.length];
            assertEquals(expectedSmall.length, codec.encode(small, tight, 0));
            assertArrayEquals(expectedSmall, tight);
            assertThrows(LimitExceededException.class, () -> codec.encode(large, new byte[10], 0));
            assertEquals(large, codec.decode(dst, 7, n));
        }
    }

    @Test
    void reusedReaderDecodesAfterMalformedInputAndWithReferences() {
        Codec<Point> codec = p.codec(Point.class);
        Point value = new Point(3, 4, "ok", List.of(1, 2));
        byte[] bytes = codec.encode(value);
        for (int round = 0; round < 3; round++) {
            assertEquals(value, codec.decode(bytes));
            byte[] cut = Arrays.copyOf(bytes, bytes.length - 1);
            assertThrows(MalformedInputException.class, () -> codec.decode(cut));
            byte[] padded = new byte[bytes.length + 4];
            System.arraycopy(bytes, 0, padded, 2, bytes.length);
            assertEquals(value, codec.decode(padded, 2, bytes.length));
        }
        Peregrine tracking = Peregrine.builder().register(Point.class).referenceTracking(true).build();
        Codec<Point> tracked = tracking.codec(Point.class);
        byte[] trackedBytes = tracked.encode(value);
        for (int round = 0; round < 3; round++) {
            assertEquals(value, tracked.decode(trackedBytes));
        }
    }

    @Test
    void concurrentCallersEachGetTheirOwnWriter() throws Exception {
        Codec<Point> codec = p.codec(Point.class);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                Point value = new Point(t, t * 1000L, "thread" + t, List.of(t));
                byte[] expected = p.codec(Point.class).encode(value);
                results.add(pool.submit(() -> {
                    byte[] dst = new byte[256];
                    for (int i = 0; i < 2_000; i++) {
                        int n = codec.encode(value, dst, i % 5);
                        assertArrayEquals(expected, Arrays.copyOfRange(dst, i % 5, i % 5 + n));
                        assertEquals(value, codec.decode(dst, i % 5, n));
                    }
                    return null;
                }));
            }
            for (Future<?> f : results) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
