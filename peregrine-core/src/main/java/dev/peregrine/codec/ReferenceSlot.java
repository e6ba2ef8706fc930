package dev.peregrine.codec;

import dev.peregrine.buffer.BufferWriter;

import java.lang.reflect.Modifier;
import java.lang.reflect.Type;

/**
 * A place that holds a non-null reference of a declared type: a field of a user class. When the
 * declared type admits only one class (a final class, an enum, an array of such), the value is
 * written without a tag by that class's codec; otherwise it carries a tag.
 *
 * <p>A slot with a tag remembers the last class it wrote (with that class's tag bytes and codec) and
 * the last one-byte tag it read (with its class's codec). A field usually holds one class, so the
 * registry's tag and codec lookups run once per slot rather than once per value. The tag of a class
 * in a given slot depends only on the registry and the slot's declared type, both fixed, so a
 * remembered tag is the tag the registry would write or resolve; only successful lookups are
 * remembered. Each memory is one immutable object in a plain field: a thread that sees a stale one
 * only misses. Likewise a slot of a list field remembers, in a plain field that only ever turns
 * true, that a list written through it had to be rewound ({@link #checksLists}).
 */
public final class ReferenceSlot {
    private final Class<?> declared;
    private final TypeHint hint;
    private final boolean known;
    private final TypeResolver resolver;
    private TypeCodec<?> codec;
    private WrittenTag lastWritten;
    private ReadTag lastRead;
    private boolean checksLists;
    /** {@link #listElementCodec}, once found; a race finds the same codec twice. */
    private TypeCodec<?> elementCodec;
    /** {@link #mapKeyCodec} and {@link #mapValueCodec}, once found. */
    private TypeCodec<?> keyCodec;
    private TypeCodec<?> valueCodec;

    /** A class as last written through a tagged slot: its tag bytes and the codec of its wire class. */
    record WrittenTag(Class<?> type, byte[] tag, TypeCodec<?> codec) {
    }

    /** A one-byte tag as last read through a tagged slot, and the codec of the class it named. */
    record ReadTag(int tag, TypeCodec<?> codec) {
    }

    /**
     * @param declared    the declared raw type
     * @param genericType the declared generic type
     * @param resolver    where to find codecs
     */
    public ReferenceSlot(Class<?> declared, Type genericType, TypeResolver resolver) {
        this.declared = declared;
        this.hint = TypeHint.of(genericType);
        this.known = isKnown(declared);
        this.resolver = resolver;
    }

    /** @return the declared type's hint */
    TypeHint hint() {
        return hint;
    }

    /** @return the resolver */
    TypeResolver resolver() {
        return resolver;
    }

    /** @return the class last written through this slot, or null */
    WrittenTag lastWritten() {
        return lastWritten;
    }

    void rememberWritten(WrittenTag t) {
        lastWritten = t;
    }

    /**
     * Whether lists written through this slot are checked before their header is written, rather
     * than written in one pass and rewound when an element is null or of another class (see
     * {@link WriteContext#writeListField}). Set by the first rewind and kept for the life of the
     * slot, so a field that once held such a list pays the check on every later list. A rewind
     * writes the list again, lists in its elements included; without this, each of those could
     * rewind again inside the rewrite, and a tree of lists that end in a null would cost twice as
     * much at each level. With it each list rewinds at most once. A thread that does not see the
     * flag yet may rewind once more itself; the bytes are the same either way.
     *
     * @return true once a list written here was rewound
     */
    boolean checksLists() {
        return checksLists;
    }

    /** Makes {@link #checksLists} true from now on. */
    void checkListsFromNowOn() {
        checksLists = true;
    }

    /** @return the one-byte tag last read through this slot, or null */
    ReadTag lastRead() {
        return lastRead;
    }

    void rememberRead(ReadTag t) {
        lastRead = t;
    }

