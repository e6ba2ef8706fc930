package dev.peregrine.codec;

import java.lang.reflect.Modifier;
import java.lang.reflect.Type;

/**
 * A place that holds a non-null reference of a declared type: a field of a user class. When the
 * declared type admits only one class (a final class, an enum, an array of such), the value is
 * written without a tag by that class's codec; otherwise it carries a tag.
 */
public final class ReferenceSlot {
    private final Class<?> declared;
    private final TypeHint hint;
    private final boolean known;
    private final TypeResolver resolver;
    private TypeCodec<?> codec;

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
            c = resolver.codecFor(declared);
            codec = c;
        }
        return c;
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
            ctx.writeAny(value, hint);
        }
    }

    /**
     * Reads a non-null value.
     *
     * @param ctx the read
     * @return the value
     */
    public Object read(ReadContext ctx) {
        return known ? ctx.readKnown(codec(), hint) : ctx.readAny(hint);
    }
}
