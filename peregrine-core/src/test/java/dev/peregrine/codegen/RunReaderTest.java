package dev.peregrine.codegen;

import dev.peregrine.HostileInput;
import dev.peregrine.LimitExceededException;
import dev.peregrine.Peregrine;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Limits;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.RunReader;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.WriteContext;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Generated codecs read an array or a list of their class in a loop of their own
 * ({@code RunReader}) rather than element by element through the context. The loop must read what
 * the element-by-element path reads, for classes read in one chunk, in several, and through a
 * constructor, with nulls anywhere, and leave the read in the same state: the same budget charged,
 * the same depth limit.
 */
class RunReaderTest {
    /** One chunk: a bitmap word (a boolean and a reference) and varints. */
    public static final class Small {
        int a;
        long b;
        boolean flag;
        String label;

        public Small() {
        }

        Small(Random r) {
            a = r.nextInt();
            b = r.nextLong() >> r.nextInt(64);
            flag = r.nextBoolean();
            label = r.nextBoolean() ? null : "s" + r.nextInt(1000);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Small s && s.a == a && s.b == b && s.flag == flag && Objects.equals(s.label, label);
        }

        @Override
        public int hashCode() {
            return a;
        }
    }

    /** Past one chunk's budget (the read's, larger than the write's), so its fields are read by more than one method. */
    public static final class Wide {
        int f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19;
        int f20, f21, f22, f23, f24, f25, f26, f27, f28, f29;
        String tail;

        public Wide() {
        }

        Wide(Random r) {
            f0 = r.nextInt();
            f7 = r.nextInt(100);
            f13 = -r.nextInt(1 << 20);
            f19 = r.nextInt();
            f25 = r.nextInt(1 << 12);
            f29 = -r.nextInt();
            tail = "w" + r.nextInt(50);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Wide w && w.f0 == f0 && w.f7 == f7 && w.f13 == f13 && w.f19 == f19
                    && w.f1 == f1 && w.f25 == f25 && w.f29 == f29 && Objects.equals(w.tail, tail);
        }

        @Override
        public int hashCode() {
            return f0;
        }
    }

    /** Built through its constructor. */
    public record Point(int x, double y, String name) {
        Point(Random r) {
            this(r.nextInt(), r.nextDouble(), r.nextBoolean() ? "p" : null);
        }
    }

    /** Lists of each kind of element class, read through the list fields' own path. */
    public static final class Lists {
        List<Small> smalls;
        List<Wide> wides;
        List<Point> points;

        public Lists() {
        }

        Lists(long seed) {
            smalls = new ArrayList<>(Arrays.asList(sample(Small[]::new, Small::new, 13, seed)));
            wides = new ArrayList<>(Arrays.asList(sample(Wide[]::new, Wide::new, 3, seed + 1)));
            points = new ArrayList<>(Arrays.asList(sample(Point[]::new, Point::new, 9, seed + 2)));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Lists l && Objects.equals(l.smalls, smalls) && Objects.equals(l.wides, wides)
                    && Objects.equals(l.points, points);
        }

        @Override
        public int hashCode() {
            return Objects.hash(smalls, wides, points);
        }
    }

    private static <T> T[] sample(IntFunction<T[]> array, java.util.function.Function<Random, T> element,
            int n, long seed) {
        Random r = new Random(seed);
        T[] values = array.apply(n);
        for (int i = 0; i < n; i++) {
            values[i] = r.nextInt(4) == 0 ? null : element.apply(r);
        }
        return values;
    }

    private static Object[][] samples() {
        return new Object[][] {
            sample(Small[]::new, Small::new, 0, 1), sample(Small[]::new, Small::new, 1, 2),
            sample(Small[]::new, Small::new, 9, 3), sample(Small[]::new, Small::new, 200, 4),
            sample(Wide[]::new, Wide::new, 17, 5), sample(Point[]::new, Point::new, 23, 6),
            new Small[] {new Small(new Random(7)), null}, new Point[] {null, null, null},
        };
    }

    private static Object[] listSamples() {
        Lists empty = new Lists();
        empty.smalls = new ArrayList<>();
        return new Object[] {
            new Lists(11), new Lists(12), empty,
            new ArrayList<>(Arrays.asList(sample(Small[]::new, Small::new, 20, 13))),
        };
    }

    /** The budget a read has left, which the context keeps to itself. */
    private static long budgetLeft(ReadContext ctx) throws ReflectiveOperationException {
        Field budget = ReadContext.class.getDeclaredField("budget");
        budget.setAccessible(true);
        return budget.getLong(ctx);
    }

    @Test
    void arraysReadTheSameAndChargeTheSameThroughBothBackends() throws ReflectiveOperationException {
        for (Object[] value : samples()) {
            assertBothBackendsRead(value, read -> {
                assertEquals(value.getClass(), read.getClass());
                assertArrayEquals(value, (Object[]) read);
            });
        }
    }

    @Test
    void listsReadTheSameAndChargeTheSameThroughBothBackends() throws ReflectiveOperationException {
        for (Object value : listSamples()) {
            assertBothBackendsRead(value, read -> assertEquals(value, read));
        }
    }

