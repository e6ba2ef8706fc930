package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.ComplexObject;
import dev.peregrine.benchmarks.fixtures.DeepObject;
import dev.peregrine.benchmarks.fixtures.NestedObject;
import dev.peregrine.benchmarks.fixtures.SimpleObject;
import java.util.HashMap;
import java.util.Map;

/**
 * Hand-written codecs of the simple, complex and deep objects, writing Peregrine's same-schema body of an
 * object: a bitmap of one bit per boolean and per reference field (set = true / present), then the other
 * fields in layout order (booleans, then byte, float, double, then short, char, int, long, then references,
 * each kind by field name). Ints, longs and shorts are zigzag varints, floats and doubles raw little-endian;
 * a nested final class has no tag.
 */
final class ObjectCodecs {
    private ObjectCodecs() {
    }

    /**
     * {@link SimpleObject}: bitmap (active, name), then floatValue, doubleValue, shortValue, id, longValue,
     * name.
     */
    static final class Simple implements HandCodec {
        @Override
        public void write(Object value, ByteSink out) {
            SimpleObject o = (SimpleObject) value;
            String name = o.name;
            out.writeByte((o.active ? 1 : 0) | (name != null ? 2 : 0));
            out.writeFloat(o.floatValue);
            out.writeDouble(o.doubleValue);
            out.writeVarInt(o.shortValue);
            out.writeVarInt(o.id);
            out.writeVarLong(o.longValue);
            if (name != null) {
                out.writeString(name);
            }
        }

        @Override
        public Object read(ByteSource in) {
            SimpleObject o = new SimpleObject();
            int bits = in.readByte();
            o.active = (bits & 1) != 0;
            o.floatValue = in.readFloat();
            o.doubleValue = in.readDouble();
            o.shortValue = (short) in.readVarInt();
            o.id = in.readVarInt();
            o.longValue = in.readVarLong();
            if ((bits & 2) != 0) {
                o.name = in.readString();
            }
            return o;
        }
    }

    /**
     * {@link ComplexObject}: bitmap (active, data, name, nested), then id, data, name, nested. The map is
     * tagged (its field is declared {@code Map}) as a {@code HashMap}, which the fixture's always is: tag 50,
     * then {@code varint(count << 6 | valueFlags << 3 | keyFlags)}, the keys, the values. Keys and values are
     * of their declared final classes, so their flags are SAME_TYPE | DECLARED with no tags, plus HAS_NULL and
     * a presence bitmap when some are null. {@link NestedObject} is untagged: bitmap (name), value, id, name.
     *
     * <p>Not thread-safe: a read keeps the map's keys in an array reused across reads.
     */
    static final class Complex implements HandCodec {
        private static final int HASH_MAP = 50;
        private static final int HAS_NULL = 1;
        private static final int DECLARED = 6;
        private static final int BOTH_DECLARED = DECLARED << 3 | DECLARED;
        private static final int ANY_NULL = HAS_NULL << 3 | HAS_NULL;

        private String[] keys = new String[8];

        @Override
        public void write(Object value, ByteSink out) {
            ComplexObject o = (ComplexObject) value;
            Map<String, Integer> data = o.data;
            String name = o.name;
            NestedObject nested = o.nested;
            out.writeByte((o.active ? 1 : 0) | (data != null ? 2 : 0) | (name != null ? 4 : 0)
                    | (nested != null ? 8 : 0));
            out.writeVarInt(o.id);
            if (data != null) {
                writeData(data, out);
            }
            if (name != null) {
                out.writeString(name);
            }
            if (nested != null) {
                writeNested(nested, out);
            }
        }

        private static void writeNested(NestedObject n, ByteSink out) {
            String name = n.name;
            out.writeByte(name != null ? 1 : 0);
            out.writeDouble(n.value);
            out.writeVarInt(n.id);
            if (name != null) {
                out.writeString(name);
            }
        }

        /** Writes the map by two walks of its entry set, keys then values, in its iteration order. */
        private static void writeData(Map<String, Integer> data, ByteSink out) {
            out.writeVarUInt(HASH_MAP);
            int n = data.size();
            if (n == 0 || data.containsKey(null) || data.containsValue(null)) {
                writeDataWithNulls(data, n, out);
                return;
            }
            out.writeVarUInt(n << 6 | BOTH_DECLARED);
            for (Map.Entry<String, Integer> e : data.entrySet()) {
                out.writeString(e.getKey());
            }
            for (Map.Entry<String, Integer> e : data.entrySet()) {
                out.writeVarInt(e.getValue());
            }
        }

