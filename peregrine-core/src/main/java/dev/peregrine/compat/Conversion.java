package dev.peregrine.compat;

import dev.peregrine.SchemaMismatchException;
import dev.peregrine.codec.TypeHint;

import java.lang.invoke.MethodType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How a value written for one declared type becomes a value of a field declared with another, decided
 * once per pair of class versions. The rules, from {@code docs/EVOLUTION.md}: numbers widen without
 * loss ({@code byte -> short -> int -> long}, {@code char -> int}, integers and {@code float} to
 * {@code double}, {@code byte}/{@code short}/{@code char} to {@code float}); a primitive and its box
 * convert both ways, a null box reading as 0 or false; a value goes into any field whose type it is an
 * instance of, with the same type arguments; a collection or map goes into another collection or map
 * type with the same type arguments by copying. Anything else is a {@link SchemaMismatchException}
 * naming the field when the def is first read.
 */
@FunctionalInterface
interface Conversion {
    /** Leaves the value as read. */
    Conversion IDENTITY = v -> v;

    /** Numeric boxes from narrowest to widest. */
    List<Class<?>> WIDENING_ORDER = List.of(Byte.class, Short.class, Integer.class, Long.class, Float.class,
            Double.class);

    /**
     * @param value the value as read, boxed; may be null
     * @return the value for the field
     */
    Object apply(Object value);

    /**
     * Plans the conversion from a written field to a local one.
     *
     * @param field     {@code Class.field}, for the message
     * @param wire      the written declared type (primitives as their class)
     * @param local     the local declared type
     * @return the conversion
     * @throws SchemaMismatchException when no rule covers the change
     */
    static Conversion plan(String field, TypeHint wire, TypeHint local) {
        Class<?> w = wire == null ? Object.class : wire.raw();
        Class<?> l = local == null ? Object.class : local.raw();
        Class<?> wb = box(w);
        Class<?> lb = box(l);
        if (isScalar(wb) && isScalar(lb) && (wb == lb || widens(wb, lb))) {
            return scalar(lb, l.isPrimitive());
        }
        boolean sameArgs = Arrays.equals(args(wire), args(local));
        if (!l.isPrimitive() && lb.isAssignableFrom(wb) && sameArgs) {
            return IDENTITY;
        }
        if (sameArgs && Collection.class.isAssignableFrom(w) && Collection.class.isAssignableFrom(l)) {
            return v -> v == null ? null : copyCollection((Collection<?>) v, l);
        }
        if (sameArgs && Map.class.isAssignableFrom(w) && Map.class.isAssignableFrom(l)) {
            return v -> v == null ? null : copyMap((Map<?, ?>) v, l);
        }
        throw new SchemaMismatchException("field " + field + " was written as " + TypeHint.describe(wire)
                + " and is declared here as " + TypeHint.describe(local) + "; no conversion covers that change", -1);
    }

    private static TypeHint[] args(TypeHint h) {
        return h == null || h.raw().isArray() ? new TypeHint[0] : h.args();
    }

    private static Class<?> box(Class<?> c) {
        return c.isPrimitive() ? MethodType.methodType(c).wrap().returnType() : c;
    }

    private static boolean isScalar(Class<?> c) {
        return c == Boolean.class || c == Character.class || Number.class.isAssignableFrom(c)
                && c.getName().startsWith("java.lang.");
    }

    private static int rank(Class<?> c) {
        return WIDENING_ORDER.indexOf(c);
    }

    private static boolean widens(Class<?> from, Class<?> to) {
        if (from == Character.class) {
            return to == Integer.class || to == Long.class || to == Float.class || to == Double.class;
        }
        int f = rank(from);
        int t = rank(to);
        if (f < 0 || t < 0 || t <= f) {
            return false;
        }
        return !(from == Long.class && (to == Float.class || to == Double.class))
                && !(from == Integer.class && to == Float.class);
    }

    private static Conversion scalar(Class<?> to, boolean primitive) {
        Object zero = primitive ? zero(to) : null;
        return v -> {
            if (v == null) {
                return zero;
            }
            if (to == Boolean.class || v.getClass() == to) {
                return v;
            }
            long n = v instanceof Character c ? c : ((Number) v).longValue();
            if (to == Short.class) {
                return (short) n;
            } else if (to == Integer.class) {
                return (int) n;
            } else if (to == Long.class) {
                return n;
            } else if (to == Float.class) {
                return v instanceof Float f ? f : (float) n;
            } else if (to == Double.class) {
                return v instanceof Float || v instanceof Double ? ((Number) v).doubleValue() : (double) n;
            }
            return v;
        };
    }

    /**
     * @param box a box class
     * @return the zero value of its primitive
     */
    static Object zero(Class<?> box) {
        return switch (box.getSimpleName()) {
            case "Boolean" -> false;
            case "Character" -> (char) 0;
            case "Byte" -> (byte) 0;
            case "Short" -> (short) 0;
            case "Integer" -> 0;
            case "Long" -> 0L;
            case "Float" -> 0f;
            case "Double" -> 0d;
            default -> null;
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Collection<?> copyCollection(Collection<?> v, Class<?> to) {
        Collection c;
        if (!to.isInterface() && !java.lang.reflect.Modifier.isAbstract(to.getModifiers())) {
            c = (Collection) newInstance(to);
        } else if (SortedSet.class.isAssignableFrom(to)) {
            c = new TreeSet<>();
        } else if (Set.class.isAssignableFrom(to)) {
            c = new LinkedHashSet<>();
        } else if (Queue.class.isAssignableFrom(to) && !List.class.isAssignableFrom(to)) {
            c = new ArrayDeque<>();
        } else {
            c = new ArrayList<>();
        }
        c.addAll(v);
        return c;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Map<?, ?> copyMap(Map<?, ?> v, Class<?> to) {
        Map m;
        if (!to.isInterface() && !java.lang.reflect.Modifier.isAbstract(to.getModifiers())) {
            m = (Map) newInstance(to);
        } else if (SortedMap.class.isAssignableFrom(to)) {
            m = new TreeMap<>();
        } else {
            m = new LinkedHashMap<>();
        }
        m.putAll(v);
        return m;
    }

    private static Object newInstance(Class<?> c) {
        try {
            return c.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new SchemaMismatchException("cannot create a " + c.getName() + " to convert into: " + e, -1);
        }
    }
}
