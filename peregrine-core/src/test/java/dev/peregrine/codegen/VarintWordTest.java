package dev.peregrine.codegen;

import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.buffer.Varints;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Pins the word-at-a-time varint stores and loads of {@link Varints} and {@link ArrayReader} to a
 * byte-at-a-time reference, at every length boundary and on random values, both with room for a
 * whole word and at the very end of the input, where the readers fall back to checked bytes; a word
 * read must also take exactly the value's bytes, and ignore the set bits that follow them.
 */
class VarintWordTest {

    private static byte[] referenceInt(int v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
        return out.toByteArray();
    }

    private static byte[] referenceLong(long v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < 8; i++) {
            if ((v & ~0x7FL) == 0) {
                out.write((int) v);
                return out.toByteArray();
            }
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
        return out.toByteArray();
    }

    private static long[] samples() {
        SplittableRandom r = new SplittableRandom(5);
        long[] values = new long[64 * 3 + 2000];
        int n = 0;
        for (int bit = 0; bit < 64; bit++) {
            values[n++] = 1L << bit;
            values[n++] = (1L << bit) - 1;
            values[n++] = -(1L << bit);
        }
        while (n < values.length) {
            values[n++] = r.nextLong() >>> r.nextInt(64);
        }
        return values;
    }

    /** The bytes of each element by the reference, zigzag first, as the array writes must give. */
    private static byte[] referenceElements(long[] zigzagged, boolean asLongs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long z : zigzagged) {
            out.writeBytes(asLongs ? referenceLong(z) : referenceInt((int) z));
        }
        return out.toByteArray();
    }

    /**
     * Writes through {@code write} into a growable writer (room for the longest form of every
     * element, the one-check path) and into bounded writers with no room to spare and with a few
     * bytes more, where the room check fails and each element is written checked; all must give
     * {@code expected}.
     */
    private static void assertArrayWrite(byte[] expected, java.util.function.Consumer<BufferWriter> write,
                                         String what) {
        BufferWriter grown = BufferWriter.growable(4096);
        write.accept(grown);
        assertArrayEquals(expected, grown.toByteArray(), what + " with room");
        for (int spare = 0; spare <= 9; spare += 3) {
            byte[] dst = new byte[expected.length + spare + 2 + Varints.ROOM];
            Arrays.fill(dst, (byte) 0x5A);
            int limit = expected.length + spare + 1;
            BufferWriter bounded = BufferWriter.bounded(dst, 1, limit);
            write.accept(bounded);
            assertEquals(expected.length + 1, bounded.position(), what + " bounded, spare " + spare);
            assertArrayEquals(expected, Arrays.copyOfRange(dst, 1, expected.length + 1),
                    what + " bounded, spare " + spare);
            for (int i = limit; i < dst.length; i++) {
                assertEquals((byte) 0x5A, dst[i], what + " wrote past its limit, spare " + spare);
            }
        }
    }

    @Test
    void primitiveArraysMatchTheReferenceElementByElement() {
        // Arrays of values of mixed lengths (so one word store per element, whatever its length, is
        // what is tested), of every size up to 40.
        long[] pool = samples();
        SplittableRandom r = new SplittableRandom(11);
        for (int n = 0; n <= 40; n++) {
            int[] ints = new int[n];
            long[] longs = new long[n];
            short[] shorts = new short[n];
            char[] chars = new char[n];
            long[] zInts = new long[n];
            long[] zLongs = new long[n];
            long[] zShorts = new long[n];
            long[] zChars = new long[n];
            for (int i = 0; i < n; i++) {
                long v = pool[r.nextInt(pool.length)];
                ints[i] = (int) v;
                longs[i] = v;
                shorts[i] = (short) v;
                chars[i] = (char) v;
                zInts[i] = ((ints[i] << 1) ^ (ints[i] >> 31)) & 0xFFFF_FFFFL;
                zLongs[i] = (v << 1) ^ (v >> 63);
                zShorts[i] = ((shorts[i] << 1) ^ (shorts[i] >> 31)) & 0xFFFF_FFFFL;
                zChars[i] = chars[i];
            }
            assertArrayWrite(referenceElements(zInts, false), w -> w.writeVarInts(ints), "int[" + n + "]");
            assertArrayWrite(referenceElements(zLongs, true), w -> w.writeVarLongs(longs), "long[" + n + "]");
            assertArrayWrite(referenceElements(zShorts, false), w -> w.writeVarShorts(shorts), "short[" + n + "]");
            assertArrayWrite(referenceElements(zChars, false), w -> w.writeVarChars(chars), "char[" + n + "]");
        }
    }

    @Test
    void intsMatchTheReferenceAndReadBack() {
        for (long sample : samples()) {
            int v = (int) sample;
            byte[] expected = referenceInt(v);
            assertEquals(expected.length, BufferWriter.varIntSize(v), "size of " + v);
            byte[] b = new byte[16];
            int end = Varints.putVarUInt(b, 1, v);
            assertArrayEquals(expected, Arrays.copyOfRange(b, 1, end), "store of " + v);
            Arrays.fill(b, end, b.length, (byte) 0xFF);
            BufferWriter w = BufferWriter.growable(16);
            w.writeVarUInt(v);
            assertArrayEquals(expected, w.toByteArray(), "write of " + v);
            ArrayReader word = new ArrayReader(b, 1, 15);
            assertEquals(v, word.readVarUInt(), "word read of " + v);
            assertEquals(expected.length, word.position(), "bytes taken by the word read of " + v);
            assertEquals(v, new ArrayReader(expected, 0, expected.length).readVarUInt(), "byte read of " + v);
        }
    }

    @Test
    void longsMatchTheReferenceAndReadBack() {
        for (long v : samples()) {
            byte[] expected = referenceLong(v);
            assertEquals(expected.length, BufferWriter.varLongSize(v), "size of " + v);
            byte[] b = new byte[16];
            int end = Varints.putVarULong(b, 1, v);
            assertArrayEquals(expected, Arrays.copyOfRange(b, 1, end), "store of " + v);
            Arrays.fill(b, end, b.length, (byte) 0xFF);
            BufferWriter w = BufferWriter.growable(16);
            w.writeVarULong(v);
            assertArrayEquals(expected, w.toByteArray(), "write of " + v);
            ArrayReader word = new ArrayReader(b, 1, 15);
            assertEquals(v, word.readVarULong(), "word read of " + v);
            assertEquals(expected.length, word.position(), "bytes taken by the word read of " + v);
            assertEquals(v, new ArrayReader(expected, 0, expected.length).readVarULong(), "byte read of " + v);
        }
    }

    @Test
    void intOverflowIsRefusedWithOrWithoutRoom() {
        byte[][] bad = {
            {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x10},
            {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x8F, 0x00},
        };
        for (byte[] b : bad) {
            byte[] padded = Arrays.copyOf(b, 16);
            assertThrows(MalformedInputException.class, () -> new ArrayReader(padded, 0, 16).readVarUInt());
            assertThrows(MalformedInputException.class, () -> new ArrayReader(b, 0, b.length).readVarUInt());
        }
    }

    @Test
    void aTruncatedVarintIsRefused() {
        byte[] b = {(byte) 0x80, (byte) 0x80};
        assertThrows(MalformedInputException.class, () -> new ArrayReader(b, 0, 2).readVarUInt());
        assertThrows(MalformedInputException.class, () -> new ArrayReader(b, 0, 2).readVarULong());
    }

    @Test
    void aBoundedWriterNeverWritesPastItsLimit() {
        byte[] dst = new byte[12];
        Arrays.fill(dst, (byte) 0x55);
        BufferWriter w = BufferWriter.bounded(dst, 0, 10);
        w.writeVarULong(-1L);
        assertEquals(9, w.size());
        assertEquals(0x55, dst[10]);
        assertEquals(0x55, dst[11]);
    }
}
