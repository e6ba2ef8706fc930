package dev.peregrine.codegen;

import dev.peregrine.codec.ReferenceSlot;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.codec.TypeResolver;

import java.lang.reflect.Type;

/**
 * What a generated codec's reference field needs to be linked by {@link SlotLinker}: its declared
 * type, its hint, and whether that type is known (written without a tag), decided exactly as
 * {@link ReferenceSlot} decides it.
 *
 * @param declared the field's declared raw type
 * @param hint     its declared generic type as a hint
 * @param known    whether the declared type admits one class only
 * @param resolver where the declared type's codec is found
 * @param slot     the field's slot, through which a field with a tag is written and read (it
 *                 remembers the last tag)
 */
record SlotSpec(Class<?> declared, TypeHint hint, boolean known, TypeResolver resolver, ReferenceSlot slot) {

    /**
     * The spec of a field.
     *
     * @param declared    its raw type
     * @param genericType its generic type
     * @param resolver    where codecs are found
     * @param slot        the field's slot
     * @return the spec
     */
    static SlotSpec of(Class<?> declared, Type genericType, TypeResolver resolver, ReferenceSlot slot) {
        return new SlotSpec(declared, TypeHint.of(genericType), ReferenceSlot.isKnown(declared), resolver, slot);
    }

    /** @return the codec of the declared type; only for known slots */
    TypeCodec<?> codec() {
        return resolver.codecFor(declared);
    }
}
