package dev.peregrine.codegen;

import dev.peregrine.codec.EnumCodec;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.ReferenceSlot;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.codec.WriteContext;
import dev.peregrine.compat.ClassDef;
import dev.peregrine.compat.CompatibleCodec;
import dev.peregrine.registry.TypeRegistry;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.EnumSet;

/**
 * Bootstrap methods of the {@code invokedynamic} sites through which generated codecs write and read
 * reference fields. Each site is bound, the first time it runs, to {@code WriteContext.writeKnown}
 * (or {@code readKnown}) with the field type's codec and hint as constants, or to
 * the field's {@link ReferenceSlot} (which remembers the last tag) for polymorphic fields (the read
 * of a field declared {@code EnumSet<E>} to {@code readEnumSetField}, which takes a set of
 * {@code E} itself and hands anything else to the slot); a
 * {@code String} field goes straight to {@code writeString}/{@code readString}, the same bytes with
 * no codec between, and a field of a type whose values hold no other (a box, an enum, a primitive
 * array: {@code TypeCodec.isLeaf}) to {@code writeLeaf}/{@code readLeaf} (an enum in the compatible
 * format to {@code writeEnumWithDef}/{@code readEnumWithDef}), which check the depth without
 * updating it; a field declared as a list of one final class has loops of its generated codec's own
 * ({@link ListLoop}), whose element sites are linked here, and whose field site, for the lists
 * they decline, is written by {@code WriteContext.writeListField} with its element codec as a
 * constant and read by the slot; in the same-schema format a field declared as a map from one
 * final class to another is written by {@code writeMapField}, with its key and value codecs as
 * constants, and read by a loop of its generated codec's own ({@link MapLoop}), whose key and value
 * sites are linked here and whose field site, for the maps it declines, is the slot (the compatible
 * format writes such a field through the slot, and reads it so unless its keys and values are of
 * built-in classes, which carry no def: those it reads by the map loop).
 *
 * <p>Why a call site rather than a codec field: the codec is only known once every class it refers
 * to has a codec (classes may refer to each other in cycles), which is after the generated class is
 * defined; by the time a site first runs it is. A constant codec lets the JIT call its exact class
 * from the inlined {@code writeKnown}, so each field's nested call stays monomorphic instead of
 * sharing one megamorphic profile across all fields. In the compatible format a field of a user class
 * is bound to {@code writeKnownWithDef} with the class's same-schema codec as the constant, for the
 * same reason: the compatible wrapper's own call to it would be shared by every class. Public because generated classes live in user
 * packages.
 */
public final class SlotLinker {
    private static final MethodHandle WRITE_KNOWN;
    private static final MethodHandle WRITE_SLOT;
    private static final MethodHandle WRITE_LIST;
    private static final MethodHandle WRITE_MAP;
    private static final MethodHandle READ_KNOWN;
    private static final MethodHandle READ_SLOT;
    private static final MethodHandle WRITE_KNOWN_DEF;
    private static final MethodHandle READ_KNOWN_DEF;
    private static final MethodHandle WRITE_STRING;
    private static final MethodHandle READ_STRING;
    private static final MethodHandle WRITE_LEAF;
    private static final MethodHandle READ_LEAF;
    private static final MethodHandle READ_STRING_ENTERED;
    private static final MethodHandle WRITE_STRING_ENTERED;
    private static final MethodHandle WRITE_LEAF_ENTERED;
    private static final MethodHandle READ_LEAF_ENTERED;
    private static final MethodHandle WRITE_ENUM_DEF;
    private static final MethodHandle READ_ENUM_DEF;
    private static final MethodHandle READ_ENUM_SET;

