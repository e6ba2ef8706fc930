package dev.peregrine.type;

import dev.peregrine.UnsupportedTypeException;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.AbstractCollection;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.AbstractQueue;
import java.util.AbstractSequentialList;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The serialized shape of a user class, built once per class and read by every backend.
 *
 * <p>Fields are the instance fields of the class and its superclasses, minus {@code static},
 * {@code transient} and synthetic ones, in a layout order that depends only on the fields themselves
 * (kind, then name, then superclass before subclass), never on the order reflection returns them in,
 * which the JDK does not specify. Booleans and references get a bit each in the object's bitmap.
 * This class knows nothing of bytes: how the layout is encoded belongs to the codecs.
 */
public final class TypeModel {
    private static final Comparator<FieldModel> LAYOUT_ORDER = Comparator
            .comparing(FieldModel::kind)
            .thenComparing(FieldModel::name)
            .thenComparing(FieldModel::depth, Comparator.reverseOrder());

    /**
     * JDK skeleton classes whose instance fields are all transient caches rebuilt on demand
     * ({@code modCount}, cached key and value views), so a user class extending one keeps its whole
     * state in its own fields. Any other JDK superclass with instance fields, transient or not, holds
     * state Peregrine cannot reach: a {@code HashSet} keeps its elements in a transient map, and a
     * subclass written field by field would come back empty.
     */
    private static final Set<Class<?>> CACHE_ONLY_JDK_BASES = Set.of(AbstractCollection.class,
            AbstractList.class, AbstractSequentialList.class, AbstractSet.class, AbstractQueue.class,
            AbstractMap.class);

    private final Class<?> type;
    private final List<FieldModel> fields;
    private final int bitmapBits;
    private final Instantiation instantiation;

    private TypeModel(Class<?> type, List<FieldModel> fields, int bitmapBits, Instantiation instantiation) {
        this.type = type;
        this.fields = fields;
        this.bitmapBits = bitmapBits;
        this.instantiation = instantiation;
    }

    /**
     * Builds the model of a class, or explains why the class cannot be serialized faithfully.
     *
     * @param type a concrete user class
     * @return its model
     * @throws UnsupportedTypeException when the class is abstract, a non-static inner class, a JDK
     *                                  class, has inaccessible fields or no usable constructor
     */
    public static TypeModel of(Class<?> type) {
        checkShape(type);
        List<FieldModel> unordered = new ArrayList<>();
        int depth = 0;
        for (Class<?> c = type; c != Object.class && c != Record.class; c = c.getSuperclass(), depth++) {
            boolean jdk = isJdkClass(c);
            for (Field f : c.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (Modifier.isStatic(mod) || f.isSynthetic()) {
                    continue;
                }
                if (jdk && !(Modifier.isTransient(mod) && CACHE_ONLY_JDK_BASES.contains(c))) {
                    throw new UnsupportedTypeException(type.getName() + " extends " + c.getName()
                            + ", whose fields Peregrine cannot reach; it has no built-in codec");
                }
                if (Modifier.isTransient(mod)) {
                    continue;
                }
                makeAccessible(f);
                unordered.add(new FieldModel(f, FieldKind.of(f.getType()), f.getGenericType(), -1, depth));
            }
        }
        unordered.sort(LAYOUT_ORDER);
        List<FieldModel> ordered = new ArrayList<>(unordered.size());
        int bits = 0;
        for (FieldModel f : unordered) {
            int bit = f.kind().usesBitmap() ? bits++ : -1;
            ordered.add(new FieldModel(f.field(), f.kind(), f.genericType(), bit, f.depth()));
        }
        List<FieldModel> fields = List.copyOf(ordered);
        return new TypeModel(type, fields, bits, Constructors.choose(type, fields));
    }

