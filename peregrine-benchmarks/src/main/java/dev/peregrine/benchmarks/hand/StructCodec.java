package dev.peregrine.benchmarks.hand;

import dev.peregrine.benchmarks.fixtures.Struct;

/**
 * Hand-written codec of {@link Struct}: no bitmap (no boolean or reference fields), then the fields in
 * Peregrine's layout order (floats, doubles, ints, longs, each kind sorted by name): floats and doubles
 * raw little-endian, ints and longs as zigzag varints.
 */
final class StructCodec implements HandCodec {
    @Override
    public void write(Object value, ByteSink out) {
        Struct s = (Struct) value;
        writeFloats(s, out);
        writeDoubles(s, out);
        writeInts(s, out);
        writeLongs(s, out);
    }

    @Override
    public Object read(ByteSource in) {
        Struct s = new Struct();
        readFloats(s, in);
        readDoubles(s, in);
        readInts(s, in);
        readLongs(s, in);
        return s;
    }

    private static void writeFloats(Struct s, ByteSink out) {
        out.writeFloat(s.f10);
        out.writeFloat(s.f102);
        out.writeFloat(s.f14);
        out.writeFloat(s.f18);
        out.writeFloat(s.f2);
        out.writeFloat(s.f22);
        out.writeFloat(s.f26);
        out.writeFloat(s.f30);
        out.writeFloat(s.f34);
        out.writeFloat(s.f38);
        out.writeFloat(s.f42);
        out.writeFloat(s.f46);
        out.writeFloat(s.f50);
        out.writeFloat(s.f54);
        out.writeFloat(s.f58);
        out.writeFloat(s.f6);
        out.writeFloat(s.f62);
        out.writeFloat(s.f66);
        out.writeFloat(s.f70);
        out.writeFloat(s.f74);
        out.writeFloat(s.f78);
        out.writeFloat(s.f82);
        out.writeFloat(s.f86);
        out.writeFloat(s.f90);
        out.writeFloat(s.f94);
        out.writeFloat(s.f98);
    }

    private static void writeDoubles(Struct s, ByteSink out) {
        out.writeDouble(s.f103);
        out.writeDouble(s.f11);
        out.writeDouble(s.f15);
        out.writeDouble(s.f19);
        out.writeDouble(s.f23);
        out.writeDouble(s.f27);
        out.writeDouble(s.f3);
        out.writeDouble(s.f31);
        out.writeDouble(s.f35);
        out.writeDouble(s.f39);
        out.writeDouble(s.f43);
        out.writeDouble(s.f47);
        out.writeDouble(s.f51);
        out.writeDouble(s.f55);
        out.writeDouble(s.f59);
        out.writeDouble(s.f63);
        out.writeDouble(s.f67);
        out.writeDouble(s.f7);
        out.writeDouble(s.f71);
        out.writeDouble(s.f75);
        out.writeDouble(s.f79);
        out.writeDouble(s.f83);
        out.writeDouble(s.f87);
        out.writeDouble(s.f91);
        out.writeDouble(s.f95);
        out.writeDouble(s.f99);
    }

    private static void writeInts(Struct s, ByteSink out) {
        out.writeVarInt(s.f0);
        out.writeVarInt(s.f100);
        out.writeVarInt(s.f12);
        out.writeVarInt(s.f16);
        out.writeVarInt(s.f20);
        out.writeVarInt(s.f24);
        out.writeVarInt(s.f28);
        out.writeVarInt(s.f32);
        out.writeVarInt(s.f36);
        out.writeVarInt(s.f4);
        out.writeVarInt(s.f40);
        out.writeVarInt(s.f44);
        out.writeVarInt(s.f48);
        out.writeVarInt(s.f52);
        out.writeVarInt(s.f56);
        out.writeVarInt(s.f60);
        out.writeVarInt(s.f64);
        out.writeVarInt(s.f68);
        out.writeVarInt(s.f72);
        out.writeVarInt(s.f76);
        out.writeVarInt(s.f8);
        out.writeVarInt(s.f80);
        out.writeVarInt(s.f84);
        out.writeVarInt(s.f88);
        out.writeVarInt(s.f92);
        out.writeVarInt(s.f96);
    }

    private static void writeLongs(Struct s, ByteSink out) {
        out.writeVarLong(s.f1);
        out.writeVarLong(s.f101);
        out.writeVarLong(s.f13);
        out.writeVarLong(s.f17);
        out.writeVarLong(s.f21);
        out.writeVarLong(s.f25);
        out.writeVarLong(s.f29);
        out.writeVarLong(s.f33);
        out.writeVarLong(s.f37);
        out.writeVarLong(s.f41);
        out.writeVarLong(s.f45);
        out.writeVarLong(s.f49);
        out.writeVarLong(s.f5);
        out.writeVarLong(s.f53);
        out.writeVarLong(s.f57);
        out.writeVarLong(s.f61);
        out.writeVarLong(s.f65);
        out.writeVarLong(s.f69);
        out.writeVarLong(s.f73);
        out.writeVarLong(s.f77);
        out.writeVarLong(s.f81);
        out.writeVarLong(s.f85);
        out.writeVarLong(s.f89);
        out.writeVarLong(s.f9);
        out.writeVarLong(s.f93);
        out.writeVarLong(s.f97);
    }

