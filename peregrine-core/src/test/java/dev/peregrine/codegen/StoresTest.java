package dev.peregrine.codegen;

import dev.peregrine.buffer.BufferWriter;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The unchecked fixed-width stores generated code uses write exactly what {@link BufferWriter}'s
 * checked methods write, and never more than {@link PrimitiveCode#maxBytes}. (Varint stores are
 * the {@code Varints} ladders: {@code VarintWordTest}, and {@code LadderCopiesTest} for the copies.)
 */
class StoresTest {
    private static final long[] LONGS = edges(64);
    private static final long[] INTS = edges(32);

    /** 0, ±1, every ±2^k and 2^k - 1, and the extremes of a width. */
    private static long[] edges(int bits) {
        long[] v = new long[bits * 4 + 3];
        int n = 0;
        v[n++] = 0;
        v[n++] = 1;
        v[n++] = -1;
        for (int k = 0; k < bits; k++) {
            long p = 1L << k;
            v[n++] = p;
            v[n++] = -p;
            v[n++] = p - 1;
            v[n++] = -(p - 1) - 1;
        }
        return Arrays.copyOf(v, n);
    }

    private interface Store {
        int store(byte[] b, int p);
    }

    private static void same(Store unchecked, Runnable checkedWrite, BufferWriter out, PrimitiveCode code) {
        byte[] b = new byte[16];
        int end = unchecked.store(b, 1);
        out.reset();
        checkedWrite.run();
        assertArrayEquals(out.toByteArray(), Arrays.copyOfRange(b, 1, end));
        assertEquals(true, end - 1 <= code.maxBytes(), code + " longer than its bound");
    }

    @Test
    void everyFixedWidthKindMatchesTheCheckedWriter() {
        BufferWriter out = BufferWriter.growable(16);
        for (long x : LONGS) {
            same((b, p) -> Stores.storeDouble(b, p, Double.longBitsToDouble(x)),
                    () -> out.writeDouble(Double.longBitsToDouble(x)), out, PrimitiveCode.DOUBLE);
        }
        for (long l : INTS) {
            int x = (int) l;
            same((b, p) -> Stores.storeFloat(b, p, Float.intBitsToFloat(x)),
                    () -> out.writeFloat(Float.intBitsToFloat(x)), out, PrimitiveCode.FLOAT);
            byte y = (byte) x;
            same((b, p) -> Stores.storeByte(b, p, y), () -> out.writeByte(y), out, PrimitiveCode.BYTE);
        }
    }
}
