package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.ComplexObject;
import dev.peregrine.benchmarks.fixtures.DeepObject;
import dev.peregrine.benchmarks.fixtures.NestedObject;
import dev.peregrine.benchmarks.fixtures.SimpleObject;
import java.util.HashMap;
import java.util.Map;

/** Hand-written codecs of the simple, complex and deep objects. */
final class ObjectCodecs {
    private ObjectCodecs() {
    }

    /** {@link SimpleObject}. */
    static final class Simple implements HandCodec {
        @Override
        public void write(Object value, ByteSink out) {
            SimpleObject o = (SimpleObject) value;
            out.writeSignedVarInt(o.id);
            out.writeString(o.name);
            out.writeBoolean(o.active);
            out.writeDouble(o.doubleValue);
            out.writeFloat(o.floatValue);
            out.writeSignedVarLong(o.longValue);
            out.writeShort(o.shortValue);
        }

        @Override
        public Object read(ByteSource in) {
            SimpleObject o = new SimpleObject();
            o.id = in.readSignedVarInt();
            o.name = in.readString();
            o.active = in.readBoolean();
            o.doubleValue = in.readDouble();
            o.floatValue = in.readFloat();
            o.longValue = in.readSignedVarLong();
            o.shortValue = in.readShort();
            return o;
        }
    }

    /** {@link ComplexObject}; the nested object and the map carry a presence byte / a size + 1 (0 = null). */
    static final class Complex implements HandCodec {
        @Override
        public void write(Object value, ByteSink out) {
            ComplexObject o = (ComplexObject) value;
            out.writeSignedVarInt(o.id);
            out.writeString(o.name);
            out.writeBoolean(o.active);
            NestedObject n = o.nested;
            out.writeBoolean(n != null);
            if (n != null) {
                out.writeSignedVarInt(n.id);
                out.writeString(n.name);
                out.writeDouble(n.value);
            }
            if (o.data == null) {
                out.writeByte(0);
                return;
            }
            out.writeVarInt(o.data.size() + 1);
            for (Map.Entry<String, Integer> e : o.data.entrySet()) {
                out.writeString(e.getKey());
                out.writeSignedVarInt(e.getValue());
            }
        }

        @Override
        public Object read(ByteSource in) {
            ComplexObject o = new ComplexObject();
            o.id = in.readSignedVarInt();
            o.name = in.readString();
            o.active = in.readBoolean();
            if (in.readBoolean()) {
                o.nested = new NestedObject(in.readSignedVarInt(), in.readString(), in.readDouble());
            }
            int size = in.readVarInt() - 1;
            if (size >= 0) {
                o.data = new HashMap<>(size * 2);
                for (int i = 0; i < size; i++) {
                    o.data.put(in.readString(), in.readSignedVarInt());
                }
            }
            return o;
        }
    }

    /** {@link DeepObject}: each level, then a presence byte for the child. */
    static final class Deep implements HandCodec {
        @Override
        public void write(Object value, ByteSink out) {
            for (DeepObject o = (DeepObject) value; o != null; o = o.child) {
                out.writeSignedVarInt(o.id);
                out.writeString(o.name);
                out.writeDouble(o.value);
                out.writeBoolean(o.child != null);
            }
        }

        @Override
        public Object read(ByteSource in) {
            DeepObject root = new DeepObject();
            DeepObject o = root;
            while (true) {
                o.id = in.readSignedVarInt();
                o.name = in.readString();
                o.value = in.readDouble();
                if (!in.readBoolean()) {
                    return root;
                }
                o.child = new DeepObject();
                o = o.child;
            }
        }
    }
}
