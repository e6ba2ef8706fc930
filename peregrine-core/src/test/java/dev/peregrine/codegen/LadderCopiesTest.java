package dev.peregrine.codegen;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.buffer.ByteBufferReader;
import dev.peregrine.buffer.VarintLoads;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.type.TypeModel;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The varint ladders a generated codec calls are its own copies, one set per field, which write and
 * read the interpreter's bytes at every length boundary; and the load ladders those copies come
 * from read what the writer wrote, over an array with room, at its very end, and over a
 * {@code ByteBuffer}.
 */
class LadderCopiesTest {
    private static final List<Function<byte[], BufferReader>> READERS = List.of(
            b -> new ArrayReader(b, 0, b.length),
            b -> new ByteBufferReader(ByteBuffer.wrap(b)));

    static final class Mixed {
        int a;
        long b;
        short c;
        char d;
        double e;
        long f;
    }

    /** Mixed is read in one chunk, all primitives: its run loop reads them after one room check, so each varint has both load ladders. */
    @Test
    void eachVarintFieldHasItsOwnCopies() {
        Set<String> names = copies(Mixed.class, "$");
        Set<String> expected = new TreeSet<>();
        // A char is an unsigned LEB128 varint; short, int and long values are prefix varints.
        int d = field("d");
        expected.addAll(List.of("putVarUInt$" + d, "putVarUIntPastTwo$" + d, "readVarUInt$" + d,
                "readVarUIntInRoom$" + d, "varUIntPastTwo$" + d));
        for (int i : new int[] {field("a"), field("c")}) {
            expected.addAll(List.of("putPrefixUInt$" + i, "putPrefixUIntPastTwo$" + i, "readPrefixUInt$" + i,
                    "readPrefixUIntInRoom$" + i, "prefixUIntAt$" + i, "prefixUIntPastTwo$" + i));
        }
        for (int i : new int[] {field("b"), field("f")}) {
            expected.addAll(List.of("putPrefixULong$" + i, "putPrefixULongPastTwo$" + i, "readPrefixULong$" + i,
                    "readPrefixULongInRoom$" + i, "prefixULongAt$" + i, "prefixULongPastTwo$" + i));
        }
        assertEquals(expected, names);
    }

    private static int field(String name) {
        return fieldIndex(Mixed.class, name);
    }

    /** @return the names of the methods of a class's generated codec that contain {@code part} */
    static Set<String> copies(Class<?> type, String part) {
        TypeCodec<?> codec = CodecFactory.generate(TypeModel.of(type), Backends.generated());
        Set<String> names = new TreeSet<>();
        for (Method m : codec.getClass().getDeclaredMethods()) {
            if (m.getName().contains(part)) {
                names.add(m.getName());
            }
        }
        return names;
    }

    /** @return the index of a class's field in layout order, which names its ladder copies */
    static int fieldIndex(Class<?> type, String name) {
        var fields = TypeModel.of(type).fields();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError(name);
    }

    @Test
    void copiesWriteAndReadTheInterpretersBytesAtEveryLengthBoundary() {
        Backends generated = Backends.generated();
        Backends interpreted = Backends.interpreted();
        for (int bit = 0; bit < 64; bit++) {
            for (long v : new long[] {1L << bit, (1L << bit) - 1, -(1L << bit), -(1L << bit) + 1}) {
                Mixed m = new Mixed();
                m.a = (int) v;
                m.b = v;
                m.c = (short) v;
                m.d = (char) v;
                m.e = v;
                m.f = ~v;
                byte[] expected = interpreted.encode(m, false);
                assertArrayEquals(expected, generated.encode(m, false), "bytes of " + v);
                Mixed back = (Mixed) generated.decode(expected, false);
                assertEquals(List.of(m.a, m.b, m.c, m.d, m.e, m.f),
                        List.of(back.a, back.b, back.c, back.d, back.e, back.f), "values of " + v);
            }
        }
    }

    @Test
    void loadLaddersReadWhatTheWriterWrote() {
        SplittableRandom r = new SplittableRandom(17);
        for (int i = 0; i < 3000; i++) {
            long v = r.nextLong() >>> r.nextInt(64);
            BufferWriter w = BufferWriter.growable(32);
            w.writeVarULong(v);
            w.writeVarUInt((int) v);
            w.writePrefixULong(v);
            w.writePrefixUInt((int) v);
            byte[] exact = w.toByteArray();
            byte[] roomy = Arrays.copyOf(exact, exact.length + 16);
            for (Function<byte[], BufferReader> reader : READERS) {
                for (byte[] bytes : List.of(roomy, exact)) {
                    BufferReader in = reader.apply(bytes);
                    assertEquals(v, VarintLoads.readVarULong(in), "long " + v);
                    assertEquals((int) v, VarintLoads.readVarUInt(in), "int " + v);
                    assertEquals(v, VarintLoads.readPrefixULong(in), "prefix long " + v);
                    assertEquals((int) v, VarintLoads.readPrefixUInt(in), "prefix int " + v);
                    assertEquals(exact.length, in.position(), "bytes taken for " + v);
                }
            }
        }
    }
}
