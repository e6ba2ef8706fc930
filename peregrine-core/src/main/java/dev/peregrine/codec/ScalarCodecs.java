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
    static final TypeCodec<Boolean> BOOLEAN = new ScalarCodec<>(BufferWriter::writeBoolean, BufferReader::readBoolean);
    static final TypeCodec<Byte> BYTE = new ScalarCodec<>((o, v) -> o.writeByte(v), BufferReader::readByte);
    static final TypeCodec<Short> SHORT = new ScalarCodec<>((o, v) -> o.writeVarInt(v), i -> (short) i.readVarInt());
    static final TypeCodec<Character> CHAR = new ScalarCodec<>((o, v) -> o.writeVarUInt(v), i -> (char) i.readVarUInt());
    static final TypeCodec<Integer> INT = new ScalarCodec<>(BufferWriter::writeVarInt, BufferReader::readVarInt);
    static final TypeCodec<Long> LONG = new ScalarCodec<>(BufferWriter::writeVarLong, BufferReader::readVarLong);
    static final TypeCodec<Float> FLOAT = new ScalarCodec<>(BufferWriter::writeFloat, BufferReader::readFloat);
    static final TypeCodec<Double> DOUBLE = new ScalarCodec<>(BufferWriter::writeDouble, BufferReader::readDouble);
    static final TypeCodec<String> STRING = new ScalarCodec<>(BufferWriter::writeString, BufferReader::readString);
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
