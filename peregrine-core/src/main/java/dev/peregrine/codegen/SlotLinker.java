package dev.peregrine.codegen;

import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.ReferenceSlot;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.codec.WriteContext;
import dev.peregrine.compat.ClassDef;
import dev.peregrine.compat.CompatibleCodec;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;

/**
 * Bootstrap methods of the {@code invokedynamic} sites through which generated codecs write and read
 * reference fields. Each site is bound, the first time it runs, to {@code WriteContext.writeKnown}
 * (or {@code readKnown}) with the field type's codec and hint as constants, or to
 * the field's {@link ReferenceSlot} (which remembers the last tag) for polymorphic fields; a
 * {@code String} field goes straight to {@code writeString}/{@code readString}, the same bytes with
 * no codec between; a field declared as a list of one final class is written and read by
 * {@code WriteContext.writeListField} and {@code ReadContext.readListField}, with its element codec
 * as a constant.
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
    private static final MethodHandle READ_LIST;
    private static final MethodHandle READ_KNOWN;
    private static final MethodHandle READ_SLOT;
    private static final MethodHandle WRITE_KNOWN_DEF;
    private static final MethodHandle READ_KNOWN_DEF;
    private static final MethodHandle WRITE_STRING;
    private static final MethodHandle READ_STRING;

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
            READ_LIST = l.findVirtual(ReadContext.class, "readListField", MethodType.methodType(Object.class,
                    ReferenceSlot.class, TypeCodec.class, TypeCodec.class, TypeHint.class, CompatibleCodec.class));
            WRITE_SLOT = l.findVirtual(ReferenceSlot.class, "write",
                    MethodType.methodType(void.class, WriteContext.class, Object.class));
            READ_KNOWN = l.findVirtual(ReadContext.class, "readKnown",
                    MethodType.methodType(Object.class, TypeCodec.class, TypeHint.class));
            READ_SLOT = l.findVirtual(ReferenceSlot.class, "read", MethodType.methodType(Object.class, ReadContext.class));
            WRITE_STRING = l.findVirtual(WriteContext.class, "writeString",
                    MethodType.methodType(void.class, Object.class));
            READ_STRING = l.findVirtual(ReadContext.class, "readString", MethodType.methodType(Object.class));
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
        if (s.declared() == String.class) {
            return new ConstantCallSite(WRITE_STRING.asType(type));
        }
        MethodHandle target;
        TypeHint element = s.known() ? null : s.slot().listElement();
        TypeCodec<?> elementCodec = element == null ? null : elementCodec(s, element);
        if (elementCodec != null) {
            // Perf: in the compatible format the element's same-schema codec and definition are
            // bound as constants, as for a field of a user class (writeKnownWithDef).
            target = elementCodec instanceof CompatibleCodec c
                    ? MethodHandles.insertArguments(WRITE_LIST, 2, s.slot(), c.inner(), element, c.local())
                    : MethodHandles.insertArguments(WRITE_LIST, 2, s.slot(), elementCodec, element, null);
        } else if (!s.known()) {
            target = WRITE_SLOT.bindTo(s.slot());
        } else if (s.codec() instanceof CompatibleCodec c) {
            target = MethodHandles.insertArguments(WRITE_KNOWN_DEF, 2, c.inner(), s.hint(), c.local());
        } else {
            target = MethodHandles.insertArguments(WRITE_KNOWN, 2, s.codec(), s.hint());
        }
        return new ConstantCallSite(target.asType(type));
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
        if (s.declared() == String.class) {
            return new ConstantCallSite(READ_STRING.asType(type));
        }
        MethodHandle target;
        TypeHint element = s.known() ? null : s.slot().listElement();
        TypeCodec<?> elementCodec = element == null ? null : elementCodec(s, element);
        if (elementCodec != null) {
            TypeCodec<?> list = s.resolver().codecFor(ArrayList.class);
            target = elementCodec instanceof CompatibleCodec c
                    ? MethodHandles.insertArguments(READ_LIST, 1, s.slot(), list, c.inner(), element, c)
                    : MethodHandles.insertArguments(READ_LIST, 1, s.slot(), list, elementCodec, element, null);
        } else if (!s.known()) {
            target = READ_SLOT.bindTo(s.slot());
        } else if (s.codec() instanceof CompatibleCodec c) {
            target = MethodHandles.insertArguments(READ_KNOWN_DEF, 1, c, c.inner(), s.hint());
        } else {
            target = MethodHandles.insertArguments(READ_KNOWN, 1, s.codec(), s.hint());
        }
        return new ConstantCallSite(target.asType(type));
    }

    /**
     * The codec of a list field's element class, or null when it has none. The general path asks
     * for it only when a list has an element, and reports an unsupported class then, as a
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
