package dev.peregrine.compat;

import dev.peregrine.PeregrineException;
import dev.peregrine.SchemaMismatchException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.codec.Builtins;
import dev.peregrine.codec.ObjectCodec;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.ReferenceSlot;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.codec.WriteContext;
import dev.peregrine.type.FieldKind;
import dev.peregrine.type.FieldModel;
import dev.peregrine.type.TypeModel;

import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an object written by another version of its class, following the writer's def: the writer's
 * bitmap, then each written field in the writer's layout order. A written field goes to the local
 * field of the same {@link dev.peregrine.Tag} (when it has one) or name, through a {@link Conversion}
 * when its declared type changed; a written field with no local match is read and dropped, with the
 * same limits as any other value; a local field nothing was written for keeps its default (what the
 * no-arg constructor leaves, or 0/false/null passed to the constructor). With no local class at all
 * (a class this reader lacks, in a field being dropped) every field is dropped.
 *
 * <p>The interpreter of the compatible format: it runs only for objects whose class changed, and is
 * made once per (written def, local class).
 */
final class Translator extends TypeCodec<Object> {
    /** What a dropped object reads as. */
    static final Object DROPPED = new Object();

    /** One written field: how to read it and where it goes. */
    private record Step(FieldKind kind, int bit, int target, Reader reader, Conversion conversion) {
    }

    /** Reads one present reference value. */
    @FunctionalInterface
    private interface Reader {
        Object read(ReadContext ctx);
    }

    private final String className;
    private final Step[] steps;
    private final int bitmapBits;
    private final TypeModel model;
    private final Field[] fields;
    private final boolean[] byConstructor;
    /**
     * A constructor-built object's field values before any is read: the zero of each primitive
     * constructor parameter, so that one the writer had no field for gets 0/false; null elsewhere
     * (a field left null is not set after construction, so it keeps what the constructor gave).
     */
    private final Object[] initialValues;

