package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.Sample;

/**
 * Hand-written codec of {@link Sample}: primitives fixed-width, a null bitmap for the seven boxed fields,
 * arrays as varint (length + 1, 0 = null) then fixed-width elements.
 */
final class SampleCodec implements HandCodec {
    @Override
    public void write(Object value, ByteSink out) {
        Sample s = (Sample) value;
        out.writeInt(s.intValue);
        out.writeLong(s.longValue);
        out.writeFloat(s.floatValue);
        out.writeDouble(s.doubleValue);
        out.writeShort(s.shortValue);
        out.writeShort(s.charValue);
        out.writeBoolean(s.booleanValue);
        writeBoxed(s, out);
        writeArrays(s, out);
        out.writeString(s.string);
        out.writeBoolean(s.sample != null);
        if (s.sample != null) {
            write(s.sample, out);
        }
    }

    private static void writeBoxed(Sample s, ByteSink out) {
        int present = (s.boxedInt != null ? 1 : 0) | (s.boxedLong != null ? 2 : 0) | (s.boxedFloat != null ? 4 : 0)
                | (s.boxedDouble != null ? 8 : 0) | (s.boxedShort != null ? 16 : 0) | (s.boxedChar != null ? 32 : 0)
                | (s.boxedBoolean != null ? 64 : 0);
        out.writeByte(present);
        if (s.boxedInt != null) {
            out.writeInt(s.boxedInt);
        }
        if (s.boxedLong != null) {
            out.writeLong(s.boxedLong);
        }
        if (s.boxedFloat != null) {
            out.writeFloat(s.boxedFloat);
        }
        if (s.boxedDouble != null) {
            out.writeDouble(s.boxedDouble);
        }
        if (s.boxedShort != null) {
            out.writeShort(s.boxedShort);
        }
        if (s.boxedChar != null) {
            out.writeShort(s.boxedChar);
        }
        if (s.boxedBoolean != null) {
            out.writeBoolean(s.boxedBoolean);
        }
    }

    private static void writeArrays(Sample s, ByteSink out) {
        out.writeVarInt(s.intArray == null ? 0 : s.intArray.length + 1);
        if (s.intArray != null) {
            for (int v : s.intArray) {
                out.writeInt(v);
            }
        }
        out.writeVarInt(s.longArray == null ? 0 : s.longArray.length + 1);
        if (s.longArray != null) {
            for (long v : s.longArray) {
                out.writeLong(v);
            }
        }
        out.writeVarInt(s.floatArray == null ? 0 : s.floatArray.length + 1);
        if (s.floatArray != null) {
            for (float v : s.floatArray) {
                out.writeFloat(v);
            }
        }
        out.writeVarInt(s.doubleArray == null ? 0 : s.doubleArray.length + 1);
        if (s.doubleArray != null) {
            for (double v : s.doubleArray) {
                out.writeDouble(v);
            }
        }
        out.writeVarInt(s.shortArray == null ? 0 : s.shortArray.length + 1);
        if (s.shortArray != null) {
            for (short v : s.shortArray) {
                out.writeShort(v);
            }
        }
        out.writeVarInt(s.charArray == null ? 0 : s.charArray.length + 1);
        if (s.charArray != null) {
            for (char v : s.charArray) {
                out.writeShort(v);
            }
        }
        out.writeVarInt(s.booleanArray == null ? 0 : s.booleanArray.length + 1);
        if (s.booleanArray != null) {
            for (boolean v : s.booleanArray) {
                out.writeBoolean(v);
            }
        }
    }

    @Override
    public Object read(ByteSource in) {
        Sample s = new Sample();
        s.intValue = in.readInt();
        s.longValue = in.readLong();
        s.floatValue = in.readFloat();
        s.doubleValue = in.readDouble();
        s.shortValue = in.readShort();
        s.charValue = (char) in.readShort();
        s.booleanValue = in.readBoolean();
        readBoxed(s, in);
        readArrays(s, in);
        s.string = in.readString();
        if (in.readBoolean()) {
            s.sample = (Sample) read(in);
        }
        return s;
    }

    private static void readBoxed(Sample s, ByteSource in) {
        int present = in.readByte();
        s.boxedInt = (present & 1) != 0 ? in.readInt() : null;
        s.boxedLong = (present & 2) != 0 ? in.readLong() : null;
        s.boxedFloat = (present & 4) != 0 ? in.readFloat() : null;
        s.boxedDouble = (present & 8) != 0 ? in.readDouble() : null;
        s.boxedShort = (present & 16) != 0 ? in.readShort() : null;
        s.boxedChar = (present & 32) != 0 ? (char) in.readShort() : null;
        s.boxedBoolean = (present & 64) != 0 ? in.readBoolean() : null;
    }

    private static void readArrays(Sample s, ByteSource in) {
        int n = in.readVarInt() - 1;
        if (n >= 0) {
            s.intArray = new int[n];
            for (int i = 0; i < n; i++) {
                s.intArray[i] = in.readInt();
            }
        }
        n = in.readVarInt() - 1;
        if (n >= 0) {
            s.longArray = new long[n];
            for (int i = 0; i < n; i++) {
                s.longArray[i] = in.readLong();
            }
        }
        n = in.readVarInt() - 1;
        if (n >= 0) {
            s.floatArray = new float[n];
            for (int i = 0; i < n; i++) {
                s.floatArray[i] = in.readFloat();
            }
        }
        n = in.readVarInt() - 1;
        if (n >= 0) {
            s.doubleArray = new double[n];
            for (int i = 0; i < n; i++) {
                s.doubleArray[i] = in.readDouble();
            }
        }
        n = in.readVarInt() - 1;
        if (n >= 0) {
            s.shortArray = new short[n];
            for (int i = 0; i < n; i++) {
                s.shortArray[i] = in.readShort();
            }
        }
        n = in.readVarInt() - 1;
        if (n >= 0) {
            s.charArray = new char[n];
            for (int i = 0; i < n; i++) {
                s.charArray[i] = (char) in.readShort();
            }
        }
        n = in.readVarInt() - 1;
        if (n >= 0) {
            s.booleanArray = new boolean[n];
            for (int i = 0; i < n; i++) {
                s.booleanArray[i] = in.readBoolean();
            }
        }
    }
}