    private static void readFloats(Struct s, ByteSource in) {
        s.f10 = in.readFloat();
        s.f102 = in.readFloat();
        s.f14 = in.readFloat();
        s.f18 = in.readFloat();
        s.f2 = in.readFloat();
        s.f22 = in.readFloat();
        s.f26 = in.readFloat();
        s.f30 = in.readFloat();
        s.f34 = in.readFloat();
        s.f38 = in.readFloat();
        s.f42 = in.readFloat();
        s.f46 = in.readFloat();
        s.f50 = in.readFloat();
        s.f54 = in.readFloat();
        s.f58 = in.readFloat();
        s.f6 = in.readFloat();
        s.f62 = in.readFloat();
        s.f66 = in.readFloat();
        s.f70 = in.readFloat();
        s.f74 = in.readFloat();
        s.f78 = in.readFloat();
        s.f82 = in.readFloat();
        s.f86 = in.readFloat();
        s.f90 = in.readFloat();
        s.f94 = in.readFloat();
        s.f98 = in.readFloat();
    }

    private static void readDoubles(Struct s, ByteSource in) {
        s.f103 = in.readDouble();
        s.f11 = in.readDouble();
        s.f15 = in.readDouble();
        s.f19 = in.readDouble();
        s.f23 = in.readDouble();
        s.f27 = in.readDouble();
        s.f3 = in.readDouble();
        s.f31 = in.readDouble();
        s.f35 = in.readDouble();
        s.f39 = in.readDouble();
        s.f43 = in.readDouble();
        s.f47 = in.readDouble();
        s.f51 = in.readDouble();
        s.f55 = in.readDouble();
        s.f59 = in.readDouble();
        s.f63 = in.readDouble();
        s.f67 = in.readDouble();
        s.f7 = in.readDouble();
        s.f71 = in.readDouble();
        s.f75 = in.readDouble();
        s.f79 = in.readDouble();
        s.f83 = in.readDouble();
        s.f87 = in.readDouble();
        s.f91 = in.readDouble();
        s.f95 = in.readDouble();
        s.f99 = in.readDouble();
    }

    private static void readInts(Struct s, ByteSource in) {
        s.f0 = in.readVarInt();
        s.f100 = in.readVarInt();
        s.f12 = in.readVarInt();
        s.f16 = in.readVarInt();
        s.f20 = in.readVarInt();
        s.f24 = in.readVarInt();
        s.f28 = in.readVarInt();
        s.f32 = in.readVarInt();
        s.f36 = in.readVarInt();
        s.f4 = in.readVarInt();
        s.f40 = in.readVarInt();
        s.f44 = in.readVarInt();
        s.f48 = in.readVarInt();
        s.f52 = in.readVarInt();
        s.f56 = in.readVarInt();
        s.f60 = in.readVarInt();
        s.f64 = in.readVarInt();
        s.f68 = in.readVarInt();
        s.f72 = in.readVarInt();
        s.f76 = in.readVarInt();
        s.f8 = in.readVarInt();
        s.f80 = in.readVarInt();
        s.f84 = in.readVarInt();
        s.f88 = in.readVarInt();
        s.f92 = in.readVarInt();
        s.f96 = in.readVarInt();
    }

    private static void readLongs(Struct s, ByteSource in) {
        s.f1 = in.readVarLong();
        s.f101 = in.readVarLong();
        s.f13 = in.readVarLong();
        s.f17 = in.readVarLong();
        s.f21 = in.readVarLong();
        s.f25 = in.readVarLong();
        s.f29 = in.readVarLong();
        s.f33 = in.readVarLong();
        s.f37 = in.readVarLong();
        s.f41 = in.readVarLong();
        s.f45 = in.readVarLong();
        s.f49 = in.readVarLong();
        s.f5 = in.readVarLong();
        s.f53 = in.readVarLong();
        s.f57 = in.readVarLong();
        s.f61 = in.readVarLong();
        s.f65 = in.readVarLong();
        s.f69 = in.readVarLong();
        s.f73 = in.readVarLong();
        s.f77 = in.readVarLong();
        s.f81 = in.readVarLong();
        s.f85 = in.readVarLong();
        s.f89 = in.readVarLong();
        s.f9 = in.readVarLong();
        s.f93 = in.readVarLong();
        s.f97 = in.readVarLong();
    }
}