    private static void checkShape(Class<?> type) {
        String why = null;
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            why = "it is abstract";
        } else if (type.isArray() || type.isPrimitive() || type.isEnum()) {
            why = "it is not a plain class";
        } else if (DeniedClasses.isDenied(type.getName())) {
            why = "it belongs to a package Peregrine refuses as a known source of deserialization gadgets";
        } else if (isJdkClass(type)) {
            // before the shape checks below: advice such as "make it static" cannot apply to a JDK
            // class, for instance the inner class of a HashMap.keySet() view
            why = "it is a JDK class without a built-in codec";
        } else if (type.isHidden() || type.isAnonymousClass() || type.isLocalClass()
                || type.isSynthetic()) {
            why = "hidden, anonymous, local and synthetic classes (lambdas among them) have no stable name";
        } else if (type.isMemberClass() && !Modifier.isStatic(type.getModifiers())) {
            why = "it is a non-static inner class; make it static";
        }
        if (why != null) {
            throw new UnsupportedTypeException("cannot serialize " + type.getName() + ": " + why);
        }
    }

    /**
     * Whether a class belongs to the JDK, whose internals Peregrine never reads reflectively.
     *
     * @param c a class
     * @return true for classes of the platform's packages
     */
    public static boolean isJdkClass(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.")
                || n.startsWith("sun.") || n.startsWith("com.sun.");
    }

    static void makeAccessible(java.lang.reflect.AccessibleObject member) {
        try {
            member.setAccessible(true);
        } catch (InaccessibleObjectException | SecurityException e) {
            throw new UnsupportedTypeException("cannot access " + member + ": its module does not open "
                    + "the package to Peregrine", e);
        }
    }

    /** @return the class described */
    public Class<?> type() {
        return type;
    }

    /** @return the serialized fields in layout order */
    public List<FieldModel> fields() {
        return fields;
    }

    /** @return number of bits in the object's bitmap (booleans and references) */
    public int bitmapBits() {
        return bitmapBits;
    }

    /** @return how instances are created when reading */
    public Instantiation instantiation() {
        return instantiation;
    }

    /** Chooses the constructor a reader calls; kept apart from field collection for clarity. */
    private static final class Constructors {
        private Constructors() {
        }

        static Instantiation choose(Class<?> type, List<FieldModel> fields) {
            if (type.isRecord()) {
                return canonical(type, fields);
            }
            try {
                Constructor<?> noArg = type.getDeclaredConstructor();
                makeAccessible(noArg);
                return new Instantiation(noArg, new int[0]);
            } catch (NoSuchMethodException e) {
                // fall through to a constructor that takes fields
            }
            Constructor<?> best = null;
            int[] bestMap = null;
            for (Constructor<?> c : type.getDeclaredConstructors()) {
                int[] map = byNames(c, fields);
                if (map == null && !namesPresent(c)) {
                    // Only where names are unknown: a constructor whose names are known and differ
                    // from the fields', such as Temperature(double fahrenheit) for a field celsius,
                    // may well convert its arguments, and calling it would change the values read.
                    map = byDistinctTypes(c, fields);
                }
                if (map != null && (best == null || map.length > bestMap.length)) {
                    best = c;
                    bestMap = map;
                }
            }
            if (best == null) {
                throw new UnsupportedTypeException("cannot serialize " + type.getName() + ": it has no no-arg "
                        + "constructor, is not a record, and no constructor's parameters match its fields by "
                        + "name (compile with -parameters) or, where parameter names are not compiled in, by "
                        + "distinct types");
            }
            makeAccessible(best);
            return new Instantiation(best, bestMap);
        }

        private static Instantiation canonical(Class<?> type, List<FieldModel> fields) {
            RecordComponent[] components = type.getRecordComponents();
            Class<?>[] types = new Class<?>[components.length];
            int[] map = new int[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                map[i] = indexOf(fields, components[i].getName(), types[i]);
            }
            try {
                Constructor<?> c = type.getDeclaredConstructor(types);
                makeAccessible(c);
                return new Instantiation(c, map);
            } catch (NoSuchMethodException e) {
                throw new UnsupportedTypeException("record " + type.getName() + " has no canonical constructor", e);
            }
        }

        private static int indexOf(List<FieldModel> fields, String name, Class<?> type) {
            for (int i = 0; i < fields.size(); i++) {
                FieldModel f = fields.get(i);
                if (f.depth() == 0 && f.name().equals(name) && f.type() == type) {
                    return i;
                }
            }
            return -1;
        }

        private static boolean namesPresent(Constructor<?> c) {
            return c.getParameterCount() > 0 && c.getParameters()[0].isNamePresent();
        }

        private static int[] byNames(Constructor<?> c, List<FieldModel> fields) {
            var params = c.getParameters();
            if (!namesPresent(c)) {
                return null;
            }
            int[] map = new int[params.length];
            for (int i = 0; i < params.length; i++) {
                map[i] = indexOf(fields, params[i].getName(), params[i].getType());
                if (map[i] < 0) {
                    return null;
                }
            }
            return map;
        }

        private static int[] byDistinctTypes(Constructor<?> c, List<FieldModel> fields) {
            Class<?>[] params = c.getParameterTypes();
            if (params.length == 0 || Arrays.stream(params).distinct().count() != params.length) {
                return null;
            }
            int[] map = new int[params.length];
            for (int i = 0; i < params.length; i++) {
                int found = -1;
                for (int j = 0; j < fields.size(); j++) {
                    if (fields.get(j).depth() == 0 && fields.get(j).type() == params[i]) {
                        if (found >= 0) {
                            return null;
                        }
                        found = j;
                    }
                }
                if (found < 0) {
                    return null;
                }
                map[i] = found;
            }
            return map;
        }
    }
}