    /**
     * The tag {@code type} takes in this slot (what the slot's resolver writes for it under the
     * field's declared type) when that is one byte, else -1.
     *
     * Perf: generated reads of a list (map) field bind the tag of {@code ArrayList} ({@code HashMap})
     * as a constant, so the common value's tag check is one compare, where the remembered tag was
     * three dependent loads (Car deserialize about 3 % faster). Writes keep the remembered tag: the
     * constant there cost Car serialize a tenth or more (DESIGN.md, twenty-third round).
     *
     * @param type a class of a built-in codec
     * @return the tag's byte, or -1
     */
    public int oneByteTag(Class<?> type) {
        BufferWriter w = BufferWriter.growable(8);
        resolver.writeType(w, type, hint);
        return w.position() == 1 ? w.array()[0] & 0xFF : -1;
    }

    /**
     * The constants of {@code E} when this slot is declared {@code EnumSet<E>} of an enum of 1 to 64
     * constants, whose sets the set codec writes as a mask of ordinals; else null. For the read of
     * such a field that {@link ReadContext#readEnumSetField} makes.
     *
     * @return the constants by ordinal, a copy of the caller's own; or null
     */
    public Enum<?>[] enumSetConstants() {
        Enum<?>[] constants = maskedEnumConstants();
        return constants == null ? null : constants.clone();
    }

    /** {@link #enumSetConstants}, the hint's own array. */
    private Enum<?>[] maskedEnumConstants() {
        TypeHint element = TypeHint.arg(hint, 0);
        if (declared != java.util.EnumSet.class || element == null || !element.raw().isEnum()) {
            return null;
        }
        Enum<?>[] constants = element.enumConstants();
        return constants.length == 0 || constants.length > 64 ? null : constants;
    }

    /**
     * The tag the sets of {@code E} take in this slot, when {@link #enumSetConstants} gives its
     * constants: the tag of their class ({@code EnumSet}'s implementation for an enum of up to 64
     * constants), not of the declared {@code EnumSet}.
     *
     * @return the one-byte tag, or -1 for another slot or a longer tag
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public int enumSetTag() {
        Enum<?>[] constants = maskedEnumConstants();
        if (constants == null) {
            return -1;
        }
        return oneByteTag(java.util.EnumSet.noneOf((Class) constants[0].getDeclaringClass()).getClass());
    }

    /**
     * Whether a declared type admits exactly one runtime class (or an enum's constant bodies).
     *
     * @param c a declared type
     * @return true when no tag is needed
     */
    public static boolean isKnown(Class<?> c) {
        if (c.isPrimitive() || c.isEnum()) {
            return true;
        }
        if (c.isArray()) {
            return isKnown(c.getComponentType());
        }
        return Modifier.isFinal(c.getModifiers()) && !c.isInterface();
    }

    /**
     * Resolves the codec of a known slot now, so that an unsupported field type is reported when its
     * class is first seen rather than when a value first fills it.
     */
    public void link() {
        if (known) {
            codec();
        }
    }

    private TypeCodec<?> codec() {
        TypeCodec<?> c = codec;
        if (c == null) {
            // Perf: a benign race; every thread resolves the same cached codec.
            c = resolver.codecFor(declared).untagged();
            codec = c;
        }
        return c;
    }

    /**
     * The element type of a field that may hold an {@code ArrayList} whose elements all have one
     * class, exactly: declared as {@code List<E>}, {@code Collection<E>} or another supertype of
     * {@code ArrayList}, with {@code E} a final class (not an enum, whose constants may have classes
     * of their own, nor an array). Such a field's lists are written and read by loops of its
     * generated codec's own ({@link WriteContext#openList}, {@link ReadContext#openList}).
     *
     * @return the element hint (the first type argument, as a collection's codec takes it), or null
     */
    public TypeHint listElement() {
        if (known || declared == Object.class || !declared.isAssignableFrom(java.util.ArrayList.class)) {
            return null;
        }
        return exact(TypeHint.arg(hint, 0));
    }

