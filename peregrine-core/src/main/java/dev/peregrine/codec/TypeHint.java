package dev.peregrine.codec;

import dev.peregrine.UnsupportedTypeException;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The declared type of a slot (field, element, key or value) with its type arguments, so that a
 * {@code Map<String, List<Item>>} field tells its map codec the key type and its list codec the
 * element type. Writer and reader derive the same hint from the same declaration, which is what lets
 * the format omit a type tag where the declaration already names the type.
 *
 * <p>A hint also remembers the codec of its raw class in the last resolver that asked
 * ({@link #codecIn}), so that a container's elements of their declared type find their codec with
 * one comparison instead of a registry lookup per container written or read.
 */
public final class TypeHint {
    private static final TypeHint[] NONE = new TypeHint[0];

    private final Class<?> raw;
    private final TypeHint[] args;
    /** The writer's name of a class this reader does not have (raw is then a placeholder), else null. */
    private final String unresolved;
    /** The codec of {@code raw} in one resolver; immutable, replaced whole, so a benign race. */
    private Resolved resolved;

    private record Resolved(TypeResolver resolver, TypeCodec<?> codec, TypeCodec<?> untagged) {
    }
    /** The constants of {@code raw}, an enum, once asked for; immutable, so a benign race. */
    private EnumConstants enumConstants;

    private record EnumConstants(Enum<?>[] byOrdinal) {
    }

    /**
     * @param raw  the declared raw class
     * @param args hints for its type arguments, or for an array its component; null entries know nothing
     */
    public TypeHint(Class<?> raw, TypeHint[] args) {
        this(raw, args, null);
    }

    private TypeHint(Class<?> raw, TypeHint[] args, String unresolved) {
        this.raw = raw;
        this.args = args;
        this.unresolved = unresolved;
    }

    /**
     * A declared class the reader does not have, as a writer's class definition names it: in the
     * compatible format, a value of it is read only to be dropped.
     *
     * @param placeholder the raw class that stands for it
     * @param name        the writer's class name
     * @return the hint
     */
    public static TypeHint unresolved(Class<?> placeholder, String name) {
        return new TypeHint(placeholder, NONE, name);
    }

    /** @return the writer's name of the class this hint stands for, when the reader lacks it; else null */
    public String unresolvedName() {
        return unresolved;
    }

    /** @return the declared raw class */
    public Class<?> raw() {
        return raw;
    }

    /**
     * Refuses to write a value this slot cannot hold: only an unchecked cast or a raw type lets one
     * through (a {@code List<Item>} holding a {@code String}, an {@code EnumSet<A>} holding constants
     * of {@code B}), and every reader refuses its tag, so the writer refuses it first rather than
     * write bytes that cannot be read back.
     *
     * @param type the value's class (for an enum set or map, its enum)
     * @return the error to throw
     */
    public UnsupportedTypeException misplaced(Class<?> type) {
        return new UnsupportedTypeException("a value of class " + type.getName() + " where " + raw.getName()
                + " is declared (a generic field or element holding another type through an unchecked cast"
                + " or a raw type); its bytes could not be read back");
    }

    /** @return hints for its type arguments, or for an array its component */
    public TypeHint[] args() {
        return args;
    }

    /**
     * The codec of the raw class in a resolver.
     *
     * Perf: remembered for the last resolver, the only one in practice since each {@code Peregrine}
     * builds its own hints; another resolver's call replaces the memo and is still answered right.
     *
     * @param resolver the resolver
     * @return {@code resolver.codecFor(raw())}
     */
    public TypeCodec<?> codecIn(TypeResolver resolver) {
        return resolvedIn(resolver).codec;
    }

    /**
     * {@link #codecIn}'s {@link TypeCodec#untagged} form, for a run of elements of this declared
     * class; remembered with it, so a container pays no extra call for it.
     *
     * @param resolver the resolver
     * @return {@code resolver.codecFor(raw()).untagged()}
     */
    public TypeCodec<?> untaggedCodecIn(TypeResolver resolver) {
        return resolvedIn(resolver).untagged;
    }

    /**
     * The constants of the declared class, an enum, by ordinal; remembered, for the {@code EnumSet}s
     * written or read through a slot that declares them.
     *
     * @return an array shared by all callers, not to be modified
     */
    Enum<?>[] enumConstants() {
        EnumConstants c = enumConstants;
        if (c == null) {
            c = new EnumConstants(CodecSupport.enumConstants(raw));
            enumConstants = c;
        }
        return c.byOrdinal;
    }

    private Resolved resolvedIn(TypeResolver resolver) {
        Resolved r = resolved;
        if (r != null && r.resolver == resolver) {
            return r;
        }
        TypeCodec<?> codec = resolver.codecFor(raw);
        r = new Resolved(resolver, codec, codec.untagged());
        resolved = r;
        return r;
    }

    /**
     * Resolves a reflective type; type variables and wildcards become their bounds.
     *
     * @param type a field's generic type
     * @return its hint, or null when it says nothing beyond {@code Object}
     */
    public static TypeHint of(Type type) {
        return of(type, List.of());
    }

    /**
     * {@link #of(Type)} inside the bounds of {@code open}, the type variables being resolved: a
     * variable met again inside its own bound ({@code T extends Comparable<T>}, {@code E extends
     * Enum<E>}) stands for its bound's class with no arguments, where resolving it again would
     * never end.
     */
    private static TypeHint of(Type type, List<TypeVariable<?>> open) {
        if (type instanceof Class<?> c) {
            if (c == Object.class) {
                return null;
            }
            TypeHint[] args = c.isArray() ? new TypeHint[] {of(c.getComponentType(), open)} : NONE;
            return new TypeHint(c, args);
        }
        if (type instanceof ParameterizedType p) {
            Type[] actual = p.getActualTypeArguments();
            TypeHint[] args = new TypeHint[actual.length];
            for (int i = 0; i < actual.length; i++) {
                args[i] = of(actual[i], open);
            }
            return new TypeHint((Class<?>) p.getRawType(), args);
        }
        if (type instanceof WildcardType w) {
            return of(w.getUpperBounds()[0], open);
        }
        if (type instanceof TypeVariable<?> v) {
            if (open.contains(v)) {
                return of(erasure(v), open);
            }
            List<TypeVariable<?>> inner = new ArrayList<>(open);
            inner.add(v);
            return of(v.getBounds()[0], inner);
        }
        if (type instanceof GenericArrayType g) {
            TypeHint component = of(g.getGenericComponentType(), open);
            Class<?> componentRaw = component == null ? Object.class : component.raw();
            return new TypeHint(componentRaw.arrayType(), new TypeHint[] {component});
        }
        return null;
    }

    /** @return the class a type erases to: a variable's first bound's, as the compiler erases it */
    private static Class<?> erasure(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        if (type instanceof TypeVariable<?> v) {
            return erasure(v.getBounds()[0]);
        }
        if (type instanceof GenericArrayType g) {
            return erasure(g.getGenericComponentType()).arrayType();
        }
        return Object.class;
    }

    /**
     * A hint for a bare class.
     *
     * @param c the class
     * @return its hint, or null for {@code Object}
     */
    public static TypeHint of(Class<?> c) {
        return of((Type) c);
    }

    /**
     * The hint for one type argument.
     *
     * @param hint a hint, possibly null
     * @param i    argument index
     * @return the argument's hint, or null when unknown
     */
    public static TypeHint arg(TypeHint hint, int i) {
        return hint == null || i >= hint.args.length ? null : hint.args[i];
    }

    /**
     * The declared class of one type argument.
     *
     * @param hint a hint, possibly null
     * @param i    argument index
     * @return the argument's raw class, or null when unknown
     */
    public static Class<?> argClass(TypeHint hint, int i) {
        TypeHint a = arg(hint, i);
        return a == null ? null : a.raw;
    }

    /**
     * A canonical text of a hint: class names with type arguments, {@code []} for arrays and
     * {@code ?} for an unknown type, as in {@code java.util.Map<java.lang.String,com.a.Item[]>}.
     * Writer and reader compare these texts to tell whether a field's declared type changed.
     *
     * @param hint a hint, possibly null
     * @return its text
     */
    public static String describe(TypeHint hint) {
        return describe(hint, Class::getName);
    }

    /**
     * {@link #describe(TypeHint)} with classes other than arrays named by a function.
     *
     * @param hint a hint, possibly null
     * @param name the text of a class
     * @return its text
     */
    public static String describe(TypeHint hint, Function<Class<?>, String> name) {
        StringBuilder sb = new StringBuilder();
        describe(hint, name, sb);
        return sb.toString();
    }

    private static void describe(TypeHint hint, Function<Class<?>, String> name, StringBuilder sb) {
        if (hint == null) {
            sb.append('?');
        } else if (hint.raw.isArray()) {
            describe(arg(hint, 0), name, sb);
            sb.append("[]");
        } else {
            sb.append(name.apply(hint.raw));
            if (hint.args.length > 0) {
                sb.append('<');
                for (int i = 0; i < hint.args.length; i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    describe(hint.args[i], name, sb);
                }
                sb.append('>');
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TypeHint h && h.raw == raw && Arrays.equals(h.args, args);
    }

    @Override
    public int hashCode() {
        return raw.hashCode() * 31 + Arrays.hashCode(args);
    }

    @Override
    public String toString() {
        return args.length == 0 ? raw.getName() : raw.getName() + Arrays.toString(args);
    }
}
