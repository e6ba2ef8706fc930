package dev.peregrine.codec;

import dev.peregrine.MalformedInputException;

/** An enum constant as its ordinal, a varint. Constants with bodies are written as their enum. */
public final class EnumCodec extends LeafCodec<Enum<?>> {
    private final Enum<?>[] constants;
    private final Class<?> type;

    /**
     * @param type an enum class
     */
    public EnumCodec(Class<?> type) {
        this.type = type;
        this.constants = (Enum<?>[]) type.getEnumConstants();
    }

    @Override
    public void write(WriteContext ctx, Enum<?> value, TypeHint hint) {
        ctx.out().writeVarUInt(value.ordinal());
    }

    @Override
    public Enum<?> read(ReadContext ctx, TypeHint hint) {
        int at = ctx.in().position();
        int ordinal = ctx.in().readVarUInt();
        if (ordinal < 0 || ordinal >= constants.length) {
            throw new MalformedInputException("ordinal " + Integer.toUnsignedString(ordinal) + " is not a constant of "
                    + type.getName() + " (it has " + constants.length + ")", at);
        }
        return constants[ordinal];
    }

    @Override
    public boolean tracksReferences() {
        return false;
    }

    /** @return the constants, by ordinal */
    Enum<?>[] constants() {
        return constants;
    }
}
