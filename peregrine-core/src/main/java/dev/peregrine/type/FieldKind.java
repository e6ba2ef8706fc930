package dev.peregrine.type;

/**
 * What a field holds, as far as layout is concerned. The order of the constants is the layout
 * order: booleans live in the object's bitmap, then fixed-width primitives, then variable-length
 * primitives, then references, so a backend can bound the size of each run of primitives at once.
 */
public enum FieldKind {
    /** {@code boolean}: one bit of the object's bitmap, no byte of its own. */
    BOOLEAN(boolean.class),
    /** {@code byte}. */
    BYTE(byte.class),
    /** {@code float}. */
    FLOAT(float.class),
    /** {@code double}. */
    DOUBLE(double.class),
    /** {@code short}. */
    SHORT(short.class),
    /** {@code char}. */
    CHAR(char.class),
    /** {@code int}. */
    INT(int.class),
    /** {@code long}. */
    LONG(long.class),
    /** Any reference type: nullable, one bit of the object's bitmap says whether it is present. */
    REFERENCE(Object.class);

    private final Class<?> type;

    FieldKind(Class<?> type) {
        this.type = type;
    }

    /** @return the primitive type of this kind; {@code Object} for {@code REFERENCE} */
    public Class<?> type() {
        return type;
    }

    /**
     * The kind of a declared field type.
     *
     * @param type the field's raw type
     * @return its kind
     */
    public static FieldKind of(Class<?> type) {
        if (type.isPrimitive()) {
            for (FieldKind k : values()) {
                if (k.type == type) {
                    return k;
                }
            }
        }
        return REFERENCE;
    }

    /** @return true when the field takes a bit of the object's bitmap */
    public boolean usesBitmap() {
        return this == BOOLEAN || this == REFERENCE;
    }
}
