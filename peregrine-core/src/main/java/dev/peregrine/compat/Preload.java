package dev.peregrine.compat;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.type.FieldModel;
import dev.peregrine.type.TypeModel;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The defs a {@code Codec}'s payload carries before its root: the root's def, then the defs of the
 * classes its objects can hold in untagged positions (fields of a final class, a record or an
 * enum, and such classes as array components or type arguments of collections and maps), and
 * theirs in turn. Format version 6 lays them out right after the header, behind a token: the
 * bytes {@code 00 06}, the first eight bytes of SHA-256 over the defs ({@code varint(k)}, then k
 * times a package reference and a def), the defs' length and the defs, then the root's def
 * reference {@code 00}. So the body writes no def reference in an untagged position, and a reader
 * whose own preload has the same token and length takes the defs as its own without reading them.
 * Version 8 may compress them: {@code 00 08}, the token over the defs with their names as strings
 * ({@link ClassDef#encoded(boolean)}), their length, the compressed length and the compressed
 * defs ({@link PreloadCompression}), when that is at least {@link #MIN_SAVING} bytes shorter.
 *
 * <p>Why: a payload of several classes (Car, eight) otherwise defines each where its first object
 * sits, one table lookup, package lookup and copy per def on the writer, one comparison and one
 * record per def on the reader. Known before the first payload, they are one precomputed run of
 * bytes, written with one copy ({@link DefTable#carriedFirst}) and recognised by the token
 * ({@link DefTable#readFirst}): 12 to 16 bytes compared where the fixtures' defs take 86
 * bytes (DeepObject) to 557 (Struct). Version 5 had the same defs with no token and was recognised by comparing them all.
 *
 * <p>A def preloaded for a class whose objects do not appear (a null field) costs its bytes and
 * nothing else; a class met that is not preloaded (a subclass in a field of a non-final class) is
 * defined where it first sits, as in version 4.
 */
public final class Preload {
    /**
     * The format version of a payload with a preload: version 4's layout with the defs after its
     * header behind a token, and its values in prefix varints. Its header byte holds version 5's
     * code: an empty version 5 preload followed by {@link #TOKEN_MARK} says version 7, by
     * {@link #LEB128_TOKEN_MARK} version 6, which held its values in LEB128 (see {@link DefTable#readStart}).
     */
    static final int VERSION = 7;
    /** The previous format with a token, still read: version 7 with LEB128 values. */
    static final int VERSION_6 = 6;
    /** The format version whose code the header byte of a {@link #VERSION} payload holds. */
    static final int HEADER_VERSION = 5;
    /**
     * What follows an empty preload count in a version 7 payload. A version 5 or 6 reader takes it
     * for the root's def reference, 7 where no def has come, and refuses the payload as malformed.
     */
    static final int TOKEN_MARK = 7;
    /** What follows an empty preload count in a version 6 payload. */
    static final int LEB128_TOKEN_MARK = 6;
    /**
     * What follows an empty preload count in a version 8 payload, whose defs are compressed
     * ({@link PreloadCompression}); everything else in it is as in version 7, so a version 8
     * payload without compressed defs is a version 7 one. A version 7 reader takes the mark for
     * the root's def reference, 8 where no def has come, and refuses the payload as malformed.
     */
    static final int DEFLATED_MARK = 8;
    /**
     * Fewest bytes compressing the defs must save for a writer to do it: where it saves less (of
     * the fixtures, SimpleObject, ComplexObject, DeepObject and the bean arrays), a reader with
     * other defs is spared the inflating.
     */
    private static final int MIN_SAVING = 16;
    /** Bytes of the token. */
    private static final int TOKEN_BYTES = 8;

    final ClassDef[] defs;
    final String[] packages;
    final int maxSerial;
    /** {@link ClassDef#bit} of each def, or-ed: see {@link #carriedBits}. */
    private final long carriedBits;
    /** The root's def when it is the only one, else null. */
    final ClassDef single;
    private final byte[] bytes;
    /** How many of {@link #bytes} the token and the defs' length take: {@code 00 07}, token, varint. */
    private final int head;
    /** The token as {@code readLongLE} reads its eight bytes. */
    final long token;
    /** For a compressed preload, the length of its defs inflated; else -1. */
    final int inflatedLength;
    private final boolean selfContained;

    private Preload(ClassDef[] defs, boolean compress) {
        this.defs = defs;
        Set<String> names = new LinkedHashSet<>();
        int max = 0;
        long bits = 0;
        for (ClassDef d : defs) {
            names.add(d.packageName());
            max = Math.max(max, d.serial());
            bits |= d.bit();
        }
        this.carriedBits = bits;
        this.packages = names.toArray(new String[0]);
        this.maxSerial = max;
        byte[] carried = encode(defs, packages, false);
        BufferWriter out = BufferWriter.growable(carried.length + 16);
        out.writeByte(0);
        out.writeByte(TOKEN_MARK);
        out.writeBytes(token(carried), 0, TOKEN_BYTES);
        out.writeVarUInt(carried.length);
        int packedHead = out.position();
        out.writeBytes(carried, 0, carried.length);
        // The root's def reference: the first def.
        out.writeVarUInt(0);
        Lead lead = new Lead(out.toByteArray(), packedHead, -1);
        Lead deflated = compress ? deflated(encode(defs, packages, true)) : null;
        if (deflated != null && deflated.bytes.length + MIN_SAVING <= lead.bytes.length) {
            lead = deflated;
        }
        this.bytes = lead.bytes;
        this.head = lead.head;
        this.inflatedLength = lead.inflatedLength;
        // The token's eight bytes follow the mark, 00 07 or 00 08.
        this.token = new ArrayReader(lead.bytes, 2, TOKEN_BYTES).readLongLE();
        this.single = defs.length == 1 ? defs[0] : null;
        this.selfContained = single != null && single.selfContained();
    }

    /**
     * @param plain the defs with their names as strings ({@link ClassDef#encoded(boolean)})
     * @return {@code 00 08}, the token over {@code plain}, its length, the compressed length, the
     *         compressed defs and the root's def reference; null when the defs exceed the bounds of
     *         {@link PreloadCompression} or the head would exceed the 16 bytes a reader compares
     */
    private static Lead deflated(byte[] plain) {
        byte[] compressed = PreloadCompression.deflate(plain);
        if (plain.length > PreloadCompression.MAX_INFLATED
                || plain.length > (long) PreloadCompression.MAX_RATIO * compressed.length) {
            return null;
        }
        BufferWriter out = BufferWriter.growable(compressed.length + 24);
        out.writeByte(0);
        out.writeByte(DEFLATED_MARK);
        out.writeBytes(token(plain), 0, TOKEN_BYTES);
        out.writeVarUInt(plain.length);
        out.writeVarUInt(compressed.length);
        // With the header byte before it, the head a reader compares is at most 16 bytes.
        if (out.position() > 15) {
            return null;
        }
        int head = out.position();
        out.writeBytes(compressed, 0, compressed.length);
        out.writeVarUInt(0);
        return new Lead(out.toByteArray(), head, plain.length);
    }

    /**
     * The bytes after a payload's header, how many of them precede the defs, and the defs'
     * inflated length when they are compressed (else -1).
     */
    private record Lead(byte[] bytes, int head, int inflatedLength) {
    }

    /**
     * @param root        the root class's local def
     * @param untaggedDef for a class, its local def when an object of it sits in an untagged
     *                    position (a registered final class, record or enum), else null
     * @return the preload of {@code root}: its def first, then the others in the order a walk of
     *         the fields meets them
     */
    public static Preload of(ClassDef root, Function<Class<?>, ClassDef> untaggedDef) {
        return of(root, untaggedDef, true);
    }

    /**
     * @param root        as {@link #of(ClassDef, Function)}
     * @param untaggedDef as {@link #of(ClassDef, Function)}
     * @param compress    false for the version 7 layout whatever compressing would save (tests)
     * @return the preload of {@code root}
     */
    static Preload of(ClassDef root, Function<Class<?>, ClassDef> untaggedDef, boolean compress) {
        List<ClassDef> found = new ArrayList<>();
        found.add(root);
        for (int i = 0; i < found.size(); i++) {
            Class<?> type = found.get(i).local();
            if (type.isEnum()) {
                continue;
            }
            for (FieldModel f : TypeModel.of(type).fields()) {
                collect(TypeHint.of(f.genericType()), untaggedDef, found);
            }
        }
        return new Preload(found.toArray(new ClassDef[0]), compress);
    }

    /** Adds the defs of a declared type's classes: its raw class, its type arguments, an array's component. */
    private static void collect(TypeHint hint, Function<Class<?>, ClassDef> untaggedDef, List<ClassDef> found) {
        if (hint == null) {
            return;
        }
        Class<?> raw = hint.raw();
        if (!raw.isArray() && !raw.isPrimitive()) {
            ClassDef def = untaggedDef.apply(raw);
            if (def != null && !found.contains(def)) {
                found.add(def);
            }
        }
        for (TypeHint arg : hint.args()) {
            collect(arg, untaggedDef, found);
        }
    }

    /**
     * {@code varint(k)}, then each def with its package reference.
     *
     * @param plain true for the defs with their names as strings, the form that is compressed
     */
    private static byte[] encode(ClassDef[] defs, String[] packages, boolean plain) {
        BufferWriter out = BufferWriter.growable(256);
        out.writeVarUInt(defs.length);
        List<String> order = List.of(packages);
        int named = 0;
        for (ClassDef d : defs) {
            int p = order.indexOf(d.packageName());
            out.writeVarUInt(p);
            // A package's first def names it (packages are in the order the defs first use them).
            byte[] def = p == named ? d.encodedWithPackage(plain) : d.encoded(plain);
            named = Math.max(named, p + 1);
            out.writeBytes(def, 0, def.length);
        }
        return out.toByteArray();
    }

    /** The first eight bytes of SHA-256 over the encoded defs (uncompressed). */
    private static byte[] token(byte[] carried) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(carried);
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform must provide SHA-256 (MessageDigest's Javadoc).
            throw new IllegalStateException(e);
        }
    }

    /** @return the format version whose code the header byte of a payload with this preload holds */
    public int headerVersion() {
        return HEADER_VERSION;
    }

    /**
     * @return what follows the header byte of a payload of the root, up to its body: {@code 00 07},
     *         the token, the defs' length, the defs and the root's def reference {@code 00}; or
     *         {@code 00 08}, the token, the defs' length, the compressed length, the compressed
     *         defs and {@code 00}
     */
    public byte[] bytes() {
        return bytes.clone();
    }

    /**
     * @return how many of {@link #bytes} precede the defs: the mark, the token and the defs'
     *         length (and, compressed, their compressed length); 11 to 15
     */
    public int head() {
        return head;
    }

    /**
     * @return true when the root's def is the only one and the root is {@link ClassDef#selfContained}:
     *         nothing after these bytes consults a def table
     */
    public boolean selfContained() {
        return selfContained;
    }

    /**
     * @return the {@link ClassDef#bit} of every def here (those of serial 64 and more have none):
     *         a payload that starts with these defs has carried them all the way through, so an
     *         untagged reference to one writes nothing whatever its table holds
     */
    public long carriedBits() {
        return carriedBits;
    }

    /** @return the {@link DefTable#mark} of a table that holds these defs and nothing else */
    public long mark() {
        return DefTable.mark(packages.length, defs.length);
    }
}
