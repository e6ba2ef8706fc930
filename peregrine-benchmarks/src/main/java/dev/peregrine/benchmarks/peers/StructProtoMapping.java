package dev.peregrine.benchmarks.peers;

import dev.peregrine.benchmarks.fixtures.Struct;
import dev.peregrine.benchmarks.proto.FixtureProtos;

/** Copies between {@link Struct} and its protobuf message, field by field. */
final class StructProtoMapping {
    private StructProtoMapping() {
    }

    static FixtureProtos.StructMsg toMessage(Object value) {
        Struct s = (Struct) value;
        return FixtureProtos.StructMsg.newBuilder()
                .setF0(s.f0)
                .setF1(s.f1)
                .setF2(s.f2)
                .setF3(s.f3)
                .setF4(s.f4)
                .setF5(s.f5)
                .setF6(s.f6)
                .setF7(s.f7)
                .setF8(s.f8)
                .setF9(s.f9)
                .setF10(s.f10)
                .setF11(s.f11)
                .setF12(s.f12)
                .setF13(s.f13)
                .setF14(s.f14)
                .setF15(s.f15)
                .setF16(s.f16)
                .setF17(s.f17)
                .setF18(s.f18)
                .setF19(s.f19)
                .setF20(s.f20)
                .setF21(s.f21)
                .setF22(s.f22)
                .setF23(s.f23)
                .setF24(s.f24)
                .setF25(s.f25)
                .setF26(s.f26)
                .setF27(s.f27)
                .setF28(s.f28)
                .setF29(s.f29)
                .setF30(s.f30)
                .setF31(s.f31)
                .setF32(s.f32)
                .setF33(s.f33)
                .setF34(s.f34)
                .setF35(s.f35)
                .setF36(s.f36)
                .setF37(s.f37)
                .setF38(s.f38)
                .setF39(s.f39)
                .setF40(s.f40)
                .setF41(s.f41)
                .setF42(s.f42)
                .setF43(s.f43)
                .setF44(s.f44)
                .setF45(s.f45)
                .setF46(s.f46)
                .setF47(s.f47)
                .setF48(s.f48)
                .setF49(s.f49)
                .setF50(s.f50)
                .setF51(s.f51)
                .setF52(s.f52)
                .setF53(s.f53)
                .setF54(s.f54)
                .setF55(s.f55)
                .setF56(s.f56)
                .setF57(s.f57)
                .setF58(s.f58)
                .setF59(s.f59)
                .setF60(s.f60)
                .setF61(s.f61)
                .setF62(s.f62)
                .setF63(s.f63)
                .setF64(s.f64)
                .setF65(s.f65)
                .setF66(s.f66)
                .setF67(s.f67)
                .setF68(s.f68)
                .setF69(s.f69)
                .setF70(s.f70)
                .setF71(s.f71)
                .setF72(s.f72)
                .setF73(s.f73)
                .setF74(s.f74)
                .setF75(s.f75)
                .setF76(s.f76)
                .setF77(s.f77)
                .setF78(s.f78)
                .setF79(s.f79)
                .setF80(s.f80)
                .setF81(s.f81)
                .setF82(s.f82)
                .setF83(s.f83)
                .setF84(s.f84)
                .setF85(s.f85)
                .setF86(s.f86)
                .setF87(s.f87)
                .setF88(s.f88)
                .setF89(s.f89)
                .setF90(s.f90)
                .setF91(s.f91)
                .setF92(s.f92)
                .setF93(s.f93)
                .setF94(s.f94)
                .setF95(s.f95)
                .setF96(s.f96)
                .setF97(s.f97)
                .setF98(s.f98)
                .setF99(s.f99)
                .setF100(s.f100)
                .setF101(s.f101)
                .setF102(s.f102)
                .setF103(s.f103)
                .build();
    }

    static Struct fromMessage(FixtureProtos.StructMsg m) {
        Struct s = new Struct();
        s.f0 = m.getF0();
        s.f1 = m.getF1();
        s.f2 = m.getF2();
        s.f3 = m.getF3();
        s.f4 = m.getF4();
        s.f5 = m.getF5();
        s.f6 = m.getF6();
        s.f7 = m.getF7();
        s.f8 = m.getF8();
        s.f9 = m.getF9();
        s.f10 = m.getF10();
        s.f11 = m.getF11();
        s.f12 = m.getF12();
        s.f13 = m.getF13();
        s.f14 = m.getF14();
        s.f15 = m.getF15();
        s.f16 = m.getF16();
        s.f17 = m.getF17();
        s.f18 = m.getF18();
        s.f19 = m.getF19();
        s.f20 = m.getF20();
        s.f21 = m.getF21();
        s.f22 = m.getF22();
        s.f23 = m.getF23();
        s.f24 = m.getF24();
        s.f25 = m.getF25();
        s.f26 = m.getF26();
        s.f27 = m.getF27();
        s.f28 = m.getF28();
        s.f29 = m.getF29();
        s.f30 = m.getF30();
        s.f31 = m.getF31();
        s.f32 = m.getF32();
        s.f33 = m.getF33();
        s.f34 = m.getF34();
        s.f35 = m.getF35();
        s.f36 = m.getF36();
        s.f37 = m.getF37();
        s.f38 = m.getF38();
        s.f39 = m.getF39();
        s.f40 = m.getF40();
        s.f41 = m.getF41();
        s.f42 = m.getF42();
        s.f43 = m.getF43();
        s.f44 = m.getF44();
        s.f45 = m.getF45();
        s.f46 = m.getF46();
        s.f47 = m.getF47();
        s.f48 = m.getF48();
        s.f49 = m.getF49();
        s.f50 = m.getF50();
        s.f51 = m.getF51();
        s.f52 = m.getF52();
        s.f53 = m.getF53();
        s.f54 = m.getF54();
        s.f55 = m.getF55();
        s.f56 = m.getF56();
        s.f57 = m.getF57();
        s.f58 = m.getF58();
        s.f59 = m.getF59();
        s.f60 = m.getF60();
        s.f61 = m.getF61();
        s.f62 = m.getF62();
        s.f63 = m.getF63();
        s.f64 = m.getF64();
        s.f65 = m.getF65();
        s.f66 = m.getF66();
        s.f67 = m.getF67();
        s.f68 = m.getF68();
        s.f69 = m.getF69();
        s.f70 = m.getF70();
        s.f71 = m.getF71();
        s.f72 = m.getF72();
        s.f73 = m.getF73();
        s.f74 = m.getF74();
        s.f75 = m.getF75();
        s.f76 = m.getF76();
        s.f77 = m.getF77();
        s.f78 = m.getF78();
        s.f79 = m.getF79();
        s.f80 = m.getF80();
        s.f81 = m.getF81();
        s.f82 = m.getF82();
        s.f83 = m.getF83();
        s.f84 = m.getF84();
        s.f85 = m.getF85();
        s.f86 = m.getF86();
        s.f87 = m.getF87();
        s.f88 = m.getF88();
        s.f89 = m.getF89();
        s.f90 = m.getF90();
        s.f91 = m.getF91();
        s.f92 = m.getF92();
        s.f93 = m.getF93();
        s.f94 = m.getF94();
        s.f95 = m.getF95();
        s.f96 = m.getF96();
        s.f97 = m.getF97();
        s.f98 = m.getF98();
        s.f99 = m.getF99();
        s.f100 = m.getF100();
        s.f101 = m.getF101();
        s.f102 = m.getF102();
        s.f103 = m.getF103();
        return s;
    }
}
