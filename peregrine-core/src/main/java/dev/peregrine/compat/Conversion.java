package dev.peregrine.compat;

import dev.peregrine.SchemaMismatchException;
import dev.peregrine.codec.TypeHint;

import java.lang.invoke.MethodType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
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
import java.util.function.Supplier;

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
            Supplier<Collection<Object>> empty = emptyCollection(field, l, local);
            boolean enums = EnumSet.class.isAssignableFrom(l);
            return copying(field, l, v -> {
                Collection<Object> c = empty.get();
                for (Object e : (Collection<?>) v) {
                    // a constant the reader's enum lacks reads as null, and is dropped from an EnumSet
                    if (e != null || !enums) {
                        c.add(e);
                    }
                }
                return c;
            });
        }
        if (sameArgs && Map.class.isAssignableFrom(w) && Map.class.isAssignableFrom(l)) {
            Supplier<Map<Object, Object>> empty = emptyMap(field, l, local);
            return copying(field, l, v -> {
                Map<Object, Object> m = empty.get();
                m.putAll((Map<?, ?>) v);
                return m;
            });
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

    /**
     * A conversion that copies a collection or map into the field's declared type: none when the
     * value already is of that type, and a copy the type cannot hold (a null in an
     * {@code ArrayDeque}, values a {@code TreeSet} cannot compare) is a mismatch naming the field.
     */
    private static Conversion copying(String field, Class<?> to, Conversion copy) {
        return v -> {
            if (v == null || to.isInstance(v)) {
                return v;
            }
            try {
                return copy.apply(v);
            } catch (RuntimeException e) {
                throw new SchemaMismatchException("field " + field + " is declared here as " + to.getName()
                        + ", which cannot hold the " + v.getClass().getName() + " written: " + e, -1);
            }
        };
    }

    /** How to make an empty collection of the declared type, decided when the conversion is planned. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Supplier<Collection<Object>> emptyCollection(String field, Class<?> to, TypeHint local) {
        if (EnumSet.class.isAssignableFrom(to)) {
            Class<? extends Enum> element = enumArgument(field, to, local);
            return () -> (Collection) EnumSet.noneOf(element);
        }
        if (!to.isInterface() && !java.lang.reflect.Modifier.isAbstract(to.getModifiers())) {
            java.lang.reflect.Constructor<?> make = noArgConstructor(field, to);
            return () -> (Collection<Object>) newInstance(make);
        } else if (SortedSet.class.isAssignableFrom(to)) {
            return TreeSet::new;
        } else if (Set.class.isAssignableFrom(to)) {
            return LinkedHashSet::new;
        } else if (Queue.class.isAssignableFrom(to) && !List.class.isAssignableFrom(to)) {
            return ArrayDeque::new;
        }
        return ArrayList::new;
    }

    /** How to make an empty map of the declared type, decided when the conversion is planned. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Supplier<Map<Object, Object>> emptyMap(String field, Class<?> to, TypeHint local) {
        if (EnumMap.class.isAssignableFrom(to)) {
            Class<? extends Enum> key = enumArgument(field, to, local);
            return () -> new EnumMap(key);
        }
        if (!to.isInterface() && !java.lang.reflect.Modifier.isAbstract(to.getModifiers())) {
            java.lang.reflect.Constructor<?> make = noArgConstructor(field, to);
            return () -> (Map<Object, Object>) newInstance(make);
        } else if (SortedMap.class.isAssignableFrom(to)) {
            return TreeMap::new;
        }
        return LinkedHashMap::new;
    }

    /** The enum an {@code EnumSet} or {@code EnumMap} field is declared over. */
    @SuppressWarnings("rawtypes")
    private static Class<? extends Enum> enumArgument(String field, Class<?> to, TypeHint local) {
        TypeHint[] args = args(local);
        if (args.length == 0 || args[0] == null || !args[0].raw().isEnum()) {
            throw new SchemaMismatchException("field " + field + " is declared here as " + to.getName()
                    + " without its enum type, so no value can be converted into it", -1);
        }
        return args[0].raw().asSubclass(Enum.class);
    }

    private static java.lang.reflect.Constructor<?> noArgConstructor(String field, Class<?> c) {
        try {
            return c.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new SchemaMismatchException("field " + field + " is declared here as " + c.getName()
                    + ", which has no public no-arg constructor to convert into", -1);
        }
    }

    private static Object newInstance(java.lang.reflect.Constructor<?> make) {
        try {
            return make.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create a " + make.getDeclaringClass().getName(), e);
        }
    }
}
