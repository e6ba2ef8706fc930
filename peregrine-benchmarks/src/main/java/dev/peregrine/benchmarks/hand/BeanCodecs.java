package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.BeanWithPropertyConstructor;
import dev.peregrine.benchmarks.fixtures.ClassicBean;
import dev.peregrine.benchmarks.fixtures.SomeBean;
import dev.peregrine.benchmarks.fixtures.SomeEnum;

/**
 * Hand-written codecs of the bean arrays, writing Peregrine's same-schema bytes of an array of a final
 * class: {@code varint(count << 3 | flags)}, flags SAME_TYPE | DECLARED (6) so no tag, plus HAS_NULL (1)
 * and a presence bitmap of {@code ceil(count / 8)} bytes when some elements are null (flags 1 alone when
 * all are; an empty array is a single 0). Then each non-null bean's body: a bitmap of one bit per
 * reference field in layout order, then its fields in layout order (ints, then longs, then references,
 * each kind by name).
 */
final class BeanCodecs {
    private static final int HAS_NULL = 1;
    private static final int DECLARED = 6;

    private BeanCodecs() {
    }

    /** Writes an array's elements header, then its presence bitmap when some elements are null. */
    private static void writeHeader(Object[] items, ByteSink out) {
        int n = items.length;
        int nulls = 0;
        for (Object e : items) {
            if (e == null) {
                nulls++;
            }
        }
        if (nulls == 0) {
            out.writeVarUInt(n == 0 ? 0 : n << 3 | DECLARED);
            return;
        }
        out.writeVarUInt(n << 3 | (nulls == n ? HAS_NULL : DECLARED | HAS_NULL));
        for (int i = 0; i < n; i += 8) {
            int bits = 0;
            for (int k = 0; k < 8 && i + k < n; k++) {
                if (items[i + k] != null) {
                    bits |= 1 << k;
                }
            }
            out.writeByte(bits);
        }
    }

    /**
     * {@code SomeBean[]} through getters and setters. A bean: bitmap (propB, propD, propE), then propA, propC,
     * propB, the linked bean propD (untagged, recursively), propE's ordinal.
     */
    static final class SomeBeans implements HandCodec {
        private static final SomeEnum[] ENUMS = SomeEnum.values();

        @Override
        public void write(Object value, ByteSink out) {
            SomeBean[] beans = (SomeBean[]) value;
            writeHeader(beans, out);
            for (SomeBean bean : beans) {
                if (bean != null) {
                    writeBean(bean, out);
                }
            }
        }

        private static void writeBean(SomeBean bean, ByteSink out) {
            String b = bean.getPropB();
            SomeBean d = bean.getPropD();
            SomeEnum e = bean.getPropE();
            out.writeByte((b != null ? 1 : 0) | (d != null ? 2 : 0) | (e != null ? 4 : 0));
            out.writeVarInt(bean.getPropA());
            out.writeVarLong(bean.getPropC());
            if (b != null) {
                out.writeString(b);
            }
            if (d != null) {
                writeBean(d, out);
            }
            if (e != null) {
                out.writeVarUInt(e.ordinal());
            }
        }

        @Override
        public Object read(ByteSource in) {
            int header = in.readVarUInt();
            SomeBean[] beans = new SomeBean[header >>> 3];
            byte[] present = in.readPresence(header, beans.length);
            for (int i = 0; i < beans.length; i++) {
                if (ByteSource.isPresent(present, i)) {
                    beans[i] = readBean(in);
                }
            }
            return beans;
        }

        private static SomeBean readBean(ByteSource in) {
            SomeBean bean = new SomeBean();
            int bits = in.readByte();
            bean.setPropA(in.readVarInt());
            bean.setPropC(in.readVarLong());
            if ((bits & 1) != 0) {
                bean.setPropB(in.readString());
            }
            if ((bits & 2) != 0) {
                bean.setPropD(readBean(in));
            }
            if ((bits & 4) != 0) {
                bean.setPropE(ENUMS[in.readVarUInt()]);
            }
            return bean;
        }
    }

