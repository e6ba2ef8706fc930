package dev.peregrine.codec;


/**
 * Arrays of primitives: a varint length, then the elements. {@code byte} and {@code boolean} take one
 * byte each, {@code float} and {@code double} their IEEE bits little-endian, and {@code short},
 * {@code int}, {@code long} zigzag varints and {@code char} unsigned varints, which keeps the small
 * numbers typical of such arrays short. A declared length is checked against the bytes remaining
 * (at least one per element) before the array is allocated.
 */
final class PrimitiveArrayCodecs {
    private PrimitiveArrayCodecs() {
    }

    private static int length(ReadContext ctx, int minBytesEach, String what) {
        return ctx.in().readArrayLength(ctx.limits().maxCollectionLength(), minBytesEach, what);
    }

    /** {@code boolean[]}. */
    static final class Booleans extends LeafCodec<boolean[]> {
        @Override
        public void write(WriteContext ctx, boolean[] v, TypeHint hint) {
            ctx.out().writeBooleanArray(v);
        }

        @Override
        public boolean[] read(ReadContext ctx, TypeHint hint) {
            boolean[] v = new boolean[length(ctx, 1, "boolean[]")];
            for (int i = 0; i < v.length; i++) {
                v[i] = ctx.in().readBoolean();
            }
            return v;
        }
    }

    /** {@code byte[]}. */
    static final class Bytes extends LeafCodec<byte[]> {
        @Override
        public void write(WriteContext ctx, byte[] v, TypeHint hint) {
            ctx.out().writeVarUInt(v.length);
            ctx.out().writeBytes(v, 0, v.length);
        }

        @Override
        public byte[] read(ReadContext ctx, TypeHint hint) {
            byte[] v = new byte[length(ctx, 1, "byte[]")];
            ctx.in().readBytes(v, 0, v.length);
            return v;
        }
    }

    /** {@code short[]}. */
    static final class Shorts extends LeafCodec<short[]> {
        @Override
        public void write(WriteContext ctx, short[] v, TypeHint hint) {
            ctx.out().writeShortArray(v);
        }

        @Override
        public short[] read(ReadContext ctx, TypeHint hint) {
            short[] v = new short[length(ctx, 1, "short[]")];
            ctx.in().readVarShorts(v);
            return v;
        }
    }

    /** {@code char[]}. */
    static final class Chars extends LeafCodec<char[]> {
        @Override
        public void write(WriteContext ctx, char[] v, TypeHint hint) {
            ctx.out().writeCharArray(v);
        }

        @Override
        public char[] read(ReadContext ctx, TypeHint hint) {
            char[] v = new char[length(ctx, 1, "char[]")];
            ctx.in().readVarChars(v);
            return v;
        }
    }

    /** {@code int[]}. */
    static final class Ints extends LeafCodec<int[]> {
        @Override
        public void write(WriteContext ctx, int[] v, TypeHint hint) {
            ctx.out().writeIntArray(v);
        }

        @Override
        public int[] read(ReadContext ctx, TypeHint hint) {
            int[] v = new int[length(ctx, 1, "int[]")];
            ctx.in().readVarInts(v);
            return v;
        }
    }

    /** {@code long[]}. */
    static final class Longs extends LeafCodec<long[]> {
        @Override
        public void write(WriteContext ctx, long[] v, TypeHint hint) {
            ctx.out().writeLongArray(v);
        }

        @Override
        public long[] read(ReadContext ctx, TypeHint hint) {
            long[] v = new long[length(ctx, 1, "long[]")];
            ctx.in().readVarLongs(v);
            return v;
        }
    }

    /** {@code float[]}. */
    static final class Floats extends LeafCodec<float[]> {
        @Override
        public void write(WriteContext ctx, float[] v, TypeHint hint) {
            ctx.out().writeFloatArray(v);
        }

        @Override
        public float[] read(ReadContext ctx, TypeHint hint) {
            float[] v = new float[length(ctx, 4, "float[]")];
            ctx.in().readFloats(v);
            return v;
        }
    }

    /** {@code double[]}. */
    static final class Doubles extends LeafCodec<double[]> {
        @Override
        public void write(WriteContext ctx, double[] v, TypeHint hint) {
            ctx.out().writeDoubleArray(v);
        }

        @Override
        public double[] read(ReadContext ctx, TypeHint hint) {
            double[] v = new double[length(ctx, 8, "double[]")];
            ctx.in().readDoubles(v);
            return v;
        }
    }
}
