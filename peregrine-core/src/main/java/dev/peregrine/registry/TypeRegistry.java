package dev.peregrine.registry;

import dev.peregrine.MalformedInputException;
import dev.peregrine.UnregisteredTypeException;
import dev.peregrine.UnsupportedTypeException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Builtins;
import dev.peregrine.codec.EnumCodec;
import dev.peregrine.codec.ObjectArrayCodec;
import dev.peregrine.codec.ObjectCodec;
import dev.peregrine.codec.ReferenceSlot;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.codec.TypeResolver;
import dev.peregrine.codec.Limits;
import dev.peregrine.codegen.CodecFactory;
import dev.peregrine.compat.CompatibleCodec;
import dev.peregrine.compat.DefRegistry;
import dev.peregrine.compat.Schemas;
import dev.peregrine.codegen.GeneratedCodec;
import dev.peregrine.type.TypeModel;

import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The classes one {@code Peregrine} instance knows, their type tags, and their codecs.
 *
 * <p>Registration is fixed when the instance is built; codecs are created on first use and cached
 * in this instance only (no global cache keyed by user classes), one per class even when many
 * threads meet a class at once. A class that is neither built in nor registered is written by name
 * only when registration is not required; otherwise meeting it is an {@link UnregisteredTypeException}.
 * A reader only resolves classes that are built in, registered, or the declared type of the slot
 * being read (which a registered class's own declaration implies).
 */
public final class TypeRegistry implements TypeResolver {
    private static final int MAX_ARRAY_DIMENSIONS = 255;

    private final Map<Class<?>, Integer> idByClass;
    private final Map<Integer, Class<?>> classById;
    private final boolean requireRegistration;
    private final ClassLoader loader;
    private final ConcurrentHashMap<Class<?>, TypeCodec<?>> codecs = new ConcurrentHashMap<>();
    /** Fingerprints of unregistered roots, which cover the registered classes as well. */
    private final ConcurrentHashMap<Class<?>, Integer> rootFingerprints = new ConcurrentHashMap<>();
    /** Fingerprints of classes written by name, which cover the class alone. */
    private final ConcurrentHashMap<Class<?>, Integer> namedFingerprints = new ConcurrentHashMap<>();
    private final DefRegistry defs;
    private final Schemas schemas;
    private volatile Integer fingerprint;
    /** The last root class asked about and its fingerprint; immutable, in a plain field (benign race). */
    private RootFingerprint lastRoot;

    private record RootFingerprint(Class<?> root, int fingerprint) {
    }

    /**
     * A registry for the same-schema format.
     *
     * @param idByClass           user ids of registered classes
     * @param requireRegistration whether unregistered classes are refused
     * @param loader              loader of classes named in payloads, when registration is not required
     */
    public TypeRegistry(Map<Class<?>, Integer> idByClass, boolean requireRegistration, ClassLoader loader) {
        this(idByClass, requireRegistration, loader, null);
    }

    /**
     * @param idByClass           user ids of registered classes
     * @param requireRegistration whether unregistered classes are refused
     * @param loader              loader of classes named in payloads, when registration is not required
     * @param compatible          limits for reading class defs in the compatible format, or null for the
     *                            same-schema format
     */
    public TypeRegistry(Map<Class<?>, Integer> idByClass, boolean requireRegistration, ClassLoader loader,
                        Limits compatible) {
        this.defs = compatible == null ? null : new DefRegistry(compatible);
        Map<String, Class<?>> byName = new HashMap<>();
        idByClass.keySet().forEach(c -> byName.put(c.getName(), c));
        this.idByClass = Map.copyOf(idByClass);
        Map<Integer, Class<?>> byId = new HashMap<>();
        idByClass.forEach((c, id) -> byId.put(id, c));
        this.classById = Map.copyOf(byId);
        this.schemas = new Schemas(this, byName, classById);
        this.requireRegistration = requireRegistration;
        this.loader = loader;
    }

    @Override
    public TypeCodec<?> codecFor(Class<?> type) {
        TypeCodec<?> codec = codecs.get(type);
        if (codec != null) {
            return codec;
        }
        codec = create(type);
        TypeCodec<?> raced = codecs.putIfAbsent(type, codec);
        if (raced != null) {
            return raced;
        }
        TypeCodec<?> inner = codec instanceof CompatibleCodec c ? c.inner() : codec;
        if (inner instanceof ObjectCodec || inner instanceof GeneratedCodec) {
            try {
                CodecFactory.link(inner);
            } catch (RuntimeException e) {
                codecs.remove(type, codec);
                throw e;
            }
        }
        return codec;
    }

    private TypeCodec<?> create(Class<?> type) {
        TypeCodec<?> codec = createSameSchema(type);
        if (defs != null && (type.isEnum() || codec instanceof ObjectCodec || codec instanceof GeneratedCodec)) {
            return new CompatibleCodec(codec, defs.local(type), schemas);
        }
        return codec;
    }

    private TypeCodec<?> createSameSchema(Class<?> type) {
        TypeCodec<?> builtin = Builtins.codecOf(type);
        if (builtin != null) {
            return builtin;
        }
        if (type.isArray()) {
            if (type.getComponentType().isPrimitive()) {
                throw new UnsupportedTypeException("no codec for " + type.getName());
            }
            return new ObjectArrayCodec(type);
        }
        if (type.isEnum()) {
            return new EnumCodec(type);
        }
        return CodecFactory.codecFor(TypeModel.of(type), this);
    }

    /**
     * The body codec of a class in the compatible format ({@link CodecFactory#bodyCodecFor}), made
     * once per class (threads meeting it at once wait for the one); the class's same-schema codec
     * inside {@code codec} when none is generated for it (an enum, a self-contained class, the
     * interpreter), which writes the same bytes.
     *
     * @param codec a class's compatible codec from this registry
     * @return its body codec, linked
     */
    public TypeCodec<?> bodyCodecFor(CompatibleCodec codec) {
        // Asked when a Codec is made and when a body codec's call site links, never per value.
        synchronized (codec) {
            TypeCodec<?> body = codec.body();
            if (body == null) {
                TypeCodec<?> inner = codec.inner();
                // A self-contained class's codec asks no def table: it is its own body codec.
                GeneratedCodec made = inner instanceof GeneratedCodec && !codec.selfContained()
                        ? CodecFactory.bodyCodecFor(TypeModel.of(codec.localClass()), this) : null;
                body = made != null ? made : inner;
                codec.useBody(body);
            }
            return body;
        }
    }

    /**
     * Whether a {@code Codec}'s preload carries the def of a class, and so whether its body codec
     * may stand in for its compatible codec after the preload: a registered class whose objects sit
     * in untagged positions (final, a record or an enum) and that has a compatible codec. An
     * unregistered one (allowed in untagged positions) has its def written where its first object
     * sits, as in format 4, which only its compatible codec does.
     *
     * @param type a class
     * @return whether the class's def is preloaded wherever the class sits untagged
     */
    public boolean preloadable(Class<?> type) {
        return compatible() && idOf(type) != null && ReferenceSlot.isKnown(type)
                && codecFor(type) instanceof CompatibleCodec;
    }

    /** @return true when this registry serves the compatible format */
    public boolean compatible() {
        return defs != null;
    }

    /** @return the defs of the compatible format, or null */
    public DefRegistry defs() {
        return defs;
    }

    /**
     * The schema fingerprint a same-schema payload carries before a root of the given class: it covers
     * the registered classes and every class they declare, plus the root's class when that is not
     * registered. Computed once per class.
     *
     * @param root the root's class, or null
     * @return the fingerprint
     */
    public int fingerprint(Class<?> root) {
        // Perf: a payload's root is usually the last one's, so one comparison replaces the lookups.
        RootFingerprint last = lastRoot;
        if (last != null && last.root == root) {
            return last.fingerprint;
        }
        int f = computeFingerprint(root);
        lastRoot = new RootFingerprint(root, f);
        return f;
    }

    private int computeFingerprint(Class<?> root) {
        if (root == null || idByClass.containsKey(root) || root.isPrimitive() || Builtins.tagOf(root) >= 0) {
            Integer f = fingerprint;
            if (f == null) {
                f = SchemaFingerprint.of(idByClass, null);
                fingerprint = f;
            }
            return f;
        }
        return rootFingerprints.computeIfAbsent(root, c -> SchemaFingerprint.of(idByClass, c));
    }

    /**
     * The user id of a registered class.
     *
     * @param type a class
     * @return its id, or null when it is not registered
     */
    public Integer idOf(Class<?> type) {
        return idByClass.get(type);
    }

    @Override
    public void writeType(BufferWriter out, Class<?> type, TypeHint declared) {
        if (declared != null && declared.raw() == type) {
            out.writeVarUInt(Builtins.DECLARED);
            return;
        }
        // The reader's check (typeOfTag), made before the tag is written rather than after.
        if (declared != null && !declared.raw().isAssignableFrom(type)) {
            throw declared.misplaced(type);
        }
        int tag = Builtins.tagOf(type);
        if (tag >= 0) {
            out.writeVarUInt(tag);
            return;
        }
        Integer id = idByClass.get(type);
        if (id != null) {
            out.writeVarUInt(Builtins.USER_BASE + id);
            return;
        }
        if (type.isArray()) {
            out.writeVarUInt(Builtins.OBJECT_ARRAY);
            writeType(out, type.getComponentType(), TypeHint.arg(declared, 0));
            return;
        }
        codecFor(type);
        if (requireRegistration) {
            throw new UnregisteredTypeException("class " + type.getName() + " is not registered; register it with "
                    + "Peregrine.builder().register(" + type.getSimpleName() + ".class)", -1);
        }
        out.writeVarUInt(Builtins.NAMED);
        out.writeString(type.getName());
        if (defs == null) {
            out.writeIntLE(namedFingerprint(type));
        }
    }

    private int namedFingerprint(Class<?> type) {
        return namedFingerprints.computeIfAbsent(type, c -> SchemaFingerprint.of(Map.of(), c));
    }

    /**
     * Reads the root's tag.
     *
     * @param in the input, just past the header
     * @return the root's class, or null for a null root
     */
    public Class<?> readRootType(BufferReader in) {
        int at = in.position();
        int tag = in.readVarUInt();
        return tag == Builtins.NULL ? null : typeOfTag(tag, in, null, at);
    }

    @Override
    public Class<?> readType(BufferReader in, TypeHint declared) {
        int at = in.position();
        return typeOfTag(in.readVarUInt(), in, declared, at);
    }

    private Class<?> typeOfTag(int tag, BufferReader in, TypeHint declared, int at) {
        int dims = 0;
        TypeHint slot = declared;
        while (tag == Builtins.OBJECT_ARRAY) {
            if (++dims > MAX_ARRAY_DIMENSIONS) {
                throw new MalformedInputException("array type of more than 255 dimensions", at);
            }
            slot = TypeHint.arg(slot, 0);
            tag = in.readVarUInt();
        }
        Class<?> type = resolve(tag, slot, in, at);
        for (int i = 0; i < dims; i++) {
            type = type.arrayType();
        }
        if (declared != null && !declared.raw().isAssignableFrom(type)) {
            throw new MalformedInputException("payload names " + type.getName() + " where "
                    + declared.raw().getName() + " is declared", at);
        }
        return type;
    }

    private Class<?> resolve(int tag, TypeHint slot, BufferReader in, int at) {
        if (tag == Builtins.DECLARED) {
            if (slot == null || !concrete(slot.raw())) {
                throw new MalformedInputException("tag names the declared type, but the slot declares no "
                        + "concrete type", at);
            }
            return slot.raw();
        }
        if (tag == Builtins.NAMED) {
            return byName(in, at);
        }
        if (tag >= 0 && tag < Builtins.USER_BASE) {
            Class<?> c = Builtins.classOf(tag);
            if (c == null) {
                throw new MalformedInputException("unknown type tag " + tag, at);
            }
            return c;
        }
        Class<?> c = classById.get(tag - Builtins.USER_BASE);
        if (c == null) {
            throw new UnregisteredTypeException("type id " + Integer.toUnsignedLong(tag - Builtins.USER_BASE)
                    + " is not registered", at);
        }
        return c;
    }

    /**
     * Whether a slot or a payload may name a class as the class of a value: not an interface, and not
     * abstract unless an array or an enum (an enum whose constants have bodies is abstract; its
     * values and the sets of them are written under the enum's name).
     */
    private static boolean concrete(Class<?> c) {
        return !c.isInterface() && (!Modifier.isAbstract(c.getModifiers()) || c.isArray() || c.isEnum());
    }

    /** Whether a class is that of an enum constant's body, which no writer names (its enum's name stands). */
    private static boolean constantBody(Class<?> c) {
        Class<?> parent = c.getSuperclass();
        return parent != null && parent.isEnum();
    }

    private Class<?> byName(BufferReader in, int at) {
        String name = in.readString();
        if (requireRegistration) {
            throw new UnregisteredTypeException("payload names class " + name + " but registration is required", at);
        }
        if (dev.peregrine.type.DeniedClasses.isDenied(name)) {
            throw new UnregisteredTypeException("payload names class " + name + ", which is on the deny list", at);
        }
        try {
            Class<?> c = Class.forName(name, false, loader);
            if (c.isPrimitive() || !concrete(c) || constantBody(c)) {
                throw new MalformedInputException("payload names non-concrete class " + name, at);
            }
            if (defs == null && in.readIntLE() != namedFingerprint(c)) {
                throw new dev.peregrine.SchemaMismatchException("class " + name + " was written by a different "
                        + "version of it (schema fingerprints differ); read it in the compatible format", at);
            }
            return c;
        } catch (ClassNotFoundException | LinkageError e) {
            throw new UnregisteredTypeException("payload names class " + name + ", which cannot be loaded", at);
        }
    }
}
