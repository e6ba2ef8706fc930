package dev.peregrine.type;

/**
 * What a field holds, as far as layout is concerned. The order of the constants is the layout
 * order: booleans live in the object's bitmap, then fixed-width primitives, then variable-length
 * primitives, then references, so a backend can bound the size of each run of primitives at once.
 */
public enum FieldKind {
    /** {@code boolean}: one bit of the object's bitmap, no byte of its own. */
    BOOLEAN,
    /** {@code byte}. */
    BYTE,
    /** {@code float}. */
    FLOAT,
    /** {@code double}. */
    DOUBLE,
    /** {@code short}. */
    SHORT,
    /** {@code char}. */
    CHAR,
    /** {@code int}. */
    INT,
    /** {@code long}. */
    LONG,
    /** Any reference type: nullable, one bit of the object's bitmap says whether it is present. */
    REFERENCE;

    /**
     * The kind of a declared field type.
     *
     * @param type the field's raw type
     * @return its kind
     */
    public static FieldKind of(Class<?> type) {
        if (!type.isPrimitive()) {
            return REFERENCE;
        }
        if (type == boolean.class) {
            return BOOLEAN;
        } else if (type == byte.class) {
            return BYTE;
        } else if (type == float.class) {
            return FLOAT;
        } else if (type == double.class) {
            return DOUBLE;
        } else if (type == short.class) {
            return SHORT;
        } else if (type == char.class) {
            return CHAR;
        } else if (type == int.class) {
            return INT;
        }
        return LONG;
    }

    /** @return true when the field takes a bit of the object's bitmap */
    public boolean usesBitmap() {
        return this == BOOLEAN || this == REFERENCE;
    }
}
