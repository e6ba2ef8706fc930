package dev.peregrine.codegen;

import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.ByteBufferReader;
import dev.peregrine.codec.Limits;
import dev.peregrine.codec.ReadContext;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Runs of fixed-width fields (bytes, floats, doubles) that generated code reads with one check and
 * loads at constant offsets: the values come back in place, over an array and over heap and direct
 * {@code ByteBuffer}s (whose reader copies the run out), in a class filled field by field and in a
 * record built through its constructor; and a payload cut anywhere, inside a run included, is a
 * {@link MalformedInputException}, never an index error.
 */
class FixedRunTest {
    private static final List<Function<byte[], BufferReader>> READERS = List.of(
            b -> new ArrayReader(b, 0, b.length),
            b -> new ByteBufferReader(ByteBuffer.wrap(b)),
            b -> new ByteBufferReader(ByteBuffer.allocateDirect(b.length).put(b).flip()));

    static final class Readings {
        byte first;
        float low;
        double mean;
        int count;
        double high;
        float spread;
        byte last;
        String label;
        double alone;

        @Override
        public boolean equals(Object o) {
            return o instanceof Readings r && r.first == first && r.low == low && r.mean == mean && r.count == count
                    && r.high == high && r.spread == spread && r.last == last && Objects.equals(r.label, label)
                    && r.alone == alone;
        }

        @Override
        public int hashCode() {
            return count;
        }
    }

    record Sample(double x, float y, byte tag, long id, double z, float w) {
    }

    private static Readings readings() {
        Readings r = new Readings();
        r.first = -7;
        r.low = -0.5f;
        r.mean = Math.PI;
        r.count = 300;
        r.high = Double.MAX_VALUE;
        r.spread = Float.MIN_VALUE;
        r.last = Byte.MAX_VALUE;
        r.label = "run";
        r.alone = -0.0;
        return r;
    }

    private static final Object[] VALUES = {
        readings(), new Sample(1e-300, 3.25f, (byte) 0x80, 1L << 40, Double.NaN, -Float.MAX_VALUE)
    };

    private static Object decode(Backends backends, BufferReader in, Class<?> type) {
        return new ReadContext(in, backends, Limits.DEFAULT, false).readRoot(backends.codecFor(type));
    }

    @Test
    void runsReadBackWhatTheInterpreterWrote() {
        for (Object value : VALUES) {
            Backends generated = Backends.generated();
            byte[] bytes = generated.encodeRoot(value);
            assertArrayEquals(Backends.interpreted().encodeRoot(value), bytes, value.getClass().getSimpleName());
            for (Function<byte[], BufferReader> reader : READERS) {
                BufferReader in = reader.apply(bytes);
                assertEquals(value, decode(generated, in, value.getClass()));
                assertEquals(0, in.remaining(), "every byte read");
            }
        }
    }

    @Test
    void aPayloadCutAnywhereIsMalformed() {
        for (Object value : VALUES) {
            Backends generated = Backends.generated();
            byte[] bytes = generated.encodeRoot(value);
            for (int n = 0; n < bytes.length; n++) {
                byte[] cut = Arrays.copyOf(bytes, n);
                for (Function<byte[], BufferReader> reader : READERS) {
                    BufferReader in = reader.apply(cut);
                    assertThrows(MalformedInputException.class, () -> decode(generated, in, value.getClass()),
                            value.getClass().getSimpleName() + " cut to " + n + " bytes");
                }
            }
        }
    }
}
