package dev.peregrine.compat;

import dev.peregrine.MalformedInputException;
import dev.peregrine.SchemaMismatchException;
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
    private final Enum<?>[] byWriterOrdinal;
    private final String type;

    EnumTranslator(ClassDef wire, ClassDef local) {
        if (!wire.isEnum()) {
            throw kindChanged(wire.name(), "a class", "an enum", -1);
        }
        byWriterOrdinal = byWriterOrdinal(wire, local.local());
        type = local.name();
    }

    /**
     * The refusal of a value whose class the writer had as another kind (an enum where the reader's
     * class of that name is a class, or the reverse): no conversion covers it.
     *
     * @param name   the class name
     * @param writer what the writer's class was, "a class" or "an enum"
     * @param reader what this reader's class is
     * @param at     the payload offset, or -1
     * @return the exception to throw
     */
    static SchemaMismatchException kindChanged(String name, String writer, String reader, long at) {
        return new SchemaMismatchException(name + " was written as " + writer + " and is " + reader
                + " here; no conversion covers that change", at);
    }

    /**
     * Maps a writer's ordinals to this version's constants by name.
     *
     * @param wire the writer's def of the enum
     * @param type this version of the enum
     * @return this version's constant per writer ordinal, null where it has no constant of that name
     */
    static Enum<?>[] byWriterOrdinal(ClassDef wire, Class<?> type) {
        Enum<?>[] constants = (Enum<?>[]) type.getEnumConstants();
        List<String> names = wire.constants();
        Enum<?>[] mapped = new Enum<?>[names.size()];
        for (int i = 0; i < mapped.length; i++) {
            for (Enum<?> c : constants) {
                if (c.name().equals(names.get(i))) {
                    mapped[i] = c;
                }
            }
        }
        return mapped;
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
