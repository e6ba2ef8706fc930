package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Once a {@code Codec} has encoded a payload that nests values four deep, {@code encode(value)}
 * keeps one growable writer and its context between calls: every call must still return exactly
 * the bytes that an encode through a fresh writer returns, whatever came before it.
 */
class CodecNestingTest {
    static final class Node {
        int value;
        String label;
        Node next;

        Node() {
        }

        Node(int value, String label, Node next) {
            this.value = value;
            this.label = label;
            this.next = next;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Node n && n.value == value && Objects.equals(n.label, label)
                    && Objects.equals(n.next, next);
        }

        @Override
        public int hashCode() {
            return value;
        }
    }

    private static Node chain(int length, String label) {
        Node head = null;
        for (int i = length; i > 0; i--) {
            head = new Node(i, label + i, head);
        }
        return head;
    }

    /** @return the payload written by the bounded writer's path, which keeps nothing between payloads */
    private static byte[] throughBoundedWriter(Codec<Node> codec, Node value) {
        byte[] dst = new byte[1 << 18];
        int n = codec.encode(value, dst, 0);
        return Arrays.copyOf(dst, n);
    }

    private static void assertKeptWriterWritesWhatAFreshOneWrites(Peregrine p) {
        Codec<Node> codec = p.codec(Node.class);
        Node small = chain(5, "n");
        Node huge = new Node(1, "x".repeat(70_000), chain(5, "h"));
        Node tooDeep = chain(500, "d");
        byte[] expectedSmall = throughBoundedWriter(codec, small);
        byte[] expectedHuge = throughBoundedWriter(codec, huge);
        for (int round = 0; round < 3; round++) {
            assertArrayEquals(expectedSmall, codec.encode(small));
            assertThrows(LimitExceededException.class, () -> codec.encode(tooDeep));
            assertArrayEquals(expectedSmall, codec.encode(small));
            assertArrayEquals(expectedHuge, codec.encode(huge));
            assertArrayEquals(expectedSmall, codec.encode(small));
            assertEquals(huge, codec.decode(codec.encode(huge)));
        }
    }

    @Test
    void sameSchema() {
        assertKeptWriterWritesWhatAFreshOneWrites(Peregrine.builder().register(Node.class).build());
    }

    @Test
    void compatibleFormatCarriesItsDefsInEveryPayload() {
        assertKeptWriterWritesWhatAFreshOneWrites(
                Peregrine.builder().register(Node.class).compatible(true).build());
    }

    @Test
    void referenceTrackingForgetsTheLastPayloadsObjects() {
        Peregrine p = Peregrine.builder().register(Node.class).referenceTracking(true).build();
        assertKeptWriterWritesWhatAFreshOneWrites(p);
        Codec<Node> codec = p.codec(Node.class);
        Node ring = new Node(1, "ring", null);
        ring.next = new Node(2, "back", ring);
        byte[] expected = throughBoundedWriter(codec, ring);
        for (int round = 0; round < 3; round++) {
            assertArrayEquals(expected, codec.encode(ring));
            Node read = codec.decode(codec.encode(ring));
            assertSame(read, read.next.next);
        }
    }

    @Test
    void concurrentCallersEachGetTheirOwnWriter() throws Exception {
        Peregrine p = Peregrine.builder().register(Node.class).build();
        Codec<Node> codec = p.codec(Node.class);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                Node value = chain(5 + t, "thread" + t);
                byte[] expected = throughBoundedWriter(codec, value);
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        byte[] bytes = codec.encode(value);
                        assertArrayEquals(expected, bytes);
                        assertEquals(value, codec.decode(bytes));
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
