package dev.peregrine.compat;

import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.type.FieldModel;
import dev.peregrine.type.TypeModel;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The defs a {@code Codec}'s payload carries before its root: the root's def, then the defs of the
 * classes its objects can hold in untagged positions (fields of a final class, a record or an
 * enum, and such classes as array components or type arguments of collections and maps), and
 * theirs in turn. Format version 5 lays them out right after the header ({@code varint(k)}, then
 * k times a package reference and a def), so that the body writes no def reference in an
 * untagged position and a reader recognises all of them with one comparison.
 *
 * <p>Why: a payload of several classes (Car, eight) otherwise defines each where its first object
 * sits, one table lookup, package lookup and copy per def on the writer, one comparison and one
 * record per def on the reader. Known before the first payload, they are one precomputed run of
 * bytes, written with one copy and recognised with one comparison ({@link DefTable#carriedFirst},
 * {@link DefTable#readFirst}).
 *
 * <p>A root with no such class carries its one def as in version 4 (no count), so its payloads
 * keep that version's bytes. A def preloaded for a class whose objects do not appear (a null field)
 * costs its bytes and nothing else; a class met that is not preloaded (a subclass in a field of a
 * non-final class) is defined where it first sits, as in version 4.
 */
public final class Preload {
    /** The format version of a payload with a preload: version 4 with the defs after its header. */
    static final int VERSION = 5;

    final ClassDef[] defs;
    final String[] packages;
    final int maxSerial;
    /** The root's def when it is the only one, else null. */
    final ClassDef single;
    private final byte[] bytes;
    private final boolean selfContained;

    private Preload(ClassDef[] defs) {
        this.defs = defs;
        Set<String> names = new LinkedHashSet<>();
        int max = 0;
        for (ClassDef d : defs) {
            names.add(d.packageName());
            max = Math.max(max, d.serial());
        }
        this.packages = names.toArray(new String[0]);
        this.maxSerial = max;
        this.bytes = defs.length == 1 ? DefTable.firstDef(defs[0]) : encode(defs, packages);
        this.single = defs.length == 1 ? defs[0] : null;
        this.selfContained = single != null && single.selfContained();
    }

    /**
     * @param root        the root class's local def
     * @param untaggedDef for a class, its local def when an object of it sits in an untagged
     *                    position (a registered final class, record or enum), else null
     * @return the preload of {@code root}: its def first, then the others in the order a walk of
     *         the fields meets them
     */
    public static Preload of(ClassDef root, Function<Class<?>, ClassDef> untaggedDef) {
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
        return new Preload(found.toArray(new ClassDef[0]));
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

    /** {@code varint(k)}, each def with its package reference, then the root's def reference 0. */
    private static byte[] encode(ClassDef[] defs, String[] packages) {
        BufferWriter out = BufferWriter.growable(256);
        out.writeVarUInt(defs.length);
        List<String> order = List.of(packages);
        int named = 0;
        for (ClassDef d : defs) {
            int p = order.indexOf(d.packageName());
            out.writeVarUInt(p);
            // A package's first def names it (packages are in the order the defs first use them).
            byte[] def = p == named ? d.encodedWithPackage() : d.encoded();
            named = Math.max(named, p + 1);
            out.writeBytes(def, 0, def.length);
        }
        out.writeVarUInt(0);
        return out.toByteArray();
    }

    /** @return the format version of a payload that starts with these defs: 5, or 4 for the root's alone */
    public int version() {
        return defs.length == 1 ? DefTable.VERSION_4 : VERSION;
    }

    /**
     * @return what follows the header byte of a payload of the root, up to its body: in version 4
     *         the root's def reference and def ({@link DefTable#firstDef}), in version 5 the
     *         preload and the root's def reference
     */
    public byte[] bytes() {
        return bytes.clone();
    }

    /**
     * @return true when the root's def is the only one and the root is {@link ClassDef#selfContained}:
     *         nothing after these bytes consults a def table
     */
    public boolean selfContained() {
        return selfContained;
    }
}
