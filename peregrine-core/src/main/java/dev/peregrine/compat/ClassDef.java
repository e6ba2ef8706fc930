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
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A class's metadata as the compatible format carries it: for a class, its name and its fields in
 * the writer's layout order (name, optional {@link Tag}, kind, declared type as a
 * {@link HintParser} text, and whether the slot carries no type tag); for an enum, its name
 * and constant names in ordinal order. A reader needs nothing else to read, convert or skip every
 * field of an object written with it.
 *
 * <p>Encoded once as {@link #encoded()}: {@code varint(length) body}, body =
 * {@code kind name (fieldCount field* | constantCount constant*)}, field =
 * {@code varint(tag + 1 or 0) name kindByte [hintText exactByte]} (the last two for references only).
 * Two defs are the same version of a class exactly when their encodings are equal.
 */
public final class ClassDef {
    static final int OBJECT = 0;
    static final int ENUM = 1;

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
    private final String name;
    private final List<FieldDef> fields;
    private final List<String> constants;
    private final byte[] encoded;
    private final Key key;
    private final Class<?> local;
    private final int serial;
    private final int bitmapBits;

    private ClassDef(int kind, String name, List<FieldDef> fields, List<String> constants, Class<?> local,
                     int serial) {
        this.kind = kind;
        this.name = name;
        this.fields = fields;
        this.constants = constants;
        this.local = local;
        this.serial = serial;
        BufferWriter body = encodeBody();
        this.key = new Key(java.util.Arrays.copyOf(body.array(), body.size()));
        BufferWriter out = BufferWriter.growable(body.size() + 5);
        out.writeVarUInt(body.size());
        out.writeBytes(body.array(), 0, body.size());
        this.encoded = out.toByteArray();
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
        if (type.isEnum()) {
            List<String> names = new ArrayList<>();
            for (Object c : type.getEnumConstants()) {
                names.add(((Enum<?>) c).name());
            }
            return new ClassDef(ENUM, type.getName(), List.of(), List.copyOf(names), type, serial);
        }
        List<FieldDef> fs = new ArrayList<>();
        Set<Integer> tags = new HashSet<>();
        for (FieldModel f : TypeModel.of(type).fields()) {
            Tag tag = f.field().getAnnotation(Tag.class);
            int t = tag == null ? -1 : tag.value();
            if (tag != null && (t < 0 || !tags.add(t))) {
                throw new UnsupportedTypeException("field " + f.describe() + ": @Tag(" + t + ") is negative or "
                        + "used twice in " + type.getName());
            }
            String hint = f.kind() == FieldKind.REFERENCE ? HintParser.render(TypeHint.of(f.genericType()),
                    type.getPackageName()) : f.type().getName();
            fs.add(new FieldDef(f.name(), t, f.kind(), hint, ReferenceSlot.isKnown(f.type())));
        }
        return new ClassDef(OBJECT, type.getName(), List.copyOf(fs), List.of(), type, serial);
    }

    /**
     * Parses a def body.
     *
     * @param in  the body's bytes
     * @param at  payload offset of the def, for messages
     * @return the def, with no local class
     */
    static ClassDef parse(BufferReader in, int at) {
        int kind = in.readByte();
        String name = in.readString();
        int n = in.readVarUInt();
        if (n < 0 || n > in.remaining()) {
            throw new MalformedInputException("class definition of " + name + " declares " + Integer.toUnsignedString(n)
                    + " entries in " + in.remaining() + " bytes", at);
        }
        if (kind == ENUM) {
            List<String> names = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                names.add(in.readString());
            }
            return new ClassDef(ENUM, name, List.of(), List.copyOf(names), null, -1);
        }
        if (kind != OBJECT) {
            throw new MalformedInputException("class definition of unknown kind " + kind, at);
        }
        List<FieldDef> fs = new ArrayList<>(n);
        FieldKind[] kinds = FieldKind.values();
        for (int i = 0; i < n; i++) {
            int tag = in.readVarUInt() - 1;
            String field = in.readString();
            int k = in.readByte();
            if (k < 0 || k >= kinds.length) {
                throw new MalformedInputException("field " + name + "." + field + " has unknown kind " + k, at);
            }
            FieldKind fk = kinds[k];
            String hint = fk == FieldKind.REFERENCE ? in.readString() : fk.type().getName();
            boolean exact = fk != FieldKind.REFERENCE || in.readBoolean();
            fs.add(new FieldDef(field, tag, fk, hint, exact));
        }
        if (in.remaining() != 0) {
            throw new MalformedInputException("class definition of " + name + " has " + in.remaining()
                    + " bytes left over", at);
        }
        return new ClassDef(OBJECT, name, List.copyOf(fs), List.of(), null, -1);
    }

    private BufferWriter encodeBody() {
        BufferWriter body = BufferWriter.growable(32);
        body.writeByte(kind);
        body.writeString(name);
        if (kind == ENUM) {
            body.writeVarUInt(constants.size());
            for (String c : constants) {
                body.writeString(c);
            }
        } else {
            body.writeVarUInt(fields.size());
            for (FieldDef f : fields) {
                body.writeVarUInt(f.tag + 1);
                body.writeString(f.name);
                body.writeByte(f.kind.ordinal());
                if (f.kind == FieldKind.REFERENCE) {
                    body.writeString(f.hint);
                    body.writeBoolean(f.exact);
                }
            }
        }
        return body;
    }

    /** @return the body's bytes as a cache key */
    Key key() {
        return key;
    }

    /** @return {@code varint(length) body}, as written to a payload; not to be modified */
    byte[] encoded() {
        return encoded;
    }

    /** @return the class name the writer had */
    String name() {
        return name;
    }

    /** @return the package of the class the writer had, for reading its hint texts */
    String packageName() {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(0, dot);
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

    /** @return the index among one registry's local defs, or -1 */
    int serial() {
        return serial;
    }

    @Override
    public String toString() {
        return name + (kind == ENUM ? constants : fields);
    }

    /** Equality of encodings, for the cache of defs read from payloads. */
    record Key(byte[] bytes, int hash) {
        Key(byte[] bytes) {
            this(bytes, Arrays.hashCode(bytes));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