    private Translator(String className, Step[] steps, int bitmapBits, TypeModel model) {
        this.className = className;
        this.steps = steps;
        this.bitmapBits = bitmapBits;
        this.model = model;
        if (model == null) {
            fields = new Field[0];
            byConstructor = new boolean[0];
            initialValues = new Object[0];
        } else {
            List<FieldModel> fs = model.fields();
            fields = new Field[fs.size()];
            initialValues = new Object[fs.size()];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = fs.get(i).field();
            }
            byConstructor = new boolean[fields.length];
            for (int p : model.instantiation().parameterFields()) {
                byConstructor[p] = true;
                Class<?> t = fields[p].getType();
                if (t.isPrimitive()) {
                    initialValues[p] = Conversion.zero(java.lang.invoke.MethodType.methodType(t).wrap().returnType());
                }
            }
        }
    }

    /**
     * Plans the reading of objects written with {@code wire} into instances of {@code local}.
     *
     * @param wire    the writer's def
     * @param local   the local class, or null to drop every field
     * @param schemas classes and codecs
     * @return the translator
     * @throws dev.peregrine.SchemaMismatchException when a field's type changed incompatibly
     */
    static Translator of(ClassDef wire, Class<?> local, Schemas schemas) {
        if (wire.isEnum()) {
            throw EnumTranslator.kindChanged(wire.name(), "an enum", "a class", -1);
        }
        TypeModel model = local == null ? null : TypeModel.of(local);
        Map<String, Class<?>> declared = new HashMap<>();
        if (model != null) {
            for (FieldModel f : model.fields()) {
                collect(TypeHint.of(f.genericType()), declared);
            }
        }
        // Built once here: a def builds its full name on each call (see ClassDef.name()).
        String className = wire.name();
        List<ClassDef.FieldDef> written = wire.fields();
        Step[] steps = new Step[written.size()];
        int bit = 0;
        boolean[] taken = new boolean[model == null ? 0 : model.fields().size()];
        for (int i = 0; i < steps.length; i++) {
            ClassDef.FieldDef w = written.get(i);
            int target = model == null ? -1 : match(w, model);
            if (target >= 0 && taken[target]) {
                throw new SchemaMismatchException("two fields written by " + className
                        + " match field " + model.fields().get(target).describe() + ": the writer's class"
                        + " declares two fields named " + w.name(), -1);
            }
            if (target >= 0) {
                taken[target] = true;
            }
            int b = w.kind().usesBitmap() ? bit++ : -1;
            steps[i] = step(w, b, target, model, declared, schemas, wire, className);
        }
        return new Translator(className, steps, bit, model);
    }

    private static void collect(TypeHint h, Map<String, Class<?>> into) {
        if (h == null) {
            return;
        }
        into.put(h.raw().getName(), h.raw());
        for (TypeHint a : h.args()) {
            collect(a, into);
        }
    }

    private static int match(ClassDef.FieldDef w, TypeModel model) {
        List<FieldModel> fs = model.fields();
        if (w.tag() >= 0) {
            for (int j = 0; j < fs.size(); j++) {
                dev.peregrine.Tag t = fs.get(j).field().getAnnotation(dev.peregrine.Tag.class);
                if (t != null && t.value() == w.tag()) {
                    return j;
                }
            }
        }
        for (int j = 0; j < fs.size(); j++) {
            FieldModel f = fs.get(j);
            dev.peregrine.Tag t = f.field().getAnnotation(dev.peregrine.Tag.class);
            if (f.name().equals(w.name()) && (t == null || w.tag() < 0 || t.value() == w.tag())) {
                return j;
            }
        }
        return -1;
    }

    private static Step step(ClassDef.FieldDef w, int bit, int target, TypeModel model,
                             Map<String, Class<?>> declared, Schemas schemas, ClassDef wire,
                             String className) {
        String pkg = wire.packageName();
        FieldModel local = target < 0 ? null : model.fields().get(target);
        TypeHint localHint = local == null ? null : TypeHint.of(local.genericType());
        boolean same = local != null && w.kind() == local.kind() && w.hint().equals(local.kind() == FieldKind.REFERENCE
                ? HintParser.render(localHint, pkg) : local.type().getName());
        if (w.kind() != FieldKind.REFERENCE) {
            Conversion c = local == null ? null : same ? Conversion.IDENTITY
                    : Conversion.plan(className + "." + w.name(), TypeHint.of(w.kind().type()), localHint(local));
            return new Step(w.kind(), bit, target, null, c);
        }
        TypeHint wireHint = same ? localHint : HintParser.parse(w.hint(), pkg, n -> schemas.classNamed(n, declared));
        Reader reader = reader(wireHint, w.exact(), schemas, w.hint(), pkg);
        Conversion c;
        try {
            c = local == null ? null : same ? Conversion.IDENTITY
                    : Conversion.plan(className + "." + w.name(), wireHint == HintParser.UNKNOWN ? null : wireHint,
                            localHint(local));
        } catch (SchemaMismatchException e) {
            if (!namesUnknown(wireHint)) {
                throw e;
            }
            String written = w.hint().replaceAll("(^|[<,])\\.", "$1" + java.util.regex.Matcher.quoteReplacement(pkg)
                    + ".");
            throw new SchemaMismatchException("field " + className + "." + w.name() + " was written as "
                    + written + ", naming a class this reader does not have, and is declared here as "
                    + TypeHint.describe(localHint(local)) + " (a class renamed under the same registration id "
                    + "is matched where a value names its class, not in a field's declared type)", -1);
        }
        return new Step(FieldKind.REFERENCE, bit, target, reader, c);
    }

    /** @return whether a written type names, at any depth, a class this reader does not have */
    private static boolean namesUnknown(TypeHint h) {
        if (h == null) {
            return false;
        }
        if (h == HintParser.UNKNOWN || h.raw() == HintParser.UNKNOWN.raw()) {
            return true;
        }
        for (TypeHint a : h.args()) {
            if (namesUnknown(a)) {
                return true;
            }
        }
        return false;
    }

    private static TypeHint localHint(FieldModel f) {
        return f.type().isPrimitive() ? TypeHint.of(f.type()) : TypeHint.of(f.genericType());
    }

    /**
     * @param text the writer's hint text, which names the class where {@code hint} is
     *             {@link HintParser#UNKNOWN}
     * @param pkg  the package its {@code .SimpleName} forms are in
     */
    private static Reader reader(TypeHint hint, boolean exact, Schemas schemas, String text, String pkg) {
        if (hint == HintParser.UNKNOWN) {
            if (!exact) {
                return ctx -> dropUnknownTagged(ctx, schemas);
            }
            String name = HintParser.className(text, pkg);
            if (name == null) {
                return ctx -> {
                    throw new SchemaMismatchException("cannot skip a value of type " + text
                            + ": an array of a class this reader does not have", ctx.in().position());
                };
            }
            return ctx -> dropUnknown(ctx, schemas, name);
        }
        if (hint != null && hint.raw() == String.class) {
            return ReadContext::readString;
        }
        // The writer's exact bit decides, not this reader's class: a class made non-final since was
        // still written with no tag.
        if (exact && hint != null && (ReferenceSlot.isKnown(hint.raw()) || concrete(hint.raw()))) {
            TypeCodec<?> codec = schemas.resolver().codecFor(hint.raw()).untagged();
            return ctx -> ctx.readKnown(codec, hint);
        }
        return ctx -> ctx.readAny(hint);
    }

    private static boolean concrete(Class<?> c) {
        return !c.isInterface() && !java.lang.reflect.Modifier.isAbstract(c.getModifiers());
    }

    /**
     * Drops a value of a class this reader does not have, by the writer's def of it.
     *
     * @param name the class's name, when the position is untagged (its def reference may be left
     *             out); null after a tag
     */
    private static Object dropUnknown(ReadContext ctx, Schemas schemas, String name) {
        if (ctx.tracksReferences()) {
            throw new SchemaMismatchException("cannot skip a value of a class this reader does not "
                    + "have while references are tracked", ctx.in().position());
        }
        ClassDef def = name == null ? ctx.defs().read(ctx.in()) : ctx.defs().readUntagged(ctx.in(), name);
        if (def.isEnum()) {
            ctx.in().readVarUInt();
            return DROPPED;
        }
        return ctx.readKnown(of(def, null, schemas), null);
    }

    /**
     * Drops a tagged value of a slot whose declared class this reader lacks: the declared class itself
     * (tag DECLARED) or a user class it has not registered is dropped by its def; a built-in value
     * is read and dropped.
     */
    private static Object dropUnknownTagged(ReadContext ctx, Schemas schemas) {
        if (ctx.tracksReferences()) {
            return dropUnknown(ctx, schemas, null);
        }
        int at = ctx.in().position();
        int tag = ctx.in().readVarUInt();
        if (tag == Builtins.DECLARED || tag >= Builtins.USER_BASE && schemas.userClass(tag - Builtins.USER_BASE) == null) {
            return dropUnknown(ctx, schemas, null);
        }
        Class<?> c = tag >= Builtins.USER_BASE ? schemas.userClass(tag - Builtins.USER_BASE) : Builtins.classOf(tag);
        if (c == null || !concrete(c)) {
            throw new SchemaMismatchException("cannot skip a value with type tag " + tag
                    + " in a field of a class this reader does not have", at);
        }
        return ctx.readKnown(schemas.resolver().codecFor(c), null);
    }

    @Override
    public void write(WriteContext ctx, Object value, TypeHint hint) {
        throw new IllegalStateException("translators only read");
    }

    @Override
    public Object read(ReadContext ctx, TypeHint hint) {
        BufferReader in = ctx.in();
        long[] bitmap = ObjectCodec.readBitmap(in, bitmapBits, className);
        Object obj = null;
        Object[] values = null;
        if (model == null) {
            values = null;
        } else if (model.instantiation().isNoArg()) {
            obj = construct(in, null);
            ctx.created(obj);
        } else {
            values = initialValues.clone();
        }
        for (Step s : steps) {
            int mark = ctx.cycleMark();
            Object v = readField(ctx, in, s, bitmap);
            if (s.target < 0) {
                continue;
            }
            if (v == DROPPED) {
                throw new SchemaMismatchException("field " + className + "." + fields[s.target].getName()
                        + " holds a value of a class this reader does not have", in.position());
            }
            v = convert(ctx, s.conversion, v, fields[s.target].getType(), mark);
            if (obj != null) {
                set(obj, s.target, v, in);
            } else {
                values[s.target] = v;
            }
        }
        if (model == null) {
            return DROPPED;
        }
        if (obj == null) {
            obj = construct(in, values);
            for (int i = 0; i < fields.length; i++) {
                if (!byConstructor[i] && values[i] != null) {
                    set(obj, i, values[i], in);
                }
            }
        }
        return obj;
    }

    /**
     * Applies a field's conversion. With references tracked, a collection or map copied into the
     * field's declared type is copied once per read and refilled when the root is complete
     * ({@link ReadContext#copied}), so that sharing and cycles through it survive the copy.
     */
    private static Object convert(ReadContext ctx, Conversion conversion, Object v, Class<?> declared, int mark) {
        if (conversion == Conversion.IDENTITY || !ctx.tracksReferences()
                || !(v instanceof java.util.Collection<?> || v instanceof Map<?, ?>)) {
            return conversion.apply(v);
        }
        Object copy = ctx.copyOf(v);
        // A copy made for a field of another declared type is not this field's.
        if (copy == null || !declared.isInstance(copy)) {
            copy = conversion.apply(v);
            if (copy != v) {
                ctx.copied(v, copy, mark, conversion::apply);
            }
        }
        return copy;
    }

    private static Object readField(ReadContext ctx, BufferReader in, Step s, long[] bitmap) {
        return switch (s.kind) {
            case BOOLEAN -> (bitmap[s.bit >>> 6] & (1L << s.bit)) != 0;
            case REFERENCE -> (bitmap[s.bit >>> 6] & (1L << s.bit)) != 0 ? s.reader.read(ctx) : null;
            default -> ObjectCodec.readNumber(s.kind, in);
        };
    }

    private void set(Object obj, int i, Object v, BufferReader in) {
        if (v == null && fields[i].getType().isPrimitive()) {
            return;
        }
        try {
            fields[i].set(obj, v);
        } catch (IllegalAccessException | IllegalArgumentException e) {
            throw new PeregrineException("cannot set field " + className + "." + fields[i].getName(), in.position(), e);
        }
    }

    private Object construct(BufferReader in, Object[] values) {
        return ObjectCodec.construct(model, values, in);
    }
}