    /**
     * Writes {@code value} and reads it back through each backend, with references off and on:
     * {@code check} accepts each value read, and both reads leave the same budget.
     */
    private static void assertBothBackendsRead(Object value, Consumer<Object> check)
            throws ReflectiveOperationException {
        for (boolean references : new boolean[] {false, true}) {
            long[] left = new long[2];
            int k = 0;
            for (Backends backends : new Backends[] {Backends.generated(), Backends.interpreted()}) {
                byte[] bytes = backends.encode(value, references);
                ArrayReader in = new ArrayReader(bytes, 0, bytes.length);
                ReadContext ctx = new ReadContext(in, backends, Limits.DEFAULT, references);
                check.accept(ctx.readAny(null));
                assertEquals(0, in.remaining());
                left[k++] = budgetLeft(ctx);
            }
            assertEquals(left[1], left[0], "budget left, references " + references);
        }
    }

    @Test
    void aRunEntersOneLevelForAllItsElements() {
        Small[] value = sample(Small[]::new, Small::new, 12, 8);
        for (Backends backends : new Backends[] {Backends.generated(), Backends.interpreted()}) {
            byte[] bytes = backends.encode(value, false);
            // The array is at depth 1, its elements at 2 and their strings at 3.
            for (int limit = 1; limit <= 2; limit++) {
                int maxDepth = limit;
                assertThrows(LimitExceededException.class, () -> decode(backends, bytes, maxDepth));
            }
            assertArrayEquals(value, (Object[]) decode(backends, bytes, 3));
        }
    }

    private static Object decode(Backends backends, byte[] bytes, int maxDepth) {
        Limits limits = new Limits(maxDepth, 1 << 20, 1 << 20, 64, 1 << 20, 1 << 20);
        return new ReadContext(new ArrayReader(bytes, 0, bytes.length), backends, limits, false).readAny(null);
    }

    @Test
    void readRunFillsThePresentSlotsOnlyAndReadsEachElementOnce() {
        for (Object[] value : samples()) {
            assertArrayEquals(value, throughReadRun(Backends.generated(), value), Arrays.toString(value));
        }
    }

    @Test
    void readRunIntoAddsEveryElementInOrderNullsIncluded() {
        for (Object[] value : samples()) {
            Backends backends = Backends.generated();
            RunReader run = (RunReader) backends.codecFor(value.getClass().getComponentType());
            ArrayList<Object> list = new ArrayList<>(List.of("already there"));
            throughRun(backends, value, (ctx, present) -> run.readRunInto(ctx, null, list, value.length, present));
            assertEquals("already there", list.get(0));
            assertEquals(Arrays.asList(value), list.subList(1, list.size()), Arrays.toString(value));
        }
    }

    /**
     * Writes the present elements of {@code value} one after another with the generated codec of its
     * component class, then reads them back with that codec's {@code readRun} alone.
     *
     * @return the array {@code readRun} filled
     */
    static Object[] throughReadRun(Backends backends, Object[] value) {
        RunReader run = assertInstanceOf(RunReader.class, backends.codecFor(value.getClass().getComponentType()));
        Object[] dst = (Object[]) Array.newInstance(value.getClass().getComponentType(), value.length);
        throughRun(backends, value, (ctx, present) -> run.readRun(ctx, null, dst, value.length, present));
        return dst;
    }

    /** A loop of {@code RunReader}'s, given the context and the presence bitmap. */
    private interface Loop {
        void read(ReadContext ctx, byte[] present);
    }

    private static void throughRun(Backends backends, Object[] value, Loop loop) {
        TypeCodec<?> codec = backends.codecFor(value.getClass().getComponentType());
        int n = value.length;
        byte[] present = new byte[(n + 7) >>> 3];
        BufferWriter out = BufferWriter.growable(64);
        WriteContext w = new WriteContext(out, backends, Limits.DEFAULT, false);
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (value[i] != null) {
                present[i >>> 3] |= (byte) (1 << (i & 7));
                write(codec, w, value[i]);
                count++;
            }
        }
        byte[] bytes = out.toByteArray();
        ArrayReader in = new ArrayReader(bytes, 0, bytes.length);
        ReadContext ctx = new ReadContext(in, backends, Limits.DEFAULT, false);
        assertTrue(ctx.enterRun(codec, count));
        loop.read(ctx, present);
        ctx.exitRun();
        assertEquals(0, in.remaining());
    }

    @SuppressWarnings("unchecked")
    private static <T> void write(TypeCodec<T> codec, WriteContext w, Object value) {
        codec.write(w, (T) value, null);
    }

    @Test
    void cutOrFlippedRunsFailWithinTheContract() {
        Object[] values = {
            sample(Small[]::new, Small::new, 30, 21), sample(Point[]::new, Point::new, 12, 22), new Lists(23),
        };
        for (boolean compatible : new boolean[] {false, true}) {
            Peregrine p = Peregrine.builder().register(Small[].class, Small.class, Wide[].class, Wide.class,
                    Point[].class, Point.class, Lists.class).compatible(compatible).build();
            for (Object value : values) {
                byte[] bytes = p.serialize(value);
                for (int cut = 0; cut < bytes.length; cut++) {
                    HostileInput.check(p, Arrays.copyOf(bytes, cut));
                }
                for (int i = 0; i < bytes.length; i++) {
                    for (int flip : new int[] {0x01, 0x80, 0xFF}) {
                        byte[] bad = bytes.clone();
                        bad[i] ^= (byte) flip;
                        HostileInput.check(p, bad);
                    }
                }
            }
        }
    }

    @Test
    void aPayloadThatTracksReferencesReadsElementByElement() {
        Backends backends = Backends.generated();
        ReadContext ctx = new ReadContext(new ArrayReader(new byte[1], 0, 1), backends, Limits.DEFAULT, true);
        assertEquals(false, ctx.enterRun(backends.codecFor(Small.class), 1));
    }
}
