package dev.peregrine.codegen;

import dev.peregrine.codec.Builtins;
import dev.peregrine.codec.LeafFields;
import dev.peregrine.codec.ReferenceSlot;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.codec.TypeResolver;
import dev.peregrine.registry.TypeRegistry;
import dev.peregrine.type.FieldKind;
import dev.peregrine.type.FieldModel;
import dev.peregrine.type.Instantiation;
import dev.peregrine.type.TypeModel;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * Everything the emitters need to know about one class, decided before any bytecode is written: how
 * each field and the constructor are reached, the constants passed as class data, and how fields
 * are grouped into methods: the write's small enough for the JIT to inline, the read's past that
 * size on purpose ({@link #READ_CHUNK_BUDGET}).
 *
 * <p>Two placements exist. A <em>nestmate</em> codec is defined in the user's package and nest, and
 * touches fields with {@code getfield}/{@code putfield}; a <em>hosted</em> codec is defined in
 * Peregrine's own package, for classes whose module Peregrine does not share, and reaches every
 * field through method handles. Either way, a field the nestmate cannot write (a final field, a
 * private field of a superclass outside the nest) gets a handle constant, which the JIT inlines
 * like a field instruction.
 */
final class ClassPlan {
    /** Estimated bytecode bytes per write chunk; keeps each under the JIT's 325-byte inlining limit. */
    private static final int CHUNK_BUDGET = 260;
    /**
     * Estimated bytecode bytes per read chunk: past C2's 325-byte limit for inlining a hot callee
     * (the estimate runs low: 340 to 363 actual bytes for Struct's), so that each chunk of a class
     * read in several compiles on its own, whole, and not so far past it that a chunk's own compile
     * reaches C2's node budget (Struct's did from about 25 fields of four kinds).
     *
     * <p>Perf: chunks small enough to inline were inlined into the caller's compile (the root's
     * {@code Codec.decode}, with everything before it) until that compile reached C2's node
     * budget, and the cut fell inside a chunk, where it left a call per float and double load
     * (DESIGN.md, fifty-second and fifty-third rounds): Struct decode 142 to 160 ns against 117 to
     * 127 with these, same-schema and compatible alike.
     */
    private static final int READ_CHUNK_BUDGET = 350;

    /** A run of fields emitted as one method; {@code word} is the bitmap word its bits live in, or -1. */
    record Chunk(int from, int to, int word) {
    }

    final Class<?> type;
    final TypeModel model;
    final boolean nested;
    /** Whether this is a body codec's plan ({@link CodecFactory#bodyCodecFor}). */
    final boolean body;
    final String className;
    /** Descriptor of the object as generated methods hold it. */
    final String objectDesc;
    final List<FieldAccess> fields = new ArrayList<>();
    final List<Object> classData = new ArrayList<>();
    final List<ReferenceSlot> slots = new ArrayList<>();
    /** The write's chunks. */
    final List<Chunk> chunks;
    /** The read's chunks (of a class built empty and filled; one built by its constructor reads in one method). */
    final List<Chunk> readChunks;
    final int constructorHandle;
    /** The leaf fields whose checks each object's read takes at once, or null. */
    final LeafFields leaves;

    private ClassPlan(TypeModel model, TypeResolver resolver, boolean nested, boolean body)
            throws IllegalAccessException {
        this.type = model.type();
        this.model = model;
        this.nested = nested;
        this.body = body;
        String simple = type.getName().substring(type.getName().lastIndexOf('.') + 1);
        String suffix = body ? "$PeregrineBodyCodec" : "$PeregrineCodec";
        this.className = nested
                ? type.getName().replace('.', '/') + suffix
                : "dev/peregrine/codegen/" + simple + suffix;
        this.objectDesc = nested ? org.objectweb.asm.Type.getDescriptor(type) : CodegenTypes.OBJECT.getDescriptor();
        this.leaves = LeafFields.of(model, resolver);
        boolean[] byConstructor = new boolean[model.fields().size()];
        for (int p : model.instantiation().parameterFields()) {
            byConstructor[p] = true;
        }
        for (int i = 0; i < byConstructor.length; i++) {
            fields.add(plan(model.fields().get(i), byConstructor[i], resolver));
        }
        this.constructorHandle = planConstructor(model.instantiation());
        this.chunks = chunk(fields, CHUNK_BUDGET);
        this.readChunks = chunk(fields, READ_CHUNK_BUDGET);
    }

    /**
     * Plans the codec of a class.
     *
     * @param model    the class's model
     * @param resolver where its reference slots find codecs
     * @param nested   whether the codec will be a nestmate of the class
     * @param body     whether it is a body codec ({@link CodecFactory#bodyCodecFor})
     * @return the plan
     * @throws IllegalAccessException when a handle cannot be made
     */
    static ClassPlan of(TypeModel model, TypeResolver resolver, boolean nested, boolean body)
            throws IllegalAccessException {
        return new ClassPlan(model, resolver, nested, body);
    }

    private FieldAccess plan(FieldModel f, boolean byConstructor, TypeResolver resolver) throws IllegalAccessException {
        Field field = f.field();
        boolean direct = nested && fieldReachable(field);
        Class<?> erased = f.type().isPrimitive() ? f.type() : Object.class;
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        int getter = direct ? FieldAccess.DIRECT
                : constant(lookup.unreflectGetter(field).asType(MethodType.methodType(erased, Object.class)));
        int setter;
        if (byConstructor) {
            setter = FieldAccess.BY_CONSTRUCTOR;
        } else if (direct && !Modifier.isFinal(field.getModifiers()) && typeReachable(f.type())) {
            setter = FieldAccess.DIRECT;
        } else {
            MethodHandle h = lookup.unreflectSetter(field);
            setter = constant(h.asType(MethodType.methodType(void.class, Object.class, erased)));
        }
        int slot = -1;
        int list = -1;
        int listTag = -1;
        int map = -1;
        int mapTag = -1;
        if (f.kind() == FieldKind.REFERENCE) {
            ReferenceSlot referenceSlot = new ReferenceSlot(f.type(), f.genericType(), resolver);
            slots.add(referenceSlot);
            slot = constant(SlotSpec.of(f.type(), f.genericType(), resolver, referenceSlot,
                    leaves != null && leaves.contains(f.bit()), body));
            TypeHint element = referenceSlot.listElement();
            if (element != null) {
                list = constant(referenceSlot);
                constant(element.raw());
                listTag = referenceSlot.oneByteTag(ArrayList.class);
            }
            // The compatible format writes maps by the general path (see SlotLinker.mapCodecs), and
            // reads by the map loop those whose keys and values carry no def.
            int tag = referenceSlot.mapKey() == null
                    || resolver instanceof TypeRegistry r && r.compatible() && !builtinEntries(referenceSlot) ? -1
                    : referenceSlot.oneByteTag(HashMap.class);
            if (tag >= 0) {
                map = constant(referenceSlot);
                mapTag = tag;
            }
        }
        return new FieldAccess(f, getter, setter, slot, list, listTag, map, mapTag);
    }

    /** @return whether a map slot's keys and values are of built-in classes, whose values carry no def */
    static boolean builtinEntries(ReferenceSlot slot) {
        return Builtins.codecOf(slot.mapKey().raw()) != null && Builtins.codecOf(slot.mapValue().raw()) != null;
    }

    private int planConstructor(Instantiation inst) throws IllegalAccessException {
        Constructor<?> c = inst.constructor();
        boolean direct = nested;
        for (Class<?> p : c.getParameterTypes()) {
            direct &= typeReachable(p);
        }
        if (direct) {
            return FieldAccess.DIRECT;
        }
        MethodHandle h = MethodHandles.lookup().unreflectConstructor(c);
        Class<?>[] erased = c.getParameterTypes().clone();
        for (int i = 0; i < erased.length; i++) {
            erased[i] = erased[i].isPrimitive() ? erased[i] : Object.class;
        }
        return constant(h.asType(MethodType.methodType(Object.class, erased)));
    }

    /** @return a rough upper bound of the bytecode size of all fields' reads in one method */
    int estimatedReadSize() {
        int size = 0;
        for (FieldAccess f : fields) {
            size += weight(f) + 8;
        }
        return size;
    }

    private int constant(Object value) {
        classData.add(value);
        return classData.size() - 1;
    }

    /** Whether a nestmate of {@link #type} may name this field in a field instruction. */
    private boolean fieldReachable(Field f) {
        Class<?> owner = f.getDeclaringClass();
        int mod = f.getModifiers();
        if (owner.getNestHost() == type.getNestHost()) {
            return true;
        }
        if (samePackage(owner) && !Modifier.isPrivate(mod)) {
            return true;
        }
        return Modifier.isPublic(mod) && typeReachable(owner);
    }

    /** Whether a nestmate of {@link #type} may name this class (in a cast or a descriptor it checks). */
    private boolean typeReachable(Class<?> c) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive() || samePackage(c)) {
            return true;
        }
        Module from = type.getModule();
        return Modifier.isPublic(c.getModifiers()) && from.canRead(c.getModule())
                && c.getModule().isExported(c.getPackageName(), from);
    }

    private boolean samePackage(Class<?> c) {
        return c.getClassLoader() == type.getClassLoader() && c.getPackageName().equals(type.getPackageName());
    }

    private static List<Chunk> chunk(List<FieldAccess> fields, int budget) {
        List<Chunk> chunks = new ArrayList<>();
        int from = 0;
        int weight = 0;
        int word = -1;
        for (int i = 0; i < fields.size(); i++) {
            FieldAccess f = fields.get(i);
            int w = weight(f);
            int fieldWord = f.model().bit() >= 0 ? f.model().bit() >>> 6 : -1;
            boolean otherWord = fieldWord >= 0 && word >= 0 && fieldWord != word;
            if (i > from && (weight + w > budget || otherWord)) {
                chunks.add(new Chunk(from, i, word));
                from = i;
                weight = 0;
                word = -1;
            }
            weight += w;
            if (fieldWord >= 0) {
                word = fieldWord;
            }
        }
        if (from < fields.size()) {
            chunks.add(new Chunk(from, fields.size(), word));
        }
        return chunks;
    }

    /**
     * Rough bytecode size of one field's write or read, whichever is larger: a primitive's unchecked
     * store takes 13 bytes, plus its run's 35 bytes of capacity check and position handling, spread.
     */
    private static int weight(FieldAccess f) {
        int handles = (f.getter() >= 0 ? 4 : 0) + (f.setter() >= 0 ? 4 : 0);
        return switch (f.kind()) {
            case BOOLEAN -> 14 + handles;
            case REFERENCE -> 30 + handles;
            default -> 15 + handles;
        };
    }
}
