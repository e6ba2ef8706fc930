package dev.peregrine.registry;

import dev.peregrine.PeregrineException;
import dev.peregrine.codec.Builtins;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.type.FieldModel;
import dev.peregrine.type.TypeModel;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The 32-bit fingerprint a same-schema payload carries: the first four bytes of a SHA-256 over a
 * canonical text of every user class a reader may meet, which is the registered classes (with their
 * ids), the root class, and every class their fields declare, transitively. A class contributes its
 * name and, per field in layout order, name and declared type (tags do not matter here); an enum its constant names; an
 * interface or abstract class its name. So adding, removing, renaming or retyping a field anywhere
 * in that closure, or reordering an enum's constants, changes the fingerprint, and a reader with other
 * class versions refuses the payload instead of misreading it.
 */
final class SchemaFingerprint {
    private final Map<String, String> lines = new TreeMap<>();

    private SchemaFingerprint() {
    }

    /**
     * @param ids   registered classes and their ids
     * @param extra an unregistered root class to cover as well, or null
     * @return the fingerprint
     */
    static int of(Map<Class<?>, Integer> ids, Class<?> extra) {
        SchemaFingerprint f = new SchemaFingerprint();
        ids.forEach((c, id) -> {
            f.lines.put("#" + id, c.getName());
            f.visit(c);
        });
        if (extra != null) {
            f.visit(extra);
        }
        StringBuilder text = new StringBuilder();
        f.lines.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return (d[0] & 0xFF) | (d[1] & 0xFF) << 8 | (d[2] & 0xFF) << 16 | (d[3] & 0xFF) << 24;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }

    private void visit(Class<?> c) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive() || Builtins.tagOf(c) >= 0 || c.getName().startsWith("java.")
                || lines.containsKey(c.getName())) {
            return;
        }
        if (c.isEnum()) {
            StringBuilder sb = new StringBuilder("enum");
            for (Object constant : c.getEnumConstants()) {
                sb.append(' ').append(((Enum<?>) constant).name());
            }
            lines.put(c.getName(), sb.toString());
            return;
        }
        if (c.isInterface() || java.lang.reflect.Modifier.isAbstract(c.getModifiers())) {
            lines.put(c.getName(), "abstract");
            return;
        }
        TypeModel model;
        try {
            model = TypeModel.of(c);
        } catch (PeregrineException e) {
            lines.put(c.getName(), "unsupported");
            return;
        }
        StringBuilder sb = new StringBuilder("class");
        lines.put(c.getName(), "");
        for (FieldModel f : model.fields()) {
            TypeHint hint = TypeHint.of(f.genericType());
            sb.append(' ').append(f.name()).append(':').append(TypeHint.describe(hint));
            visitHint(hint);
        }
        lines.put(c.getName(), sb.toString());
    }

    private void visitHint(TypeHint hint) {
        if (hint == null) {
            return;
        }
        visit(hint.raw());
        for (TypeHint a : hint.args()) {
            visitHint(a);
        }
    }
}
