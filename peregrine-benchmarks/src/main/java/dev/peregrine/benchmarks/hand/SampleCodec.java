package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.Sample;

/**
 * Hand-written codec of {@link Sample}: a 3-byte bitmap (bit 0 {@code booleanValue}, bits 1 to 16 the
 * reference fields by name, set when present), the primitives in Peregrine's layout order (float, double,
 * short, char, int, long; whole numbers as varints), then each present reference by name: boxes as their
 * primitive, arrays as a count and their elements, the string, the nested sample as a body of its own.
 */
final class SampleCodec implements HandCodec {
    private static final int BOOLEAN_ARRAY = 1 << 1;
    private static final int BOXED_BOOLEAN = 1 << 2;
    private static final int BOXED_CHAR = 1 << 3;
    private static final int BOXED_DOUBLE = 1 << 4;
    private static final int BOXED_FLOAT = 1 << 5;
    private static final int BOXED_INT = 1 << 6;
    private static final int BOXED_LONG = 1 << 7;
    private static final int BOXED_SHORT = 1 << 8;
    private static final int CHAR_ARRAY = 1 << 9;
    private static final int DOUBLE_ARRAY = 1 << 10;
    private static final int FLOAT_ARRAY = 1 << 11;
    private static final int INT_ARRAY = 1 << 12;
    private static final int LONG_ARRAY = 1 << 13;
    private static final int SAMPLE = 1 << 14;
    private static final int SHORT_ARRAY = 1 << 15;
    private static final int STRING = 1 << 16;

    @Override
    public void write(Object value, ByteSink out) {
        Sample s = (Sample) value;
        int bits = bitmap(s);
        out.writeByte(bits);
        out.writeByte(bits >>> 8);
        out.writeByte(bits >>> 16);
        out.writeFloat(s.floatValue);
        out.writeDouble(s.doubleValue);
        out.writeVarInt(s.shortValue);
        out.writeVarUInt(s.charValue);
        out.writeVarInt(s.intValue);
        out.writeVarLong(s.longValue);
        writeBoxes(s, out);
        writeArrays(s, out);
        if (s.sample != null) {
            write(s.sample, out);
        }
        if (s.shortArray != null) {
            out.writeVarUInt(s.shortArray.length);
            for (short v : s.shortArray) {
                out.writeVarInt(v);
            }
        }
        if (s.string != null) {
            out.writeString(s.string);
        }
    }

    private static int bitmap(Sample s) {
        return (s.booleanValue ? 1 : 0) | (s.booleanArray != null ? BOOLEAN_ARRAY : 0)
                | (s.boxedBoolean != null ? BOXED_BOOLEAN : 0) | (s.boxedChar != null ? BOXED_CHAR : 0)
                | (s.boxedDouble != null ? BOXED_DOUBLE : 0) | (s.boxedFloat != null ? BOXED_FLOAT : 0)
                | (s.boxedInt != null ? BOXED_INT : 0) | (s.boxedLong != null ? BOXED_LONG : 0)
                | (s.boxedShort != null ? BOXED_SHORT : 0) | (s.charArray != null ? CHAR_ARRAY : 0)
                | (s.doubleArray != null ? DOUBLE_ARRAY : 0) | (s.floatArray != null ? FLOAT_ARRAY : 0)
                | (s.intArray != null ? INT_ARRAY : 0) | (s.longArray != null ? LONG_ARRAY : 0)
                | (s.sample != null ? SAMPLE : 0) | (s.shortArray != null ? SHORT_ARRAY : 0)
                | (s.string != null ? STRING : 0);
    }

    /** The boolean array and the boxes, which sort between it and the char array. */
    private static void writeBoxes(Sample s, ByteSink out) {
        if (s.booleanArray != null) {
            out.writeVarUInt(s.booleanArray.length);
            for (boolean v : s.booleanArray) {
                out.writeBoolean(v);
            }
        }
        if (s.boxedBoolean != null) {
            out.writeBoolean(s.boxedBoolean);
        }
        if (s.boxedChar != null) {
            out.writeVarUInt(s.boxedChar);
        }
        if (s.boxedDouble != null) {
            out.writeDouble(s.boxedDouble);
        }
        if (s.boxedFloat != null) {
            out.writeFloat(s.boxedFloat);
        }
        if (s.boxedInt != null) {
            out.writeVarInt(s.boxedInt);
        }
        if (s.boxedLong != null) {
            out.writeVarLong(s.boxedLong);
        }
        if (s.boxedShort != null) {
            out.writeVarInt(s.boxedShort);
        }
    }

