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
 * @param entered  whether the field is one of its class's {@link dev.peregrine.codec.LeafFields},
 *                 whose checks the read of its object takes at once
 * @param body     whether the field belongs to a body codec ({@link CodecFactory#bodyCodecFor}), whose
 *                 untagged values of preloaded classes are written and read by their body codecs,
 *                 with no def reference
 */
record SlotSpec(Class<?> declared, TypeHint hint, boolean known, TypeResolver resolver, ReferenceSlot slot,
        boolean entered, boolean body) {

    /**
     * The spec of a field.
     *
     * @param declared    its raw type
     * @param genericType its generic type
     * @param resolver    where codecs are found
     * @param slot        the field's slot
     * @param entered     whether it is one of its class's leaf fields checked once per object
     * @param body        whether it belongs to a body codec
     * @return the spec
     */
    static SlotSpec of(Class<?> declared, Type genericType, TypeResolver resolver, ReferenceSlot slot,
            boolean entered, boolean body) {
        return new SlotSpec(declared, TypeHint.of(genericType), ReferenceSlot.isKnown(declared), resolver, slot,
                entered, body);
    }

    /** @return the codec of the declared type; only for known slots */
    TypeCodec<?> codec() {
        return resolver.codecFor(declared);
    }
}