    /**
     * The codec of {@link #listElement}'s class, found once: for the lists a generated codec's
     * read loop hands back ({@link ReadContext#readListBody}), which its call site would otherwise
     * find per list.
     *
     * @return the codec
     */
    TypeCodec<?> listElementCodec() {
        TypeCodec<?> c = elementCodec;
        if (c == null) {
            c = listElement().codecIn(resolver);
            elementCodec = c;
        }
        return c;
    }

    /**
     * The key type of a field that may hold a {@code HashMap} whose keys all have one class and whose
     * values all have another, exactly: declared as {@code Map<K, V>}, {@code HashMap<K, V>} or
     * another supertype of {@code HashMap}, with {@code K} and {@code V} final classes (not enums nor
     * arrays, as for {@link #listElement}). In the same-schema format such a field's maps are
     * written by {@link WriteContext#writeMapField} and read by a loop of its generated codec's own
     * ({@link ReadContext#openMap}).
     *
     * @return the key hint (the first type argument, as a map's codec takes it), or null
     */
    public TypeHint mapKey() {
        return holdsMapOfExact() ? TypeHint.arg(hint, 0) : null;
    }

    /** @return the value hint of a field whose {@link #mapKey} is not null, else null */
    public TypeHint mapValue() {
        return holdsMapOfExact() ? TypeHint.arg(hint, 1) : null;
    }

    /**
     * The codec of {@link #mapKey}'s class, found once: for the maps a generated codec's read loop
     * hands back ({@link ReadContext#readMapBody}).
     *
     * @return the codec
     */
    TypeCodec<?> mapKeyCodec() {
        TypeCodec<?> c = keyCodec;
        if (c == null) {
            c = mapKey().codecIn(resolver);
            keyCodec = c;
        }
        return c;
    }

    /** @return the codec of {@link #mapValue}'s class, found once, as {@link #mapKeyCodec} */
    TypeCodec<?> mapValueCodec() {
        TypeCodec<?> c = valueCodec;
        if (c == null) {
            c = mapValue().codecIn(resolver);
            valueCodec = c;
        }
        return c;
    }

    private boolean holdsMapOfExact() {
        return !known && declared != Object.class && declared.isAssignableFrom(java.util.HashMap.class)
                && exact(TypeHint.arg(hint, 0)) != null && exact(TypeHint.arg(hint, 1)) != null;
    }

    /** The hint, when it names a final class whose values are all exactly of that class; else null. */
    private static TypeHint exact(TypeHint h) {
        if (h == null) {
            return null;
        }
        Class<?> e = h.raw();
        return Modifier.isFinal(e.getModifiers()) && !e.isEnum() && !e.isArray() ? h : null;
    }

    /**
     * Writes a non-null value.
     *
     * @param ctx   the write
     * @param value the value
     */
    public void write(WriteContext ctx, Object value) {
        if (known) {
            ctx.writeKnown(value, codec(), hint);
        } else {
            ctx.writeAny(value, this);
        }
    }

    /**
     * Writes a non-null value of a leaf field whose depth check {@link WriteContext#leavesWritten}
     * makes.
     *
     * @param ctx   the write
     * @param value the value
     */
    void writeEntered(WriteContext ctx, Object value) {
        ctx.writeLeafEntered(value, codec(), hint);
    }

    /**
     * Reads a non-null value.
     *
     * @param ctx the read
     * @return the value
     */
    public Object read(ReadContext ctx) {
        return known ? ctx.readKnown(codec(), hint) : ctx.readAny(this);
    }

    /**
     * Reads a non-null value of a leaf field whose checks {@link ReadContext#enterLeaves} took.
     *
     * @param ctx the read
     * @return the value
     */
    Object readEntered(ReadContext ctx) {
        return ctx.readLeafEntered(codec(), hint);
    }
}
