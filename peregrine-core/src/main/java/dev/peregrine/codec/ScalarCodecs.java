package dev.peregrine.codec;

import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Codecs of the boxed primitives, {@code String}, {@code BigInteger}, {@code BigDecimal},
 * {@code UUID} and the {@code Optional} family. Boxes are encoded as their primitive field would be.
 */
final class ScalarCodecs {
    // Perf: the common scalars are classes of their own, so that a call of their write or read is
    // direct and inlinable; through ScalarCodec's one shared lambda call every scalar value paid a
    // megamorphic interface call.
    static final TypeCodec<Boolean> BOOLEAN = new Scalar<>() {
        @Override
        public void write(WriteContext ctx, Boolean value, TypeHint hint) {
            ctx.out().writeBoolean(value);
        }

        @Override
        public Boolean read(ReadContext ctx, TypeHint hint) {
            return ctx.in().readBoolean();
        }
    };
    static final TypeCodec<Byte> BYTE = new Scalar<>() {
        @Override
        public void write(WriteContext ctx, Byte value, TypeHint hint) {
            ctx.out().writeByte(value);
        }

        @Override
        public Byte read(ReadContext ctx, TypeHint hint) {
            return ctx.in().readByte();
        }
    };
    static final TypeCodec<Short> SHORT = new Scalar<>() {
        @Override
        public void write(WriteContext ctx, Short value, TypeHint hint) {
            ctx.out().writeVarInt(value);
        }

        @Override
        public Short read(ReadContext ctx, TypeHint hint) {
            return (short) ctx.in().readVarInt();
        }
    };
    static final TypeCodec<Character> CHAR = new Scalar<>() {
        @Override
        public void write(WriteContext ctx, Character value, TypeHint hint) {
            ctx.out().writeVarUInt(value);
        }

        @Override
        public Character read(ReadContext ctx, TypeHint hint) {
            return (char) ctx.in().readVarUInt();
        }
    };
    static final TypeCodec<Integer> INT = new Scalar<>() {
        @Override
        public void write(WriteContext ctx, Integer value, TypeHint hint) {
            ctx.out().writeVarInt(value);
        }

        @Override
        public Integer read(ReadContext ctx, TypeHint hint) {
            return ctx.in().readVarInt();
        }
    };
    static final TypeCodec<Long> LONG = new Scalar<>() {
        @Override
        public void write(WriteContext ctx, Long value, TypeHint hint) {
            ctx.out().writeVarLong(value);
        }

        @Override
        public Long read(ReadContext ctx, TypeHint hint) {
            return ctx.in().readVarLong();
        }
    };
    static final TypeCodec<Float> FLOAT = new Scalar<>() {
        @Override
        public void write(WriteContext ctx, Float value, TypeHint hint) {
            ctx.out().writeFloat(value);
        }

        @Override
        public Float read(ReadContext ctx, TypeHint hint) {
            return ctx.in().readFloat();
        }
    };
    static final TypeCodec<Double> DOUBLE = new Scalar<>() {
        @Override
        public void write(WriteContext ctx, Double value, TypeHint hint) {
            ctx.out().writeDouble(value);
        }

        @Override
        public Double read(ReadContext ctx, TypeHint hint) {
            return ctx.in().readDouble();
        }
    };
    /**
     * Perf: its write is declared on {@code Object}, so that no bridge method stands between a
     * call through {@code TypeCodec} and the string write: one inlining level fewer (see
     * {@code MapCodec.writeRun}). Its read keeps its bridge: without it ComplexObject decode
     * measured 1 to 3 % slower on Temurin 25 (DESIGN.md, thirty-fourth round).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static final TypeCodec<String> STRING = (TypeCodec) new Scalar<Object>() {
        @Override
        public void write(WriteContext ctx, Object value, TypeHint hint) {
            ctx.out().writeString((String) value);
        }

        @Override
        public String read(ReadContext ctx, TypeHint hint) {
            return ctx.in().readString();
        }
    };
    static final TypeCodec<BigInteger> BIG_INTEGER = new ScalarCodec<>(ScalarCodecs::writeBig, ScalarCodecs::readBig);
    static final TypeCodec<BigDecimal> BIG_DECIMAL = new ScalarCodec<>(
            (o, v) -> {
                o.writeVarInt(v.scale());
                writeBig(o, v.unscaledValue());
            },
            i -> {
                int scale = i.readVarInt();
                return new BigDecimal(readBig(i), scale);
            });
    static final TypeCodec<UUID> UUID_CODEC = new ScalarCodec<>(
            (o, v) -> {
                o.writeLongLE(v.getMostSignificantBits());
                o.writeLongLE(v.getLeastSignificantBits());
            },
            i -> new UUID(i.readLongLE(), i.readLongLE()));
    static final TypeCodec<OptionalInt> OPTIONAL_INT = new ScalarCodec<>(
            (o, v) -> {
                o.writeBoolean(v.isPresent());
                if (v.isPresent()) {
                    o.writeVarInt(v.getAsInt());
                }
            },
            i -> i.readBoolean() ? OptionalInt.of(i.readVarInt()) : OptionalInt.empty());
    static final TypeCodec<OptionalLong> OPTIONAL_LONG = new ScalarCodec<>(
            (o, v) -> {
                o.writeBoolean(v.isPresent());
                if (v.isPresent()) {
                    o.writeVarLong(v.getAsLong());
                }
            },
            i -> i.readBoolean() ? OptionalLong.of(i.readVarLong()) : OptionalLong.empty());
    static final TypeCodec<OptionalDouble> OPTIONAL_DOUBLE = new ScalarCodec<>(
            (o, v) -> {
                o.writeBoolean(v.isPresent());
                if (v.isPresent()) {
                    o.writeDouble(v.getAsDouble());
                }
            },
            i -> i.readBoolean() ? OptionalDouble.of(i.readDouble()) : OptionalDouble.empty());
    static final TypeCodec<Optional<?>> OPTIONAL = new OptionalCodec();

    private ScalarCodecs() {
    }

    /** A scalar: a value type, so never tracked as a reference. */
    private abstract static class Scalar<T> extends LeafCodec<T> {
        @Override
        public final boolean tracksReferences() {
            return false;
        }
    }

    private static void writeBig(BufferWriter out, BigInteger v) {
        byte[] bytes = v.toByteArray();
        out.writeVarUInt(bytes.length);
        out.writeBytes(bytes, 0, bytes.length);
    }

    private static BigInteger readBig(BufferReader in) {
        int at = in.position();
        int n = in.readVarUInt();
        in.require(n, "BigInteger");
        if (n == 0) {
            throw new MalformedInputException("BigInteger of zero bytes", at);
        }
        byte[] bytes = new byte[n];
        in.readBytes(bytes, 0, n);
        return new BigInteger(bytes);
    }

    /** {@code Optional}: a presence byte, then the value as in a slot of the type argument. */
    private static final class OptionalCodec extends TypeCodec<Optional<?>> {
        @Override
        public boolean createdAfterContents() {
            return true;
        }

        @Override
        public void write(WriteContext ctx, Optional<?> value, TypeHint hint) {
            ctx.out().writeBoolean(value.isPresent());
            if (value.isPresent()) {
                ctx.writeAny(value.get(), TypeHint.arg(hint, 0));
            }
        }

        @Override
        public Optional<?> read(ReadContext ctx, TypeHint hint) {
            return ctx.in().readBoolean() ? Optional.of(ctx.readAny(TypeHint.arg(hint, 0))) : Optional.empty();
        }
    }
}