        /** The slow path of {@link #writeData}: an empty map, or one with a null key or values. */
        private static void writeDataWithNulls(Map<String, Integer> data, int n, ByteSink out) {
            int keyNulls = data.containsKey(null) ? 1 : 0;
            int valueNulls = 0;
            for (Map.Entry<String, Integer> e : data.entrySet()) {
                if (e.getValue() == null) {
                    valueNulls++;
                }
            }
            out.writeVarUInt(n << 6 | flags(n, valueNulls) << 3 | flags(n, keyNulls));
            if (keyNulls > 0) {
                writePresence(data, true, out);
            }
            for (Map.Entry<String, Integer> e : data.entrySet()) {
                if (e.getKey() != null) {
                    out.writeString(e.getKey());
                }
            }
            if (valueNulls > 0) {
                writePresence(data, false, out);
            }
            for (Map.Entry<String, Integer> e : data.entrySet()) {
                if (e.getValue() != null) {
                    out.writeVarInt(e.getValue());
                }
            }
        }

        /** The flags of {@code n} keys or values of their declared class, {@code nulls} of them null. */
        private static int flags(int n, int nulls) {
            if (nulls == 0) {
                return n == 0 ? 0 : DECLARED;
            }
            return nulls == n ? HAS_NULL : DECLARED | HAS_NULL;
        }

        /** Writes the presence bitmap of the keys or of the values, in iteration order. */
        private static void writePresence(Map<String, Integer> data, boolean ofKeys, ByteSink out) {
            int bits = 0;
            int i = 0;
            for (Map.Entry<String, Integer> e : data.entrySet()) {
                if ((ofKeys ? e.getKey() : e.getValue()) != null) {
                    bits |= 1 << (i & 7);
                }
                if ((++i & 7) == 0) {
                    out.writeByte(bits);
                    bits = 0;
                }
            }
            if ((i & 7) != 0) {
                out.writeByte(bits);
            }
        }

        @Override
        public Object read(ByteSource in) {
            ComplexObject o = new ComplexObject();
            int bits = in.readByte();
            o.active = (bits & 1) != 0;
            o.id = in.readVarInt();
            if ((bits & 2) != 0) {
                o.data = readData(in);
            }
            if ((bits & 4) != 0) {
                o.name = in.readString();
            }
            if ((bits & 8) != 0) {
                o.nested = readNested(in);
            }
            return o;
        }

        private static NestedObject readNested(ByteSource in) {
            int bits = in.readByte();
            double value = in.readDouble();
            int id = in.readVarInt();
            return new NestedObject(id, (bits & 1) != 0 ? in.readString() : null, value);
        }

        /** Reads the tag (taken to be HashMap's), the header, the keys into {@link #keys}, then each value. */
        private Map<String, Integer> readData(ByteSource in) {
            in.readVarUInt();
            int header = in.readVarUInt();
            int n = header >>> 6;
            HashMap<String, Integer> data = new HashMap<>(n + (n + 2) / 3);
            String[] k = keys(n);
            if ((header & ANY_NULL) != 0) {
                readDataWithNulls(in, header, n, k, data);
                return data;
            }
            for (int i = 0; i < n; i++) {
                k[i] = in.readString();
            }
            for (int i = 0; i < n; i++) {
                data.put(k[i], in.readVarInt());
            }
            return data;
        }

        /** The slow path of {@link #readData}: a presence bitmap before the keys, the values, or both. */
        private static void readDataWithNulls(ByteSource in, int header, int n, String[] k,
                HashMap<String, Integer> data) {
            byte[] present = in.readPresence(header, n);
            for (int i = 0; i < n; i++) {
                k[i] = ByteSource.isPresent(present, i) ? in.readString() : null;
            }
            present = in.readPresence(header >>> 3, n);
            for (int i = 0; i < n; i++) {
                data.put(k[i], ByteSource.isPresent(present, i) ? in.readVarInt() : null);
            }
        }

        private String[] keys(int n) {
            if (keys.length < n) {
                keys = new String[n];
            }
            return keys;
        }
    }

    /**
     * {@link DeepObject}, level by level: bitmap (child, name), value, id, then the whole child, then the
     * name, so a level's name follows its descendants.
     */
    static final class Deep implements HandCodec {
        @Override
        public void write(Object value, ByteSink out) {
            writeLevel((DeepObject) value, out);
        }

        private static void writeLevel(DeepObject o, ByteSink out) {
            DeepObject child = o.child;
            String name = o.name;
            out.writeByte((child != null ? 1 : 0) | (name != null ? 2 : 0));
            out.writeDouble(o.value);
            out.writeVarInt(o.id);
            if (child != null) {
                writeLevel(child, out);
            }
            if (name != null) {
                out.writeString(name);
            }
        }

        @Override
        public Object read(ByteSource in) {
            return readLevel(in);
        }

        private static DeepObject readLevel(ByteSource in) {
            DeepObject o = new DeepObject();
            int bits = in.readByte();
            o.value = in.readDouble();
            o.id = in.readVarInt();
            if ((bits & 1) != 0) {
                o.child = readLevel(in);
            }
            if ((bits & 2) != 0) {
                o.name = in.readString();
            }
            return o;
        }
    }
}
