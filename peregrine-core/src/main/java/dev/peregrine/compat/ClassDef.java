package dev.peregrine.compat;

import dev.peregrine.MalformedInputException;
import dev.peregrine.Tag;
import dev.peregrine.UnsupportedTypeException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.ReferenceSlot;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.type.FieldKind;
import dev.peregrine.type.FieldModel;
import dev.peregrine.type.TypeModel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A class's metadata as the compatible format carries it: for a class, its name and its fields in
 * the writer's layout order (name, optional {@link Tag}, kind, declared type as a
 * {@link HintParser} text, and whether the slot carries no type tag); for an enum, its name
 * and constant names in ordinal order. A reader needs nothing else to read, convert or skip every
 * field of an object written with it.
 *
 * <p>A def is its package name plus a body, encoded once as {@link #encoded()}:
 * {@code varint(length) body}, body = {@code kind name (fieldCount field* | constantCount constant*)}
 * with the class name without its package, field = {@code varint(head) [varint(tag)] name [hintText]}
 * (head = {@code kind | exact << 4 | tagged << 5}; the hint for references only), names as
 * {@link Identifiers}. The package travels beside the def, once per payload ({@link DefTable}).
 * Two defs are the same version of a class exactly when their packages and bodies are equal.
 * {@link #parseV2} reads the version 2 layout, which named the full class and gave every field
 * separate tag, kind and exact bytes.
 */
public final class ClassDef {
    static final int OBJECT = 0;
    static final int ENUM = 1;
    private static final int EXACT = 1 << 4;
    private static final int TAGGED = 1 << 5;
    /**
     * Longest package name the compatible format carries, in chars. A payload names a package once
     * and every def of it refers to the name, so a reader must not let one long name be multiplied
     * by the defs that share it; real package names are far shorter.
     */
    static final int MAX_PACKAGE_CHARS = 1024;
    /** The boxes: final classes whose values carry no def ({@link #holdsNoDef}). */
    private static final Set<Class<?>> NO_DEF_CLASSES = Set.of(Boolean.class, Byte.class, Short.class,
            Character.class, Integer.class, Long.class, Float.class, Double.class);

    /**
     * One field as written.
     *
     * @param name  field name
     * @param tag   its {@link Tag} value, or -1
     * @param kind  layout kind
     * @param hint  declared type text (for primitives, the primitive's name)
     * @param exact true when the writer wrote the value with no type tag
     */
    record FieldDef(String name, int tag, FieldKind kind, String hint, boolean exact) {
    }

    private final int kind;
    private final String packageName;
    private final String simpleName;
    private final List<FieldDef> fields;
    private final List<String> constants;
    private final byte[] encoded;
    private final byte[] encodedWithPackage;
    private final byte[] plain;
    private final byte[] plainWithPackage;
    private final Key key;
    private final Key plainKey;
    private final Class<?> local;
    private final int serial;
    /** {@link #bitOf} the serial. */
    private final long bit;
    private final int bitmapBits;
    private final boolean selfContained;

    private ClassDef(int kind, String packageName, String simpleName, List<FieldDef> fields, List<String> constants,
                     Class<?> local, int serial) {
        this(kind, packageName, simpleName, fields, constants, local, serial, false);
    }

    private ClassDef(int kind, String packageName, String simpleName, List<FieldDef> fields, List<String> constants,
                     Class<?> local, int serial, boolean selfContained) {
        this.kind = kind;
        this.selfContained = selfContained;
        // A parsed def keeps the reference its payload's package table holds (no copy per def);
        // local defs' names are interned, so that a writer compares packages by identity.
        this.packageName = local != null ? packageName.intern() : packageName;
        this.simpleName = simpleName;
        this.fields = fields;
        this.constants = constants;
        this.local = local;
        this.serial = serial;
        this.bit = bitOf(serial);
        BufferWriter body = encodeBody(simpleName, false);
        this.key = new Key(this.packageName, Arrays.copyOf(body.array(), body.size()));
        this.encoded = withLength(body);
        this.encodedWithPackage = local != null ? withPackage(packageName, encoded) : null;
        BufferWriter plainBody = local != null ? encodeBody(simpleName, true) : null;
        this.plainKey = plainBody != null ? new Key(this.packageName, Arrays.copyOf(plainBody.array(), plainBody.size()))
                : null;
        this.plain = plainBody != null ? withLength(plainBody) : null;
        this.plainWithPackage = plainBody != null ? withPackage(packageName, plain) : null;
        int bits = 0;
        for (FieldDef f : fields) {
            bits += f.kind.usesBitmap() ? 1 : 0;
        }
        this.bitmapBits = bits;
    }

    /**
     * The def of a class of this JVM.
     *
     * @param type   an enum or a class with a {@link TypeModel}
     * @param serial its index among the defs of one registry, for {@link DefTable}
     * @return the def
     * @throws UnsupportedTypeException when two fields share a tag
     */
    static ClassDef local(Class<?> type, int serial) {
        if (type.getPackageName().length() > MAX_PACKAGE_CHARS) {
            throw new UnsupportedTypeException("the compatible format carries package names of at most "
                    + MAX_PACKAGE_CHARS + " chars; " + type.getName() + " is in a longer one");
        }
        if (type.isEnum()) {
            List<String> names = new ArrayList<>();
            for (Object c : type.getEnumConstants()) {
                names.add(((Enum<?>) c).name());
            }
            return new ClassDef(ENUM, type.getPackageName(), simpleName(type), List.of(), List.copyOf(names), type,
                    serial);
        }
        List<FieldDef> fs = new ArrayList<>();
        Set<Integer> tags = new HashSet<>();
        Map<String, FieldModel> byName = new HashMap<>();
        boolean selfContained = true;
        for (FieldModel f : TypeModel.of(type).fields()) {
            selfContained &= holdsNoDef(f.type());
            Tag tag = f.field().getAnnotation(Tag.class);
            int t = tag == null ? -1 : tag.value();
            if (tag != null && (t < 0 || !tags.add(t))) {
                throw new UnsupportedTypeException("field " + f.describe() + ": @Tag(" + t + ") is negative or "
                        + "used twice in " + type.getName());
            }
            FieldModel namesake = byName.putIfAbsent(f.name(), f);
            if (namesake != null && (tag == null || namesake.field().getAnnotation(Tag.class) == null)) {
                throw new UnsupportedTypeException("fields " + namesake.describe() + " and " + f.describe()
                        + " share a name, and the compatible format matches untagged fields by name: rename "
                        + "one, or give both a @Tag");
            }
            String hint = f.kind() == FieldKind.REFERENCE ? HintParser.render(TypeHint.of(f.genericType()),
                    type.getPackageName()) : f.type().getName();
            fs.add(new FieldDef(f.name(), t, f.kind(), hint, ReferenceSlot.isKnown(f.type())));
        }
        return new ClassDef(OBJECT, type.getPackageName(), simpleName(type), List.copyOf(fs), List.of(), type, serial,
                selfContained);
    }

    /**
     * @return true when a field declared {@code type} holds values that never carry a def: a
     *         primitive, or one of the final classes {@code String}, a box, a primitive array
     */
    private static boolean holdsNoDef(Class<?> type) {
        return type.isPrimitive() || isStringOrBox(type)
                || type.isArray() && type.getComponentType().isPrimitive();
    }

    /**
     * @param type a class
     * @return true for {@code String} and the boxes: final classes whose values never carry a def
     */
    public static boolean isStringOrBox(Class<?> type) {
        return type == String.class || NO_DEF_CLASSES.contains(type);
    }

    private static byte[] withLength(BufferWriter body) {
        BufferWriter out = BufferWriter.growable(body.size() + 5);
        out.writeVarUInt(body.size());
        out.writeBytes(body.array(), 0, body.size());
        return out.toByteArray();
    }

    private static byte[] withPackage(String packageName, byte[] encoded) {
        BufferWriter out = BufferWriter.growable(packageName.length() + 5 + encoded.length);
        out.writeString(packageName);
        out.writeBytes(encoded, 0, encoded.length);
        return out.toByteArray();
    }

    /** @return the binary name without the package: {@code Outer$Inner} */
    private static String simpleName(Class<?> type) {
        String pkg = type.getPackageName();
        return pkg.isEmpty() ? type.getName() : type.getName().substring(pkg.length() + 1);
    }

    /**
     * Parses a def body of format version 3.
     *
     * @param in          the body's bytes
     * @param packageName the package the payload named beside the def
     * @param at          payload offset of the def, for messages
     * @return the def, with no local class
     */
    static ClassDef parse(BufferReader in, String packageName, int at) {
        int kind = in.readByte();
        String simpleName = Identifiers.read(in);
        int n = entryCount(in, simpleName, at);
        if (kind == ENUM) {
            List<String> names = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                names.add(Identifiers.read(in));
            }
            return finish(in, new ClassDef(ENUM, packageName, simpleName, List.of(), List.copyOf(names), null, -1), at);
        }
        requireObject(kind, at);
        List<FieldDef> fs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int head = in.readVarUInt();
            if (head < 0 || (head & ~(0xF | EXACT | TAGGED)) != 0) {
                throw new MalformedInputException("field " + (i + 1) + " of " + simpleName + " has a malformed head "
                        + Integer.toUnsignedString(head), at);
            }
            int tag = (head & TAGGED) != 0 ? in.readVarUInt() : -1;
            String field = Identifiers.read(in);
            FieldKind fk = kind(head & 0xF, simpleName, field, at);
            if (fk != FieldKind.REFERENCE && (head & EXACT) != 0 || (head & TAGGED) != 0 && tag < 0) {
                throw new MalformedInputException("field " + simpleName + "." + field + " has a malformed head", at);
            }
            String hint = fk == FieldKind.REFERENCE ? in.readString() : fk.type().getName();
            fs.add(new FieldDef(field, tag, fk, hint, fk != FieldKind.REFERENCE || (head & EXACT) != 0));
        }
        return finish(in, new ClassDef(OBJECT, packageName, simpleName, List.copyOf(fs), List.of(), null, -1), at);
    }

    /**
     * Parses a def body of format version 2, whose name is the full class name.
     *
     * @param in the body's bytes
     * @param at payload offset of the def, for messages
     * @return the def, with no local class
     */
    static ClassDef parseV2(BufferReader in, int at) {
        int kind = in.readByte();
        String name = in.readString();
        int dot = name.lastIndexOf('.');
        String packageName = dot < 0 ? "" : name.substring(0, dot);
        String simpleName = name.substring(dot + 1);
        int n = entryCount(in, name, at);
        if (kind == ENUM) {
            List<String> names = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                names.add(in.readString());
            }
            return finish(in, new ClassDef(ENUM, packageName, simpleName, List.of(), List.copyOf(names), null, -1), at);
        }
        requireObject(kind, at);
        List<FieldDef> fs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int tag = in.readVarUInt() - 1;
            String field = in.readString();
            FieldKind fk = kind(in.readByte(), name, field, at);
            String hint = fk == FieldKind.REFERENCE ? in.readString() : fk.type().getName();
            boolean exact = fk != FieldKind.REFERENCE || in.readBoolean();
            fs.add(new FieldDef(field, tag, fk, hint, exact));
        }
        return finish(in, new ClassDef(OBJECT, packageName, simpleName, List.copyOf(fs), List.of(), null, -1), at);
    }

    private static int entryCount(BufferReader in, String name, int at) {
        int n = in.readVarUInt();
        if (n < 0 || n > in.remaining()) {
            throw new MalformedInputException("class definition of " + name + " declares " + Integer.toUnsignedString(n)
                    + " entries in " + in.remaining() + " bytes", at);
        }
        return n;
    }

    private static void requireObject(int kind, int at) {
        if (kind != OBJECT) {
            throw new MalformedInputException("class definition of unknown kind " + kind, at);
        }
    }

    private static FieldKind kind(int k, String name, String field, int at) {
        FieldKind[] kinds = FieldKind.values();
        if (k < 0 || k >= kinds.length) {
            throw new MalformedInputException("field " + name + "." + field + " has unknown kind " + k, at);
        }
        return kinds[k];
    }

    private static ClassDef finish(BufferReader in, ClassDef def, int at) {
        if (in.remaining() != 0) {
            throw new MalformedInputException("class definition of " + def.simpleName + " has " + in.remaining()
                    + " bytes left over", at);
        }
        return def;
    }

    /**
     * Encodes the body: kind, name, then the fields or constants.
     *
     * @param plain true to write every name as a string ({@link Identifiers#write(BufferWriter, String, boolean)}), the form
     *              a compressed preload carries ({@link Preload})
     */
    private BufferWriter encodeBody(String simpleName, boolean plain) {
        BufferWriter body = BufferWriter.growable(32);
        body.writeByte(kind);
        Identifiers.write(body, simpleName, plain);
        if (kind == ENUM) {
            body.writeVarUInt(constants.size());
            for (String c : constants) {
                Identifiers.write(body, c, plain);
            }
        } else {
            body.writeVarUInt(fields.size());
            for (FieldDef f : fields) {
                boolean reference = f.kind == FieldKind.REFERENCE;
                body.writeVarUInt(f.kind.ordinal() | (reference && f.exact ? EXACT : 0) | (f.tag >= 0 ? TAGGED : 0));
                if (f.tag >= 0) {
                    body.writeVarUInt(f.tag);
                }
                Identifiers.write(body, f.name, plain);
                if (reference) {
                    body.writeString(f.hint);
                }
            }
        }
        return body;
    }

    /** @return the package and the body's bytes, as a cache key */
    Key key() {
        return key;
    }

    /**
     * @return for a local def, the package and the bytes of its body with every name as a string
     *         ({@link #encoded(boolean)}): the key under which a compressed preload's copy of it is
     *         found (null for a parsed def)
     */
    Key plainKey() {
        return plainKey;
    }

    /** @return {@code varint(length) body}, as written to a payload; not to be modified */
    byte[] encoded() {
        return encoded;
    }

    /**
     * @return for a local def, its package name as a string followed by {@link #encoded()}: what
     *         follows a package reference that names the package (null for a parsed def); not to
     *         be modified
     */
    byte[] encodedWithPackage() {
        return encodedWithPackage;
    }

    /**
     * @param plain true for the same def with every name written as a string, the form a
     *              compressed preload carries: six-bit codes would hide the names' repeats from
     *              the compressor (local defs only)
     * @return {@link #encoded()}, or that form of it; not to be modified
     */
    byte[] encoded(boolean plain) {
        return plain ? this.plain : encoded;
    }

    /**
     * @param plain as for {@link #encoded(boolean)}
     * @return {@link #encodedWithPackage()}, or its plain form; not to be modified
     */
    byte[] encodedWithPackage(boolean plain) {
        return plain ? plainWithPackage : encodedWithPackage;
    }

    /** @return the class name the writer had */
    String name() {
        // Built on each call, not kept: a parsed def shares its package name with the other defs of
        // its payload, and a copy per def would multiply a long name.
        return packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
    }

    /**
     * @param packageName a package name
     * @param simpleName  a class name within it (as {@link #name} has it after the package)
     * @return true when this def is of the class so named, compared without building its name
     */
    boolean isNamed(String packageName, String simpleName) {
        return this.simpleName.equals(simpleName) && this.packageName.equals(packageName);
    }

    /** @return the class name without its package */
    String simpleName() {
        return simpleName;
    }

    /** @return the package of the class the writer had, for reading its hint texts */
    String packageName() {
        return packageName;
    }

    /** @return true for an enum's def */
    boolean isEnum() {
        return kind == ENUM;
    }

    /** @return the fields in the writer's layout order */
    List<FieldDef> fields() {
        return fields;
    }

    /** @return an enum's constant names by ordinal */
    List<String> constants() {
        return constants;
    }

    /** @return bits in the writer's object bitmap */
    int bitmapBits() {
        return bitmapBits;
    }

    /** @return the class of this JVM the def was made from, or null for a def read from a payload */
    Class<?> local() {
        return local;
    }

    /**
     * @return true for the local def of a class each of whose fields is a primitive, a
     *         {@code String}, a box or a primitive array: an object of it, once its own def is
     *         carried, writes and reads nothing that consults a def table (false for any other
     *         def, parsed defs included)
     */
    boolean selfContained() {
        return selfContained;
    }

    /** @return the index among one registry's local defs, or -1 */
    int serial() {
        return serial;
    }

    /**
     * @return {@link #bitOf} this def's serial: its bit in a {@link DefTable}'s word of carried defs
     *         and in a {@link Preload#carriedBits}
     */
    public long bit() {
        return bit;
    }

    /**
     * @param serial a def's serial, or -1
     * @return the bit of a serial below 64 in one {@code long}, else 0 (a def whose carriage such
     *         a word cannot record)
     */
    static long bitOf(int serial) {
        return serial >= 0 && serial < Long.SIZE ? 1L << serial : 0;
    }

    @Override
    public String toString() {
        return name() + (kind == ENUM ? constants : fields);
    }

    /** Equality of packages and body encodings, for the cache of defs read from payloads. */
    record Key(String packageName, byte[] bytes, int hash) {
        Key(String packageName, byte[] bytes) {
            this(packageName, bytes, 31 * packageName.hashCode() + Arrays.hashCode(bytes));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes)
                    && k.packageName.equals(packageName);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
