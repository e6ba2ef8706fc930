package dev.peregrine.codec;

import dev.peregrine.MalformedInputException;
import dev.peregrine.UnsupportedTypeException;

import java.util.EnumMap;
import java.util.Map;

/**
 * An {@link EnumMap}: its key enum type (as for {@link EnumSetCodec}), the count, the keys' ordinals,
 * then the values as {@link Elements}.
 */
final class EnumMapCodec extends TypeCodec<EnumMap<?, ?>> {

    @Override
    public void write(WriteContext ctx, EnumMap<?, ?> value, TypeHint hint) {
        Class<?> type;
        if (!value.isEmpty()) {
            type = value.keySet().iterator().next().getDeclaringClass();
        } else if (TypeHint.argClass(hint, 0) != null && TypeHint.argClass(hint, 0).isEnum()) {
            type = TypeHint.argClass(hint, 0);
            requireKeysOf(value, type);
        } else {
            throw new UnsupportedTypeException("an empty EnumMap can be serialized only in a field that declares "
                    + "its key type, such as EnumMap<Color, V>");
        }
        ctx.resolver().writeType(ctx.out(), type, TypeHint.arg(hint, 0));
        if (ctx.carriesDefs()) {
            ctx.defs().writeEnum(ctx.out(), type);
        }
        int n = value.size();
        Object[] values = new Object[n];
        int[] ordinals = new int[n];
        int i = 0;
        for (Map.Entry<? extends Enum<?>, ?> e : value.entrySet()) {
            ordinals[i] = e.getKey().ordinal();
            values[i++] = e.getValue();
        }
        TypeHint valueHint = TypeHint.arg(hint, 1);
        int flags = Elements.flags(values, n, valueHint);
        ctx.out().writeVarULong((long) n << Elements.FLAG_BITS | flags);
        for (int o : ordinals) {
            ctx.out().writeVarUInt(o);
        }
        Elements.writeBody(ctx, values, n, flags, valueHint);
    }

    /**
     * Refuses an empty map whose key enum is not the slot's: an empty {@code EnumMap} shows its key
     * type only to a key it refuses, so a copy is offered a constant of the declared enum. (An enum
     * without constants offers none; such a map is written as one of the declared enum.)
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void requireKeysOf(EnumMap<?, ?> empty, Class<?> declared) {
        Enum<?>[] constants = CodecSupport.enumConstants(declared);
        if (constants.length == 0) {
            return;
        }
        try {
            new EnumMap(empty).put(constants[0], null);
        } catch (ClassCastException e) {
            throw new UnsupportedTypeException("an empty EnumMap whose key type is not " + declared.getName()
                    + ", the declared one (an unchecked cast or a raw type); it would be read back keyed by "
                    + declared.getSimpleName());
        }
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public EnumMap<?, ?> read(ReadContext ctx, TypeHint hint) {
        int at = ctx.in().position();
        Class type = ctx.resolver().readType(ctx.in(), TypeHint.arg(hint, 0));
        if (!type.isEnum()) {
            throw new MalformedInputException("EnumMap keyed by non-enum " + type.getName(), at);
        }
        // In the compatible format the ordinals are the writer's; see EnumSetCodec.
        Enum<?>[] local = CodecSupport.enumConstants(type);
        Enum<?>[] constants = ctx.carriesDefs() ? ctx.defs().readEnum(ctx.in(), type, local) : local;
        long header = Elements.readHeader(ctx, Elements.FLAG_BITS, 24, "EnumMap");
        int n = Elements.count(header, Elements.FLAG_BITS);
        if (n > constants.length) {
            throw new MalformedInputException("EnumMap of " + n + " entries keyed by " + type.getName()
                    + ", which has " + constants.length + " constants", at);
        }
        if (n == 0 && TypeHint.argClass(hint, 0) != type) {
            // A writer cannot learn an empty EnumMap's key type except from the declaration, so it never
            // writes one elsewhere; accepting it would decode a value that cannot be written again.
            throw new MalformedInputException("empty EnumMap outside a slot that declares its key type", at);
        }
        Enum<?>[] keys = new Enum<?>[n];
        for (int i = 0; i < n; i++) {
            int o = ctx.in().readVarUInt();
            if (o < 0 || o >= constants.length) {
                throw new MalformedInputException("bad ordinal " + o + " for " + type.getName(), ctx.in().position());
            }
            keys[i] = constants[o];
        }
        EnumMap map = new EnumMap(type);
        ctx.created(map);
        Object[] values = new Object[n];
        Elements.readBody(ctx, values, n, (int) header & 7, TypeHint.arg(hint, 1));
        for (int i = 0; i < n; i++) {
            if (keys[i] != null) {
                map.put(keys[i], values[i]);
            }
        }
        return map;
    }
}
