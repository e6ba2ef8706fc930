package dev.peregrine.codec;

import dev.peregrine.PeregrineException;

/** Small helpers shared by codecs. */
final class CodecSupport {
    private CodecSupport() {
    }

    /**
     * The class that names a value on the wire: an enum constant with a body is an anonymous
     * subclass of its enum, which is what gets written.
     *
     * @param c a value's runtime class
     * @return the class to tag it with
     */
    static Class<?> normalize(Class<?> c) {
        if (!c.isEnum()) {
            Class<?> sup = c.getSuperclass();
            if (sup != null && sup.isEnum()) {
                return sup;
            }
        }
        return c;
    }

    /** Number of bytes in a bitmap of {@code bits} bits. */
    static int bitmapBytes(int bits) {
        return (bits + 7) >>> 3;
    }

    /** Wraps a failure thrown by user code called during a read. */
    static PeregrineException userCodeFailed(String what, Throwable t, long offset) {
        Throwable cause = t instanceof java.lang.reflect.InvocationTargetException ite ? ite.getCause() : t;
        return new PeregrineException(what + " threw " + cause, offset, cause);
    }
}
