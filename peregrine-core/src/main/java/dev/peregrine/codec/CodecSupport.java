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
        // Perf: two intrinsic getSuperclass calls instead of Class.isEnum. Only enum classes extend
        // Enum directly, so a superclass whose own superclass is Enum is the enum of a constant body.
        Class<?> sup = c.getSuperclass();
        return sup != null && sup != Object.class && sup.getSuperclass() == Enum.class ? sup : c;
    }

    /**
     * An enum's constants, shared: callers must not modify the array.
     *
     * Perf: {@code Class.getEnumConstants} copies the array on every call.
     */
    private static final ClassValue<Enum<?>[]> ENUM_CONSTANTS = new ClassValue<>() {
        @Override
        protected Enum<?>[] computeValue(Class<?> type) {
            return (Enum<?>[]) type.getEnumConstants();
        }
    };

    /**
     * @param type an enum class
     * @return its constants by ordinal; an array shared by all callers, not to be modified
     */
    static Enum<?>[] enumConstants(Class<?> type) {
        return ENUM_CONSTANTS.get(type);
    }

    /** Number of bytes in a bitmap of {@code bits} bits. */
    static int bitmapBytes(int bits) {
        return (bits + 7) >>> 3;
    }

    /**
     * The initial capacity a hash-based {@code HashMap} or {@code HashSet} needs to hold {@code n}
     * entries without growing, at the default load factor of 0.75.
     *
     * Perf: {@code new HashMap<>(n)} grows (rehashes) once before holding {@code n} entries, for
     * any {@code n} above 1: its threshold is three quarters of the capacity asked for.
     */
    static int hashCapacity(int n) {
        // Perf: ceil(n / 0.75) = n + ceil(n / 3), with a division by a constant (a multiplication)
        // where the floating-point form cost 5 % of reading a small object with a two-entry map.
        return n >= 1 << 30 ? Integer.MAX_VALUE : n + (n + 2) / 3;
    }

    /** Wraps a failure thrown by user code called during a read. */
    static PeregrineException userCodeFailed(String what, Throwable t, long offset) {
        Throwable cause = t instanceof java.lang.reflect.InvocationTargetException ite ? ite.getCause() : t;
        return new PeregrineException(what + " threw " + cause, offset, cause);
    }
}
