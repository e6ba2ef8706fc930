package dev.peregrine.codegen;

import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.buffer.ByteBufferReader;
import dev.peregrine.buffer.Varints;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;

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

    /**
     * A prefix varint by its definition (docs/FORMAT.md): below 2^56, n bytes, the smallest n with
     * 7n bits for the value, whose bits are n - 1 ones, a zero, then the value's bits low first;
     * else FF and the value's 8 bytes, little-endian.
     */
    private static byte[] referencePrefix(long v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (v >>> 56 != 0) {
            out.write(0xFF);
            for (int i = 0; i < 8; i++) {
                out.write((int) (v >>> 8 * i) & 0xFF);
            }
            return out.toByteArray();
        }
        int n = 1;
        while (n < 8 && v >>> 7 * n != 0) {
            n++;
        }
        boolean[] bits = new boolean[8 * n];
        for (int i = 0; i < n - 1; i++) {
            bits[i] = true;
        }
        for (int i = 0; i < 7 * n; i++) {
            bits[n + i] = (v >>> i & 1) != 0;
        }
        for (int b = 0; b < n; b++) {
            int x = 0;
            for (int i = 0; i < 8; i++) {
                x |= (bits[8 * b + i] ? 1 : 0) << i;
            }
            out.write(x);
        }
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

    /**
     * Zigzag by its definition, 0, -1, 1, -2, 2, ... to 0, 1, 2, 3, 4, ..., as an unsigned 64-bit
     * value (the arithmetic wraps modulo 2^64, which keeps it exact).
     */
    private static long zigzag(long v) {
        return v >= 0 ? 2 * v : -2 * v - 1;
    }

    /**
     * The bytes the array writes must give: the length (LEB128), then each element by the reference,
     * zigzag first: a prefix varint for a value, LEB128 for a char.
     */
    private static byte[] referenceElements(long[] zigzagged, boolean prefix) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(referenceInt(zigzagged.length));
        for (long z : zigzagged) {
            out.writeBytes(prefix ? referencePrefix(z) : referenceInt((int) z));
        }
        return out.toByteArray();
    }

    /**
     * Writes through {@code write} into a growable writer with room to spare, and into bounded
     * writers with a few bytes more than {@code expected}, with exactly the room the one-check path
     * asks for and one byte less (where each element is written checked instead); all must give
     * {@code expected} and leave every byte past the limit alone.
     *
     * @param room what the one-check path asks for: the longest form of the length and of every
     *             element, and the reach of the last word stored
     */
    private static void assertArrayWrite(byte[] expected, int room, Consumer<BufferWriter> write,
                                         String what) {
        BufferWriter grown = BufferWriter.growable(4096);
        write.accept(grown);
        assertArrayEquals(expected, grown.toByteArray(), what + " with room");
        for (int spare : new int[] {0, 3, 6, 9, room - expected.length - 1, room - expected.length}) {
            if (spare < 0) {
                continue;
            }
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
        // Arrays of every size up to 40: of values of mixed lengths, and of the longest form of each
        // type only (so that a bounded writer of no more room than the one-check path asks for
        // holds them).
        long[] pool = samples();
        SplittableRandom r = new SplittableRandom(11);
        for (int k = 0; k <= 83; k++) {
            // Sizes 0 to 40, then 200 (a two-byte length), each of mixed values and of the longest.
            int n = k % 42 == 41 ? 200 : k % 42;
            boolean longest = k > 41;
            int[] ints = new int[n];
            long[] longs = new long[n];
            short[] shorts = new short[n];
            char[] chars = new char[n];
            long[] zInts = new long[n];
            long[] zLongs = new long[n];
            long[] zShorts = new long[n];
            long[] zChars = new long[n];
            for (int i = 0; i < n; i++) {
                long v = longest ? Long.MIN_VALUE : pool[r.nextInt(pool.length)];
                ints[i] = longest ? Integer.MIN_VALUE : (int) v;
                longs[i] = v;
                shorts[i] = longest ? Short.MIN_VALUE : (short) v;
                chars[i] = longest ? Character.MAX_VALUE : (char) v;
                zInts[i] = zigzag(ints[i]);
                zLongs[i] = zigzag(v);
                zShorts[i] = zigzag(shorts[i]);
                zChars[i] = chars[i];
            }
            assertArrayWrite(referenceElements(zInts, true), 5 * n + 5 + Varints.ROOM,
                    w -> w.writeIntArray(ints), "int[" + n + "]");
            assertArrayWrite(referenceElements(zLongs, true), 9 * n + Varints.ROOM, w -> w.writeLongArray(longs),
                    "long[" + n + "]");
            assertArrayWrite(referenceElements(zShorts, true), 3 * n + 5 + Varints.ROOM,
                    w -> w.writeShortArray(shorts), "short[" + n + "]");
            assertArrayWrite(referenceElements(zChars, false), 3 * n + 5 + Varints.ROOM,
                    w -> w.writeCharArray(chars), "char[" + n + "]");
        }
    }

    @Test
    void fixedWidthArraysMatchTheReference() {
        // The length, then each element's bytes little-endian (booleans as 1 or 0), through the same
        // bounded writers as the varint arrays: the one-check path asks for the reach of the
        // length's word past the elements.
        SplittableRandom r = new SplittableRandom(19);
        for (int n : new int[] {0, 1, 2, 7, 40, 200}) {
            float[] floats = new float[n];
            double[] doubles = new double[n];
            boolean[] booleans = new boolean[n];
            ByteBuffer f = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
            ByteBuffer d = ByteBuffer.allocate(8 * n).order(ByteOrder.LITTLE_ENDIAN);
            byte[] z = new byte[n];
            for (int i = 0; i < n; i++) {
                floats[i] = Float.intBitsToFloat(r.nextInt());
                doubles[i] = Double.longBitsToDouble(r.nextLong());
                booleans[i] = r.nextBoolean();
                f.putInt(Float.floatToRawIntBits(floats[i]));
                d.putLong(Double.doubleToRawLongBits(doubles[i]));
                z[i] = (byte) (booleans[i] ? 1 : 0);
            }
            assertArrayWrite(withLength(n, f.array()), 4 * n + Varints.ROOM, w -> w.writeFloatArray(floats),
                    "float[" + n + "]");
            assertArrayWrite(withLength(n, d.array()), 8 * n + Varints.ROOM, w -> w.writeDoubleArray(doubles),
                    "double[" + n + "]");
            assertArrayWrite(withLength(n, z), n + Varints.ROOM, w -> w.writeBooleanArray(booleans),
                    "boolean[" + n + "]");
        }
    }

    private static byte[] withLength(int n, byte[] elements) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(referenceInt(n));
        out.writeBytes(elements);
        return out.toByteArray();
    }

    @Test
    void primitiveArrayRunsReadBackAsTheyWereWritten() {
        // Each run read by the bulk readers: with room to spare (the word loads), ending exactly at
        // the end of the input (its last elements read byte by byte), and from a buffer; each must
        // give the values and leave the position right after the run.
        long[] pool = samples();
        SplittableRandom r = new SplittableRandom(13);
        for (int n = 0; n <= 40; n++) {
            int[] ints = new int[n];
            long[] longs = new long[n];
            short[] shorts = new short[n];
            char[] chars = new char[n];
            float[] floats = new float[n];
            double[] doubles = new double[n];
            for (int i = 0; i < n; i++) {
                long v = pool[r.nextInt(pool.length)];
                ints[i] = (int) v;
                longs[i] = v;
                shorts[i] = (short) v;
                chars[i] = (char) v;
                floats[i] = Float.intBitsToFloat((int) v);
                doubles[i] = Double.longBitsToDouble(v);
            }
            String what = "[" + n + "]";
            assertRunReadsBack(n, w -> w.writeIntArray(ints), in -> {
                int[] got = new int[ints.length];
                in.readVarInts(got);
                assertArrayEquals(ints, got, "int" + what);
            });
            assertRunReadsBack(n, w -> w.writeLongArray(longs), in -> {
                long[] got = new long[longs.length];
                in.readVarLongs(got);
                assertArrayEquals(longs, got, "long" + what);
            });
            assertRunReadsBack(n, w -> w.writeShortArray(shorts), in -> {
                short[] got = new short[shorts.length];
                in.readVarShorts(got);
                assertArrayEquals(shorts, got, "short" + what);
            });
            assertRunReadsBack(n, w -> w.writeCharArray(chars), in -> {
                char[] got = new char[chars.length];
                in.readVarChars(got);
                assertArrayEquals(chars, got, "char" + what);
            });
            assertRunReadsBack(n, w -> w.writeFloatArray(floats), in -> {
                float[] got = new float[floats.length];
                in.readFloats(got);
                assertArrayEquals(floats, got, "float" + what);
            });
            assertRunReadsBack(n, w -> w.writeDoubleArray(doubles), in -> {
                double[] got = new double[doubles.length];
                in.readDoubles(got);
                assertArrayEquals(doubles, got, "double" + what);
            });
        }
    }

    /**
     * Writes an array of {@code n} elements after a one-byte prefix, then reads its length and its
     * run back through {@code read} from an array reader with 16 spare bytes after it, one that
     * ends with the run, and a buffer reader, checking that each stops right after the run.
     */
    private static void assertRunReadsBack(int n, Consumer<BufferWriter> write,
                                           Consumer<BufferReader> read) {
        BufferWriter w = BufferWriter.growable(64);
        w.writeByte(0x7F);
        write.accept(w);
        byte[] run = w.toByteArray();
        byte[] spare = Arrays.copyOf(run, run.length + 16);
        Arrays.fill(spare, run.length, spare.length, (byte) 0xFF);
        for (BufferReader in : new BufferReader[] {
            new ArrayReader(spare, 0, spare.length),
            new ArrayReader(run, 0, run.length),
            new ByteBufferReader(ByteBuffer.wrap(run)),
        }) {
            in.readByte();
            assertEquals(n, in.readVarUInt(), in.getClass().getSimpleName() + " reads the length");
            read.accept(in);
            assertEquals(run.length, in.position(), in.getClass().getSimpleName() + " stops after the run");
        }
    }

    @Test
    void aCutArrayRunFailsWhereElementByElementReadsFail() {
        // Every prefix of a run of mixed-length values, read by the array reader's run, by the
        // buffer reader (element by element) and element by element on an array reader: all three
        // refuse it, at the same offset.
        long[] pool = samples();
        SplittableRandom r = new SplittableRandom(17);
        int n = 12;
        int[] ints = new int[n];
        long[] longs = new long[n];
        short[] shorts = new short[n];
        char[] chars = new char[n];
        for (int i = 0; i < n; i++) {
            long v = pool[r.nextInt(pool.length)];
            ints[i] = (int) v;
            longs[i] = v;
            shorts[i] = (short) v;
            chars[i] = (char) v;
        }
        assertCutsFailAlike(n, w -> w.writeIntArray(ints), in -> in.readVarInts(new int[n]), in -> in.readVarInt());
        assertCutsFailAlike(n, w -> w.writeLongArray(longs), in -> in.readVarLongs(new long[n]),
                in -> in.readVarLong());
        assertCutsFailAlike(n, w -> w.writeShortArray(shorts), in -> in.readVarShorts(new short[n]),
                in -> in.readVarInt());
        assertCutsFailAlike(n, w -> w.writeCharArray(chars), in -> in.readVarChars(new char[n]),
                in -> in.readVarUInt());
        assertCutsFailAlike(n, w -> w.writeFloatArray(new float[n]), in -> in.readFloats(new float[n]),
                in -> in.readFloat());
        assertCutsFailAlike(n, w -> w.writeDoubleArray(new double[n]), in -> in.readDoubles(new double[n]),
                in -> in.readDouble());
    }

    /**
     * Writes an array of {@code n} elements, then reads every prefix of it, its length and then
     * through {@code run} on an array reader and on a buffer reader, and through {@code element}
     * called {@code n} times on an array reader; all three must fail at the same offset.
     */
    private static void assertCutsFailAlike(int n, Consumer<BufferWriter> write, Consumer<BufferReader> run,
                                            Consumer<BufferReader> element) {
        Consumer<BufferReader> each = in -> {
            in.readVarUInt();
            for (int i = 0; i < n; i++) {
                element.accept(in);
            }
        };
        Consumer<BufferReader> counted = in -> {
            in.readVarUInt();
            run.accept(in);
        };
        BufferWriter w = BufferWriter.growable(64);
        write.accept(w);
        byte[] full = w.toByteArray();
        for (int cut = 0; cut < full.length; cut++) {
            byte[] b = Arrays.copyOf(full, cut);
            long expected = assertThrows(MalformedInputException.class,
                    () -> each.accept(new ArrayReader(b, 0, b.length))).offset();
            assertEquals(expected, assertThrows(MalformedInputException.class,
                    () -> counted.accept(new ArrayReader(b, 0, b.length))).offset(), "array run cut at " + cut);
            assertEquals(expected, assertThrows(MalformedInputException.class,
                    () -> counted.accept(new ByteBufferReader(ByteBuffer.wrap(b)))).offset(),
                    "buffer run cut at " + cut);
        }
    }

    @Test
    void aTruncatedOrOverflowingArrayRunIsRefused() {
        BufferWriter w = BufferWriter.growable(64);
        w.writeIntArray(new int[] {1, -300, Integer.MIN_VALUE, 7});
        // The run without its one-byte length.
        byte[] good = Arrays.copyOfRange(w.toByteArray(), 1, w.size());
        byte[] cut = Arrays.copyOf(good, good.length - 1);
        assertThrows(MalformedInputException.class, () -> new ArrayReader(cut, 0, cut.length).readVarInts(new int[4]));
        assertThrows(MalformedInputException.class,
                () -> new ArrayReader(cut, 0, cut.length).readFloats(new float[3]));
        // The third element, Integer.MIN_VALUE, zigzags to five bytes EF FF FF FF 1F; a last byte
        // 3F sets the value's bit 32, which overflows.
        byte[] overflow = good.clone();
        overflow[1 + 2 + 4] = 0x3F;
        byte[] padded = Arrays.copyOf(overflow, overflow.length + 16);
        MalformedInputException e = assertThrows(MalformedInputException.class,
                () -> new ArrayReader(padded, 0, padded.length).readVarInts(new int[4]));
        assertEquals(3, e.offset(), "the overflowing element's first byte");
        assertThrows(MalformedInputException.class,
                () -> new ArrayReader(overflow, 0, overflow.length).readVarInts(new int[4]));
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
    void prefixIntsAndLongsMatchTheReferenceAndReadBack() {
        for (long v : samples()) {
            byte[] expected = referencePrefix(v);
            assertEquals(expected.length, BufferWriter.varLongSize(v), "prefix and LEB128 sizes of " + v);
            byte[] b = new byte[16];
            int end = Varints.putPrefixULong(b, 1, v);
            assertArrayEquals(expected, Arrays.copyOfRange(b, 1, end), "long store of " + v);
            byte[] bytewise = new byte[expected.length];
            assertEquals(expected.length, Varints.putPrefixBytewise(bytewise, 0, v), "bytewise store of " + v);
            assertArrayEquals(expected, bytewise, "bytewise store of " + v);
            Arrays.fill(b, end, b.length, (byte) 0xFF);
            BufferWriter w = BufferWriter.growable(16);
            w.writePrefixULong(v);
            assertArrayEquals(expected, w.toByteArray(), "long write of " + v);
            ArrayReader word = new ArrayReader(b, 1, 15);
            assertEquals(v, word.readPrefixULong(), "word read of " + v);
            assertEquals(expected.length, word.position(), "bytes taken by the word read of " + v);
            assertEquals(v, new ArrayReader(expected, 0, expected.length).readPrefixULong(), "byte read of " + v);
            assertEquals(v, new ByteBufferReader(ByteBuffer.wrap(expected)).readPrefixULong(), "buffer read of " + v);

            int i = (int) v;
            byte[] expectedInt = referencePrefix(i & 0xFFFF_FFFFL);
            end = Varints.putPrefixUInt(b, 1, i);
            assertArrayEquals(expectedInt, Arrays.copyOfRange(b, 1, end), "int store of " + i);
            Arrays.fill(b, end, b.length, (byte) 0xFF);
            w = BufferWriter.growable(16);
            w.writePrefixUInt(i);
            assertArrayEquals(expectedInt, w.toByteArray(), "int write of " + i);
            word = new ArrayReader(b, 1, 15);
            assertEquals(i, word.readPrefixUInt(), "word read of " + i);
            assertEquals(expectedInt.length, word.position(), "bytes taken by the word read of " + i);
            assertEquals(i, new ArrayReader(expectedInt, 0, expectedInt.length).readPrefixUInt(), "byte read of " + i);
        }
    }

    @Test
    void aPrefixIntPast32BitsIsRefusedWithOrWithoutRoom() {
        byte[][] bad = {
            // Five bytes whose value sets bit 32.
            {(byte) 0xEF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x3F},
            // Six bytes or more: five or more low ones in the first byte.
            {0x1F, 0, 0, 0, 0, 0},
            {(byte) 0xFF, 0, 0, 0, 0, 0, 0, 0, 0},
        };
        for (byte[] b : bad) {
            byte[] padded = Arrays.copyOf(b, 16);
            assertThrows(MalformedInputException.class, () -> new ArrayReader(padded, 0, 16).readPrefixUInt());
            assertThrows(MalformedInputException.class, () -> new ArrayReader(b, 0, b.length).readPrefixUInt());
            assertThrows(MalformedInputException.class, () -> new ByteBufferReader(ByteBuffer.wrap(b)).readPrefixUInt());
        }
        byte[] cut = {(byte) 0xFF, 1, 2, 3};
        assertThrows(MalformedInputException.class, () -> new ArrayReader(cut, 0, cut.length).readPrefixULong());
    }

    @Test
    void aReaderToldOfLeb128ValuesReadsThemAsOlderFormatsWroteThem() {
        // Formats before same-schema 3 and compatible 7: values as LEB128, read by every path.
        for (long v : samples()) {
            byte[] leb = referenceLong(v);
            byte[] spare = Arrays.copyOf(leb, leb.length + 16);
            for (BufferReader in : new BufferReader[] {
                new ArrayReader(spare, 0, spare.length), new ArrayReader(leb, 0, leb.length),
                new ByteBufferReader(ByteBuffer.wrap(leb)),
            }) {
                in.valuesInLeb128(true);
                assertEquals(v, in.readPrefixULong(), in.getClass().getSimpleName() + " LEB128 long " + v);
                assertEquals(leb.length, in.position());
            }
            int i = (int) v;
            byte[] lebInt = referenceInt(i);
            ArrayReader in = new ArrayReader(Arrays.copyOf(lebInt, lebInt.length + 16), 0, lebInt.length + 16);
            in.valuesInLeb128(true);
            assertEquals(i, in.readPrefixUInt(), "LEB128 int " + i);
            assertEquals(lebInt.length, in.position());
        }
        long[] values = samples();
        int[] ints = new int[values.length];
        short[] shorts = new short[values.length];
        ByteArrayOutputStream ri = new ByteArrayOutputStream();
        ByteArrayOutputStream rl = new ByteArrayOutputStream();
        ByteArrayOutputStream rs = new ByteArrayOutputStream();
        for (int k = 0; k < values.length; k++) {
            ints[k] = (int) values[k];
            shorts[k] = (short) values[k];
            ri.writeBytes(referenceInt((int) zigzag(ints[k])));
            rl.writeBytes(referenceLong(zigzag(values[k])));
            rs.writeBytes(referenceInt((int) zigzag(shorts[k])));
        }
        int[] gotInts = new int[ints.length];
        long[] gotLongs = new long[values.length];
        short[] gotShorts = new short[shorts.length];
        ArrayReader in = new ArrayReader(ri.toByteArray(), 0, ri.size());
        in.valuesInLeb128(true);
        in.readVarInts(gotInts);
        assertArrayEquals(ints, gotInts);
        in = new ArrayReader(rl.toByteArray(), 0, rl.size());
        in.valuesInLeb128(true);
        in.readVarLongs(gotLongs);
        assertArrayEquals(values, gotLongs);
        in = new ArrayReader(rs.toByteArray(), 0, rs.size());
        in.valuesInLeb128(true);
        in.readVarShorts(gotShorts);
        assertArrayEquals(shorts, gotShorts);
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
    void lengthsReadAsVarintsDoWithOrWithoutTheOneByteLoad() {
        // readLength takes a one-byte length with a single byte load on an array reader; every
        // length, at the end of the input or with bytes after it, must read as readVarUInt reads
        // it, and a cut one must fail at the same offset.
        for (int n : new int[] {0, 1, 127, 128, 200, 16_383, 16_384, 1_000_000}) {
            byte[] exact = referenceInt(n);
            byte[] spare = Arrays.copyOf(exact, exact.length + 16);
            for (byte[] b : new byte[][] {exact, spare}) {
                for (BufferReader in : new BufferReader[] {
                    new ArrayReader(b, 0, b.length), new ByteBufferReader(ByteBuffer.wrap(b)),
                }) {
                    assertEquals(n, in.readLength(Integer.MAX_VALUE, "test"), "length " + n);
                    assertEquals(exact.length, in.position(), "bytes taken by length " + n);
                }
            }
            byte[] cut = Arrays.copyOf(exact, exact.length - 1);
            long expected = assertThrows(MalformedInputException.class,
                    () -> new ArrayReader(cut, 0, cut.length).readVarUInt()).offset();
            assertEquals(expected, assertThrows(MalformedInputException.class,
                    () -> new ArrayReader(cut, 0, cut.length).readLength(Integer.MAX_VALUE, "test")).offset(),
                    "cut length " + n);
        }
        byte[] over = referenceInt(300);
        assertThrows(dev.peregrine.LimitExceededException.class,
                () -> new ArrayReader(over, 0, over.length).readLength(299, "test"));
        byte[] one = {100};
        assertThrows(dev.peregrine.LimitExceededException.class,
                () -> new ArrayReader(one, 0, 1).readLength(99, "test"));
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
