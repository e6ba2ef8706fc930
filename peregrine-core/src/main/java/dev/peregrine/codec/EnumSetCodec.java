package dev.peregrine.codec;

import dev.peregrine.MalformedInputException;
import dev.peregrine.UnsupportedTypeException;

import java.util.EnumSet;

/**
 * An {@link EnumSet}: its enum type (a tag, {@code DECLARED} when the slot's type argument names it),
 * then for enums of at most 64 constants a varint bitmask of ordinals, otherwise a count and ordinals.
 */
final class EnumSetCodec extends TypeCodec<EnumSet<?>> {
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void write(WriteContext ctx, EnumSet<?> value, TypeHint hint) {
        Class<?> type = elementType(value, TypeHint.argClass(hint, 0));
        ctx.resolver().writeType(ctx.out(), type, TypeHint.arg(hint, 0));
        if (ctx.carriesDefs()) {
            ctx.defs().writeEnum(ctx.out(), type);
        }
        int universe = constants(type, hint).length;
        if (universe <= 64) {
            long mask = 0;
            for (Enum<?> e : value) {
                mask |= 1L << e.ordinal();
            }
            ctx.out().writeVarULong(mask);
        } else {
            ctx.out().writeVarUInt(value.size());
            for (Enum<?> e : value) {
                ctx.out().writeVarUInt(e.ordinal());
            }
        }
    }

    /**
     * The constants of the set's enum: from the slot's hint when it declares that enum (a field of
     * {@code EnumSet<E>}), which remembers them. Perf: the class-value lookup this saves was about
     * 5 % of writing a Car (its one {@code EnumSet}); the hint belongs to the field, so it holds no
     * class its codec does not already hold.
     */
    private static Enum<?>[] constants(Class<?> type, TypeHint hint) {
        TypeHint declared = TypeHint.arg(hint, 0);
        return declared != null && declared.raw() == type ? declared.enumConstants()
                : CodecSupport.enumConstants(type);
    }

    private static Class<?> elementType(EnumSet<?> value, Class<?> declared) {
        if (!value.isEmpty()) {
            return value.iterator().next().getDeclaringClass();
        }
        EnumSet<?> all = complement(value);
        if (!all.isEmpty()) {
            return all.iterator().next().getDeclaringClass();
        }
        if (declared != null && declared.isEnum() && CodecSupport.enumConstants(declared).length == 0) {
            return declared;
        }
        // An empty set whose enum has no constants: a slot's enum that has some is not its enum.
        throw new UnsupportedTypeException("an EnumSet of an enum without constants cannot be serialized"
                + (declared != null && declared.isEnum() ? " where " + declared.getName() + " is declared" : ""));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static EnumSet<?> complement(EnumSet value) {
        return EnumSet.complementOf(value);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public EnumSet<?> read(ReadContext ctx, TypeHint hint) {
        int at = ctx.in().position();
        Class type = ctx.resolver().readType(ctx.in(), TypeHint.arg(hint, 0));
        if (!type.isEnum()) {
            throw new MalformedInputException("EnumSet of non-enum " + type.getName(), at);
        }
        Enum<?>[] local = constants(type, hint);
        if (local.length == 0 && TypeHint.argClass(hint, 0) != type) {
            throw new MalformedInputException("EnumSet of constant-less " + type.getName()
                    + " outside a slot that declares it", at);
        }
        // In the compatible format the ordinals are the writer's: constants by writer ordinal, null
        // for a constant this version lacks (dropped).
        Enum<?>[] constants = ctx.carriesDefs() ? ctx.defs().readEnum(ctx.in(), type, local) : local;
        if (constants.length <= 64) {
            return ofMask(type, constants, ctx.in().readVarULong(), at);
        }
        EnumSet set = EnumSet.noneOf(type);
        int n = ctx.in().readLength(constants.length, "EnumSet");
        for (int i = 0; i < n; i++) {
            int o = ctx.in().readVarUInt();
            if (o < 0 || o >= constants.length) {
                throw new MalformedInputException("bad ordinal " + o + " for " + type.getName(), ctx.in().position());
            }
            if (constants[o] != null) {
                set.add(constants[o]);
            }
        }
        return set;
    }

    /**
     * The set a mask of ordinals names.
     *
     * @param type      the enum
     * @param constants its constants by the writer's ordinal, at most 64 (null for one this version
     *                  lacks, which is dropped)
     * @param mask      bit i set for ordinal i
     * @param at        the set's offset, for the error
     * @return a new set
     * @throws MalformedInputException when the mask names an ordinal past the constants
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static EnumSet<?> ofMask(Class type, Enum<?>[] constants, long mask, int at) {
        if (constants.length < 64 && (mask >>> constants.length) != 0) {
            throw new MalformedInputException("EnumSet mask names ordinals past " + type.getName(), at);
        }
        EnumSet set = EnumSet.noneOf(type);
        // Perf: one step per member, not per constant.
        for (long m = mask; m != 0; m &= m - 1) {
            Enum<?> e = constants[Long.numberOfTrailingZeros(m)];
            if (e != null) {
                set.add(e);
            }
        }
        return set;
    }
}