    /** {@code BeanWithPropertyConstructor[]}: the bytes of {@link SomeBeans}, decoded through the constructor. */
    static final class ConstructorBeans implements HandCodec {
        private static final SomeEnum[] ENUMS = SomeEnum.values();

        @Override
        public void write(Object value, ByteSink out) {
            BeanWithPropertyConstructor[] beans = (BeanWithPropertyConstructor[]) value;
            writeHeader(beans, out);
            for (BeanWithPropertyConstructor bean : beans) {
                if (bean != null) {
                    writeBean(bean, out);
                }
            }
        }

        private static void writeBean(BeanWithPropertyConstructor bean, ByteSink out) {
            String b = bean.getPropB();
            BeanWithPropertyConstructor d = bean.getPropD();
            SomeEnum e = bean.getPropE();
            out.writeByte((b != null ? 1 : 0) | (d != null ? 2 : 0) | (e != null ? 4 : 0));
            out.writeVarInt(bean.getPropA());
            out.writeVarLong(bean.getPropC());
            if (b != null) {
                out.writeString(b);
            }
            if (d != null) {
                writeBean(d, out);
            }
            if (e != null) {
                out.writeVarUInt(e.ordinal());
            }
        }

        @Override
        public Object read(ByteSource in) {
            int header = in.readVarUInt();
            BeanWithPropertyConstructor[] beans = new BeanWithPropertyConstructor[header >>> 3];
            byte[] present = in.readPresence(header, beans.length);
            for (int i = 0; i < beans.length; i++) {
                if (ByteSource.isPresent(present, i)) {
                    beans[i] = readBean(in);
                }
            }
            return beans;
        }

        private static BeanWithPropertyConstructor readBean(ByteSource in) {
            int bits = in.readByte();
            int a = in.readVarInt();
            long c = in.readVarLong();
            String b = (bits & 1) != 0 ? in.readString() : null;
            BeanWithPropertyConstructor d = (bits & 2) != 0 ? readBean(in) : null;
            SomeEnum e = (bits & 4) != 0 ? ENUMS[in.readVarUInt()] : null;
            return new BeanWithPropertyConstructor(a, b, c, d, e);
        }
    }

    /** {@code ClassicBean[]}: a bean has no bitmap (no boolean or reference field), then eight zigzag varints. */
    static final class ClassicBeans implements HandCodec {
        @Override
        public void write(Object value, ByteSink out) {
            ClassicBean[] beans = (ClassicBean[]) value;
            writeHeader(beans, out);
            for (ClassicBean b : beans) {
                if (b != null) {
                    out.writeVarInt(b.a);
                    out.writeVarInt(b.b);
                    out.writeVarInt(b.c123);
                    out.writeVarInt(b.d);
                    out.writeVarInt(b.e);
                    out.writeVarInt(b.foobar);
                    out.writeVarInt(b.g);
                    out.writeVarInt(b.habitus);
                }
            }
        }

        @Override
        public Object read(ByteSource in) {
            int header = in.readVarUInt();
            ClassicBean[] beans = new ClassicBean[header >>> 3];
            byte[] present = in.readPresence(header, beans.length);
            for (int i = 0; i < beans.length; i++) {
                if (ByteSource.isPresent(present, i)) {
                    beans[i] = readBean(in);
                }
            }
            return beans;
        }

        private static ClassicBean readBean(ByteSource in) {
            ClassicBean b = new ClassicBean();
            b.a = in.readVarInt();
            b.b = in.readVarInt();
            b.c123 = in.readVarInt();
            b.d = in.readVarInt();
            b.e = in.readVarInt();
            b.foobar = in.readVarInt();
            b.g = in.readVarInt();
            b.habitus = in.readVarInt();
            return b;
        }
    }
}
