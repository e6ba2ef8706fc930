package dev.peregrine.compat;

import dev.peregrine.MalformedInputException;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.codec.WriteContext;

import java.util.List;

/**
 * Reads an enum constant written by another version of its enum: the ordinal is the writer's, so it
 * is mapped by constant name. A constant this version does not have reads as {@code null} (the
 * documented rule: a field holding it becomes null, a list element becomes a null element).
 */
final class EnumTranslator extends TypeCodec<Object> {
    private final Object[] byWriterOrdinal;
    private final String type;

    EnumTranslator(ClassDef wire, ClassDef local) {
        Object[] constants = local.local().getEnumConstants();
        List<String> names = wire.constants();
        byWriterOrdinal = new Object[names.size()];
        for (int i = 0; i < byWriterOrdinal.length; i++) {
            for (Object c : constants) {
                if (((Enum<?>) c).name().equals(names.get(i))) {
                    byWriterOrdinal[i] = c;
                }
            }
        }
        type = local.name();
    }

    /**
     * @param ordinal a writer's ordinal
     * @return this version's constant of the same name, or null
     */
    Object map(int ordinal) {
        return byWriterOrdinal[ordinal];
    }

    @Override
    public void write(WriteContext ctx, Object value, TypeHint hint) {
        throw new IllegalStateException("translators only read");
    }

    @Override
    public Object read(ReadContext ctx, TypeHint hint) {
        int at = ctx.in().position();
        int ordinal = ctx.in().readVarUInt();
        if (ordinal < 0 || ordinal >= byWriterOrdinal.length) {
            throw new MalformedInputException("ordinal " + Integer.toUnsignedString(ordinal) + " is not a constant of "
                    + type + " as written (it had " + byWriterOrdinal.length + ")", at);
        }
        return byWriterOrdinal[ordinal];
    }

    @Override
    public boolean tracksReferences() {
        return false;
    }
}
