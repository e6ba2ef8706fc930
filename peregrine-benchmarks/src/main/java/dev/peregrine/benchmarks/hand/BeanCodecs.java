package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.BeanWithPropertyConstructor;
import dev.peregrine.benchmarks.fixtures.ClassicBean;
import dev.peregrine.benchmarks.fixtures.SomeBean;
import dev.peregrine.benchmarks.fixtures.SomeEnum;

/** Hand-written codecs of the two bean arrays. */
final class BeanCodecs {
    private BeanCodecs() {
    }

    /** {@code SomeBean[]} through getters and setters; a presence byte before each linked bean. */
    static final class SomeBeans implements HandCodec {
        private static final SomeEnum[] ENUMS = SomeEnum.values();

        @Override
        public void write(Object value, ByteSink out) {
            SomeBean[] beans = (SomeBean[]) value;
            out.writeVarInt(beans.length);
            for (SomeBean bean : beans) {
                writeBean(bean, out);
            }
        }

        private static void writeBean(SomeBean bean, ByteSink out) {
            out.writeSignedVarInt(bean.getPropA());
            out.writeString(bean.getPropB());
            out.writeSignedVarLong(bean.getPropC());
            out.writeByte(bean.getPropE().ordinal());
            SomeBean linked = bean.getPropD();
            out.writeBoolean(linked != null);
            if (linked != null) {
                writeBean(linked, out);
            }
        }

        @Override
        public Object read(ByteSource in) {
            SomeBean[] beans = new SomeBean[in.readVarInt()];
            for (int i = 0; i < beans.length; i++) {
                beans[i] = readBean(in);
            }
            return beans;
        }

        private static SomeBean readBean(ByteSource in) {
            SomeBean bean = new SomeBean();
            bean.setPropA(in.readSignedVarInt());
            bean.setPropB(in.readString());
            bean.setPropC(in.readSignedVarLong());
            bean.setPropE(ENUMS[in.readByte()]);
            if (in.readBoolean()) {
                bean.setPropD(readBean(in));
            }
            return bean;
        }
    }

    /** {@code BeanWithPropertyConstructor[]}: the layout of {@link SomeBeans}, decoded through the constructor. */
    static final class ConstructorBeans implements HandCodec {
        private static final SomeEnum[] ENUMS = SomeEnum.values();

        @Override
        public void write(Object value, ByteSink out) {
            BeanWithPropertyConstructor[] beans = (BeanWithPropertyConstructor[]) value;
            out.writeVarInt(beans.length);
            for (BeanWithPropertyConstructor bean : beans) {
                writeBean(bean, out);
            }
        }

        private static void writeBean(BeanWithPropertyConstructor bean, ByteSink out) {
            out.writeSignedVarInt(bean.getPropA());
            out.writeString(bean.getPropB());
            out.writeSignedVarLong(bean.getPropC());
            out.writeByte(bean.getPropE().ordinal());
            BeanWithPropertyConstructor linked = bean.getPropD();
            out.writeBoolean(linked != null);
            if (linked != null) {
                writeBean(linked, out);
            }
        }

        @Override
        public Object read(ByteSource in) {
            BeanWithPropertyConstructor[] beans = new BeanWithPropertyConstructor[in.readVarInt()];
            for (int i = 0; i < beans.length; i++) {
                beans[i] = readBean(in);
            }
            return beans;
        }

        private static BeanWithPropertyConstructor readBean(ByteSource in) {
            int a = in.readSignedVarInt();
            String b = in.readString();
            long c = in.readSignedVarLong();
            SomeEnum e = ENUMS[in.readByte()];
            BeanWithPropertyConstructor d = in.readBoolean() ? readBean(in) : null;
            return new BeanWithPropertyConstructor(a, b, c, d, e);
        }
    }

    /** {@code ClassicBean[]}: eight zig-zag varints per bean. */
    static final class ClassicBeans implements HandCodec {
        @Override
        public void write(Object value, ByteSink out) {
            ClassicBean[] beans = (ClassicBean[]) value;
            out.writeVarInt(beans.length);
            for (ClassicBean b : beans) {
                out.writeSignedVarInt(b.a);
                out.writeSignedVarInt(b.b);
                out.writeSignedVarInt(b.c123);
                out.writeSignedVarInt(b.d);
                out.writeSignedVarInt(b.e);
                out.writeSignedVarInt(b.foobar);
                out.writeSignedVarInt(b.g);
                out.writeSignedVarInt(b.habitus);
            }
        }

        @Override
        public Object read(ByteSource in) {
            ClassicBean[] beans = new ClassicBean[in.readVarInt()];
            for (int i = 0; i < beans.length; i++) {
                ClassicBean b = new ClassicBean();
                b.a = in.readSignedVarInt();
                b.b = in.readSignedVarInt();
                b.c123 = in.readSignedVarInt();
                b.d = in.readSignedVarInt();
                b.e = in.readSignedVarInt();
                b.foobar = in.readSignedVarInt();
                b.g = in.readSignedVarInt();
                b.habitus = in.readSignedVarInt();
                beans[i] = b;
            }
            return beans;
        }
    }
}
