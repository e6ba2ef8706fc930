package dev.peregrine.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.peregrine.Peregrine;
import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.hand.ByteSink;
import dev.peregrine.benchmarks.hand.ByteSource;
import dev.peregrine.benchmarks.peers.Peer;
import dev.peregrine.benchmarks.peers.Serializer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The hand-written codecs write exactly the bytes of Peregrine's {@code Codec}, so that the benchmark's
 * "hand-written / Peregrine" ratio compares two ways of doing the same work, and read those bytes back.
 */
class HandCodecBytesTest {
    @ParameterizedTest(name = "{0}")
    @EnumSource(Fixture.class)
    void handWrittenCodecWritesPeregrinesBytes(Fixture fixture) {
        Serializer hand = Peer.HAND.create(fixture);
        Serializer peregrine = Peer.PEREGRINE_CODEC.create(fixture);
        Random random = new Random(7);
        for (int i = 0; i <= 20; i++) {
            Object value = i == 0 ? fixture.value() : fixture.random(random);
            byte[] expected = peregrine.serialize(value);
            assertSameBytes(fixture + " value " + i, expected, hand.serialize(value));
            Object copy = hand.deserialize(expected);
            assertTrue(Fixture.same(value, copy), () -> "hand-written codec misread " + fixture);
        }
    }

    @Test
    void sinkWritesStringsAndVarintsAsPeregrineDoes() {
        Peregrine peregrine = Peregrine.builder().build();
        for (String s : new String[] {"", "Hi", "caf\u00e9", "\u20ac 5", "\u0436\u00e9x", "\uD83D\uDE00", "a\uD800b", "\uDC00"}) {
            ByteSink sink = new ByteSink(4);
            sink.writeString(s);
            assertSameBytes("string " + s, body(peregrine.codec(String.class).encode(s)), sink.toBytes());
            ByteSource source = new ByteSource();
            source.wrap(sink.toBytes());
            assertEquals(s, source.readString());
        }
        long[] longs = {0, 1, -1, 63, -64, 64, 1L << 55, (1L << 55) - 1, -(1L << 55), Long.MAX_VALUE, Long.MIN_VALUE};
        for (long v : longs) {
            ByteSink sink = new ByteSink(4);
            sink.writeVarLong(v);
            sink.writeVarInt((int) v);
            byte[] expected = concat(body(peregrine.codec(Long.class).encode(v)),
                    body(peregrine.codec(Integer.class).encode((int) v)));
            assertSameBytes("varints of " + v, expected, sink.toBytes());
            ByteSource source = new ByteSource();
            source.wrap(sink.toBytes());
            assertEquals(v, source.readVarLong());
            assertEquals((int) v, source.readVarInt());
        }
    }

    /** A root value's bytes after the header and fingerprint. */
    private static byte[] body(byte[] payload) {
        return Arrays.copyOfRange(payload, 5, payload.length);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static void assertSameBytes(String what, byte[] expected, byte[] actual) {
        int at = Arrays.mismatch(expected, actual);
        if (at >= 0) {
            fail(what + ": first difference at byte " + at + " of " + expected.length + " (hand-written wrote "
                    + actual.length + ")\n  Peregrine:    " + hex(expected, at) + "\n  hand-written: "
                    + hex(actual, at));
        }
    }

    private static String hex(byte[] bytes, int at) {
        StringBuilder s = new StringBuilder();
        for (int i = Math.max(0, at - 8); i < Math.min(bytes.length, at + 16); i++) {
            s.append(i == at ? "[" : "").append(String.format("%02X", bytes[i] & 0xFF)).append(i == at ? "] " : " ");
        }
        return s.toString();
    }
}