    static {
        MethodHandles.Lookup l = MethodHandles.lookup();
        try {
            WRITE_KNOWN = l.findVirtual(WriteContext.class, "writeKnown",
                    MethodType.methodType(void.class, Object.class, TypeCodec.class, TypeHint.class));
            WRITE_KNOWN_DEF = l.findVirtual(WriteContext.class, "writeKnownWithDef", MethodType.methodType(void.class,
                    Object.class, TypeCodec.class, TypeHint.class, ClassDef.class));
            READ_KNOWN_DEF = l.findVirtual(ReadContext.class, "readKnownWithDef", MethodType.methodType(Object.class,
                    CompatibleCodec.class, TypeCodec.class, TypeHint.class));
            WRITE_LIST = l.findVirtual(WriteContext.class, "writeListField", MethodType.methodType(void.class,
                    Object.class, ReferenceSlot.class, TypeCodec.class, TypeHint.class, ClassDef.class));
            WRITE_MAP = l.findVirtual(WriteContext.class, "writeMapField", MethodType.methodType(void.class,
                    Object.class, ReferenceSlot.class, TypeCodec.class, TypeHint.class, TypeCodec.class,
                    TypeHint.class));
            WRITE_SLOT = l.findVirtual(ReferenceSlot.class, "write",
                    MethodType.methodType(void.class, WriteContext.class, Object.class));
            READ_KNOWN = l.findVirtual(ReadContext.class, "readKnown",
                    MethodType.methodType(Object.class, TypeCodec.class, TypeHint.class));
            READ_SLOT = l.findVirtual(ReferenceSlot.class, "read", MethodType.methodType(Object.class, ReadContext.class));
            WRITE_STRING = l.findVirtual(WriteContext.class, "writeString",
                    MethodType.methodType(void.class, Object.class));
            READ_STRING = l.findVirtual(ReadContext.class, "readString", MethodType.methodType(Object.class));
            WRITE_LEAF = l.findVirtual(WriteContext.class, "writeLeaf",
                    MethodType.methodType(void.class, Object.class, TypeCodec.class, TypeHint.class));
            READ_LEAF = l.findVirtual(ReadContext.class, "readLeaf",
                    MethodType.methodType(Object.class, TypeCodec.class, TypeHint.class));
            WRITE_STRING_ENTERED = l.findVirtual(WriteContext.class, "writeStringEntered",
                    MethodType.methodType(void.class, Object.class));
            WRITE_LEAF_ENTERED = l.findVirtual(WriteContext.class, "writeLeafEntered",
                    MethodType.methodType(void.class, Object.class, TypeCodec.class, TypeHint.class));
            READ_STRING_ENTERED = l.findVirtual(ReadContext.class, "readStringEntered",
                    MethodType.methodType(Object.class));
            READ_LEAF_ENTERED = l.findVirtual(ReadContext.class, "readLeafEntered",
                    MethodType.methodType(Object.class, TypeCodec.class, TypeHint.class));
            WRITE_ENUM_DEF = l.findVirtual(WriteContext.class, "writeEnumWithDef",
                    MethodType.methodType(void.class, Object.class, EnumCodec.class, ClassDef.class));
            READ_ENUM_DEF = l.findVirtual(ReadContext.class, "readEnumWithDef",
                    MethodType.methodType(Object.class, CompatibleCodec.class, EnumCodec.class, TypeHint.class));
            READ_ENUM_SET = l.findVirtual(ReadContext.class, "readEnumSetField", MethodType.methodType(Object.class,
                    ReferenceSlot.class, int.class, TypeCodec.class, Class.class, Enum[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private SlotLinker() {
    }

    /**
     * Links a site of type {@code (WriteContext, Object)void} that writes a non-null field value.
     *
     * @param caller the generated class
     * @param name   unused
     * @param type   the site's type
     * @param slot   class-data index of the field's {@link SlotSpec}
     * @return the bound site
     * @throws IllegalAccessException never, for a generated caller
     */
    public static CallSite write(MethodHandles.Lookup caller, String name, MethodType type, int slot)
            throws IllegalAccessException {
        SlotSpec s = MethodHandles.classDataAt(caller, "_", SlotSpec.class, slot);
        if (s.entered()) {
            return new ConstantCallSite(entered(s, WRITE_STRING_ENTERED, WRITE_LEAF_ENTERED, 2).asType(type));
        }
        if (s.declared() == String.class) {
            return new ConstantCallSite(WRITE_STRING.asType(type));
        }
        MethodHandle target = writeList(s);
        if (target == null) {
            target = writeMap(s);
        }
        if (target == null && !s.known()) {
            target = WRITE_SLOT.bindTo(s.slot());
        } else if (target == null) {
            target = writeKnown(bodyOr(s, s.codec()), s.hint());
        }
        return new ConstantCallSite(target.asType(type));
    }

    /**
     * Links the element site of a list field's loop ({@link ListLoop}), of type
     * {@code (WriteContext, Object)void}, to what {@code WriteContext.writeListField} does with an
     * element: a {@code String} by the string path, anything else as {@link #elementTarget} says.
     *
     * @param caller the generated class
     * @param name   unused
     * @param type   the site's type
     * @param slot   class-data index of the list field's {@link SlotSpec}
     * @return the bound site
     * @throws IllegalAccessException never, for a generated caller
     */
    public static CallSite writeElement(MethodHandles.Lookup caller, String name, MethodType type, int slot)
            throws IllegalAccessException {
        SlotSpec s = MethodHandles.classDataAt(caller, "_", SlotSpec.class, slot);
        if (s.slot().listElement().raw() == String.class) {
            return new ConstantCallSite(WRITE_STRING.asType(type));
        }
        return new ConstantCallSite(elementTarget(s, s.slot().listElement(), true, type));
    }

    /**
     * Links the element site of a list field's read loop ({@link ListLoop}), of type
     * {@code (ReadContext)Object}, to what the shared list read ({@code Elements.readAllOf}) does
     * with an element of a short list, as {@link #elementTarget} says.
     *
     * @param caller the generated class
     * @param name   unused
     * @param type   the site's type
     * @param slot   class-data index of the list field's {@link SlotSpec}
     * @return the bound site
     * @throws IllegalAccessException never, for a generated caller
     */
    public static CallSite readElement(MethodHandles.Lookup caller, String name, MethodType type, int slot)
            throws IllegalAccessException {
        SlotSpec s = MethodHandles.classDataAt(caller, "_", SlotSpec.class, slot);
        return new ConstantCallSite(elementTarget(s, s.slot().listElement(), false, type));
    }

    /**
     * Links the key or the value site of a map field's read loop ({@link MapLoop}), of type
     * {@code (ReadContext)Object}, to what the shared map read does with a key or a value, as
     * {@link #elementTarget} says.
     *
     * @param caller the generated class
     * @param name   unused
     * @param type   the site's type
     * @param slot   class-data index of the map field's {@link SlotSpec}
     * @param value  0 for the key site, 1 for the value site
     * @return the bound site
     * @throws IllegalAccessException never, for a generated caller
     */
    public static CallSite readEntry(MethodHandles.Lookup caller, String name, MethodType type, int slot, int value)
            throws IllegalAccessException {
        SlotSpec s = MethodHandles.classDataAt(caller, "_", SlotSpec.class, slot);
        TypeHint part = value == 0 ? s.slot().mapKey() : s.slot().mapValue();
        return new ConstantCallSite(elementTarget(s, part, false, type));
    }

    /**
     * What the shared list write (or read) does with one element of a short list, and the shared
     * map read with a key or a value:
     * {@code writeKnown} ({@code readKnown}) with the element class's codec and hint bound, or in
     * the compatible format {@code writeKnownWithDef} ({@code readKnownWithDef}) with its
     * same-schema codec and definition; for an element class with no codec, a target that throws
     * what the lookup threw, as the shared loop does when it meets such an element.
     */
    private static MethodHandle elementTarget(SlotSpec s, TypeHint element, boolean write, MethodType type) {
        MethodHandle target;
        try {
            TypeCodec<?> codec = bodyOr(s, element.codecIn(s.resolver()));
            if (codec instanceof CompatibleCodec c) {
                target = write ? MethodHandles.insertArguments(WRITE_KNOWN_DEF, 2, c.inner(), element, c.local())
                        : MethodHandles.insertArguments(READ_KNOWN_DEF, 1, c, c.inner(), element);
            } else {
                target = write ? MethodHandles.insertArguments(WRITE_KNOWN, 2, codec, element)
                        : MethodHandles.insertArguments(READ_KNOWN, 1, codec, element);
            }
        } catch (dev.peregrine.PeregrineException e) {
            MethodHandle thrower = MethodHandles.throwException(type.returnType(), e.getClass()).bindTo(e);
            return MethodHandles.dropArguments(thrower, 0, type.parameterList());
        }
        return target.asType(type);
    }

    /**
     * In a body codec's site, a preloaded class's body codec (an enum's same-schema codec) in place
     * of its compatible codec, to be bound as the same-schema format binds a codec: no def
     * reference is written or read there ({@link CodecFactory#bodyCodecFor}). Anything else as it
     * is, an unregistered class's compatible codec among them: its def is not in the preload, so
     * it is written where its first object sits ({@link TypeRegistry#preloadable}).
     */
    private static TypeCodec<?> bodyOr(SlotSpec s, TypeCodec<?> codec) {
        if (s.body() && codec instanceof CompatibleCodec c && s.resolver() instanceof TypeRegistry r
                && r.preloadable(c.localClass())) {
            return r.bodyCodecFor(c);
        }
        return codec;
    }

    /** The write of a field whose declared type admits one class, by that class's codec. */
    private static MethodHandle writeKnown(TypeCodec<?> codec, TypeHint hint) {
        if (codec.isLeaf()) {
            return MethodHandles.insertArguments(WRITE_LEAF, 2, codec, hint);
        }
        if (codec instanceof CompatibleCodec c) {
            return c.inner() instanceof EnumCodec e
                    ? MethodHandles.insertArguments(WRITE_ENUM_DEF, 2, e, c.local())
                    : MethodHandles.insertArguments(WRITE_KNOWN_DEF, 2, c.inner(), hint, c.local());
        }
        return MethodHandles.insertArguments(WRITE_KNOWN, 2, codec, hint);
    }

    /**
     * Links a site of type {@code (ReadContext)Object} that reads a present field value.
     *
     * @param caller the generated class
     * @param name   unused
     * @param type   the site's type
     * @param slot   class-data index of the field's {@link SlotSpec}
     * @return the bound site
     * @throws IllegalAccessException never, for a generated caller
     */
    public static CallSite read(MethodHandles.Lookup caller, String name, MethodType type, int slot)
            throws IllegalAccessException {
        SlotSpec s = MethodHandles.classDataAt(caller, "_", SlotSpec.class, slot);
        if (s.entered()) {
            return new ConstantCallSite(entered(s, READ_STRING_ENTERED, READ_LEAF_ENTERED, 1).asType(type));
        }
        if (s.declared() == String.class) {
            return new ConstantCallSite(READ_STRING.asType(type));
        }
        MethodHandle target = s.known() ? readKnown(bodyOr(s, s.codec()), s.hint()) : readTagged(s);
        return new ConstantCallSite(target.asType(type));
    }

    /**
     * The read of a field with a tag: by its slot, or, for a field declared {@code EnumSet<E>}
     * whose sets are written as a mask, by {@code readEnumSetField} with the set's tag and
     * {@code E}'s constants bound.
     */
    private static MethodHandle readTagged(SlotSpec s) {
        int tag = s.slot().enumSetTag();
        if (tag < 0) {
            return READ_SLOT.bindTo(s.slot());
        }
        Enum<?>[] constants = s.slot().enumSetConstants();
        return MethodHandles.insertArguments(READ_ENUM_SET, 1, s.slot(), tag, s.resolver().codecFor(EnumSet.class),
                constants[0].getDeclaringClass(), constants);
    }

    /**
     * The write or read of a leaf field whose checks its object's write or read makes
     * ({@code LeafFields}): a string straight to or from the buffer, anything else by its leaf
     * codec, bound with its hint from argument {@code at} on.
     */
    private static MethodHandle entered(SlotSpec s, MethodHandle string, MethodHandle leaf, int at) {
        if (s.declared() == String.class) {
            return string;
        }
        TypeCodec<?> codec = s.codec();
        if (!codec.isLeaf()) {
            throw new IllegalStateException("not a leaf codec: " + codec + " for " + s.declared().getName());
        }
        return MethodHandles.insertArguments(leaf, at, codec, s.hint());
    }

    /** The read of a field whose declared type admits one class, by that class's codec. */
    private static MethodHandle readKnown(TypeCodec<?> codec, TypeHint hint) {
        if (codec.isLeaf()) {
            return MethodHandles.insertArguments(READ_LEAF, 1, codec, hint);
        }
        if (codec instanceof CompatibleCodec c) {
            return c.inner() instanceof EnumCodec e
                    ? MethodHandles.insertArguments(READ_ENUM_DEF, 1, c, e, hint)
                    : MethodHandles.insertArguments(READ_KNOWN_DEF, 1, c, c.inner(), hint);
        }
        return MethodHandles.insertArguments(READ_KNOWN, 1, codec, hint);
    }

    /** {@code writeListField} bound to a list field's slot and element, or null for another field. */
    private static MethodHandle writeList(SlotSpec s) {
        TypeHint element = s.known() ? null : s.slot().listElement();
        TypeCodec<?> codec = element == null ? null : elementCodec(s, element);
        if (codec == null) {
            return null;
        }
        // Perf: in the compatible format the element's same-schema codec and definition are bound
        // as constants, as for a field of a user class (writeKnownWithDef).
        return MethodHandles.insertArguments(WRITE_LIST, 2, s.slot(), inner(codec), element, localDef(codec));
    }

    /** {@code writeMapField} bound to a map field's slot, key and value, or null for another field. */
    private static MethodHandle writeMap(SlotSpec s) {
        TypeCodec<?>[] codecs = mapCodecs(s);
        if (codecs == null) {
            return null;
        }
        // The same-schema format only (mapCodecs), so no class definitions go with the codecs.
        return MethodHandles.insertArguments(WRITE_MAP, 2, s.slot(), codecs[0], s.slot().mapKey(), codecs[1],
                s.slot().mapValue());
    }

    /**
     * The codecs of a map field's key and value classes; null without a {@code mapKey}, when either
     * has none, or in the compatible format unless both are a {@code String} or a box.
     *
     * Perf: in the compatible format the map path measured slower than the general one (compatible
     * ComplexObject serialize 143 -> 214 ns, min of 12 iterations, before the preload), where the
     * same-schema format gained a quarter; so fields whose keys or values carry definitions keep
     * the general path there. Keys and values that carry none write the same bytes in both
     * formats, and since the preload the map path is the faster for them too (DESIGN.md,
     * fiftieth round).
     */
    private static TypeCodec<?>[] mapCodecs(SlotSpec s) {
        if (s.resolver() instanceof TypeRegistry r && r.compatible() && !(s.slot().mapKey() != null
                && ClassDef.isStringOrBox(s.slot().mapKey().raw()) && ClassDef.isStringOrBox(s.slot().mapValue().raw()))) {
            return null;
        }
        TypeHint key = s.known() ? null : s.slot().mapKey();
        TypeCodec<?> keyCodec = key == null ? null : elementCodec(s, key);
        TypeCodec<?> valueCodec = keyCodec == null ? null : elementCodec(s, s.slot().mapValue());
        return valueCodec == null ? null : new TypeCodec<?>[] {keyCodec, valueCodec};
    }

    /** The same-schema codec inside a compatible one, or the codec itself. */
    private static TypeCodec<?> inner(TypeCodec<?> codec) {
        return codec instanceof CompatibleCodec c ? c.inner() : codec;
    }

    /** A compatible codec's local definition, or null. */
    private static ClassDef localDef(TypeCodec<?> codec) {
        return codec instanceof CompatibleCodec c ? c.local() : null;
    }

    /**
     * The codec of a list field's element class (or a map field's key or value class), or null when
     * it has none. The general path asks for it only when a list or map has an element, and reports
     * an unsupported class then, as a
     * {@code PeregrineException}; asked here, the failure would be a {@code BootstrapMethodError}
     * that stays with the call site, so such a field keeps the general path.
     */
    private static TypeCodec<?> elementCodec(SlotSpec s, TypeHint element) {
        try {
            return element.codecIn(s.resolver());
        } catch (dev.peregrine.PeregrineException e) {
            return null;
        }
    }
}