    /** The char, double, float, int and long arrays. */
    private static void writeArrays(Sample s, ByteSink out) {
        if (s.charArray != null) {
            out.writeVarUInt(s.charArray.length);
            for (char v : s.charArray) {
                out.writeVarUInt(v);
            }
        }
        if (s.doubleArray != null) {
            out.writeVarUInt(s.doubleArray.length);
            for (double v : s.doubleArray) {
                out.writeDouble(v);
            }
        }
        if (s.floatArray != null) {
            out.writeVarUInt(s.floatArray.length);
            for (float v : s.floatArray) {
                out.writeFloat(v);
            }
        }
        if (s.intArray != null) {
            out.writeVarUInt(s.intArray.length);
            for (int v : s.intArray) {
                out.writeVarInt(v);
            }
        }
        if (s.longArray != null) {
            out.writeVarUInt(s.longArray.length);
            for (long v : s.longArray) {
                out.writeVarLong(v);
            }
        }
    }

    @Override
    public Object read(ByteSource in) {
        Sample s = new Sample();
        int bits = in.readByte() & 0xFF | (in.readByte() & 0xFF) << 8 | (in.readByte() & 0xFF) << 16;
        s.booleanValue = (bits & 1) != 0;
        s.floatValue = in.readFloat();
        s.doubleValue = in.readDouble();
        s.shortValue = (short) in.readVarInt();
        s.charValue = (char) in.readVarUInt();
        s.intValue = in.readVarInt();
        s.longValue = in.readVarLong();
        readBoxes(s, bits, in);
        readArrays(s, bits, in);
        if ((bits & SAMPLE) != 0) {
            s.sample = (Sample) read(in);
        }
        if ((bits & SHORT_ARRAY) != 0) {
            short[] a = new short[in.readVarUInt()];
            for (int i = 0; i < a.length; i++) {
                a[i] = (short) in.readVarInt();
            }
            s.shortArray = a;
        }
        if ((bits & STRING) != 0) {
            s.string = in.readString();
        }
        return s;
    }

    private static void readBoxes(Sample s, int bits, ByteSource in) {
        if ((bits & BOOLEAN_ARRAY) != 0) {
            boolean[] a = new boolean[in.readVarUInt()];
            for (int i = 0; i < a.length; i++) {
                a[i] = in.readBoolean();
            }
            s.booleanArray = a;
        }
        s.boxedBoolean = (bits & BOXED_BOOLEAN) != 0 ? in.readBoolean() : null;
        s.boxedChar = (bits & BOXED_CHAR) != 0 ? (char) in.readVarUInt() : null;
        s.boxedDouble = (bits & BOXED_DOUBLE) != 0 ? in.readDouble() : null;
        s.boxedFloat = (bits & BOXED_FLOAT) != 0 ? in.readFloat() : null;
        s.boxedInt = (bits & BOXED_INT) != 0 ? in.readVarInt() : null;
        s.boxedLong = (bits & BOXED_LONG) != 0 ? in.readVarLong() : null;
        s.boxedShort = (bits & BOXED_SHORT) != 0 ? (short) in.readVarInt() : null;
    }

    private static void readArrays(Sample s, int bits, ByteSource in) {
        if ((bits & CHAR_ARRAY) != 0) {
            char[] a = new char[in.readVarUInt()];
            for (int i = 0; i < a.length; i++) {
                a[i] = (char) in.readVarUInt();
            }
            s.charArray = a;
        }
        if ((bits & DOUBLE_ARRAY) != 0) {
            double[] a = new double[in.readVarUInt()];
            for (int i = 0; i < a.length; i++) {
                a[i] = in.readDouble();
            }
            s.doubleArray = a;
        }
        if ((bits & FLOAT_ARRAY) != 0) {
            float[] a = new float[in.readVarUInt()];
            for (int i = 0; i < a.length; i++) {
                a[i] = in.readFloat();
            }
            s.floatArray = a;
        }
        if ((bits & INT_ARRAY) != 0) {
            int[] a = new int[in.readVarUInt()];
            for (int i = 0; i < a.length; i++) {
                a[i] = in.readVarInt();
            }
            s.intArray = a;
        }
        if ((bits & LONG_ARRAY) != 0) {
            long[] a = new long[in.readVarUInt()];
            for (int i = 0; i < a.length; i++) {
                a[i] = in.readVarLong();
            }
            s.longArray = a;
        }
    }
}
