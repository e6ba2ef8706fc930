package dev.peregrine.compat;

import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.RunReader;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.codec.WriteContext;

import java.util.ArrayList;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A user class's or enum's codec in compatible mode: the same-schema codec (generated or
 * interpreted) preceded by a def reference ({@link DefTable}); in untagged positions
 * ({@link #untagged}) only until the def has been carried. When the def read is this JVM's own
 * def of the class, which is one identity comparison, the same-schema codec reads the object at full
 * speed; otherwise a {@link Translator} (or {@link EnumTranslator}) made once per foreign def reads
 * it field by field, converting, defaulting and skipping.
 */
public final class CompatibleCodec extends TypeCodec<Object> {
    private final TypeCodec<Object> inner;
    private final ClassDef local;
    private final Schemas schemas;
    private final ConcurrentHashMap<ClassDef, TypeCodec<Object>> translators = new ConcurrentHashMap<>();
    private final TypeCodec<Object> untagged;
    /** Made on first use ({@link #preload(Function)}); immutable, so a racing second one is equal. */
    private Preload preload;
    /**
     * The body codec, once the registry has made it ({@code TypeRegistry.bodyCodecFor}); else null.
     * Not volatile: read once per payload, and a thread that sees null (a {@code Codec} handed to it
     * without a happens-before edge) takes {@link #inner}, which writes the same bytes.
     */
    private TypeCodec<Object> body;

    /**
     * @param inner   the class's same-schema codec
     * @param local   its local def
     * @param schemas how translators find classes and codecs
     */
    @SuppressWarnings("unchecked")
    public CompatibleCodec(TypeCodec<?> inner, ClassDef local, Schemas schemas) {
        this.inner = (TypeCodec<Object>) inner;
        this.local = local;
        this.schemas = schemas;
        this.untagged = local.local() == HintParser.Unknown.class ? new UntaggedUnknown() : new Untagged();
    }

    /**
     * Perf: a root of such a class needs no def table once its own def is written or recognised,
     * so a {@code Codec} takes none for it.
     *
     * @return true when this class's objects hold nothing that carries a def: each field a
     *         primitive, a {@code String}, a box or a primitive array
     */
    public boolean selfContained() {
        return local.selfContained();
    }

    /**
     * The defs a payload with this class as its known root carries before the root, made on first
     * use.
     *
     * @param untaggedDef for a class, its local def when its objects sit in untagged positions, else
     *                    null ({@link Preload#of})
     * @return the preload
     */
    public Preload preload(Function<Class<?>, ClassDef> untaggedDef) {
        Preload p = preload;
        if (p == null) {
            p = Preload.of(local, untaggedDef);
            preload = p;
        }
        return p;
    }

    /** @return the preload {@link #preload(Function)} made; not null once a {@code Codec} of this root exists */
    public Preload preload() {
        return preload;
    }

    /**
     * @return the codec of this class's objects in the body of a payload whose preload is its
     *         writer's own or its reader's (every def an untagged position needs carried and local):
     *         the same bytes as this codec's, with no def reference in untagged positions; null
     *         until the registry has made it ({@code TypeRegistry.bodyCodecFor})
     */
    public TypeCodec<?> body() {
        return body;
    }

    /** @return {@link #body} once made, else {@link #inner}: the codec of a root after its preload */
    public TypeCodec<?> bodyOrInner() {
        TypeCodec<Object> b = body;
        return b != null ? b : inner;
    }

    /**
     * Sets the body codec once, for the registry; later calls change nothing.
     *
     * @param body the codec {@link #body} returns from now on
     */
    @SuppressWarnings("unchecked")
    public synchronized void useBody(TypeCodec<?> body) {
        if (this.body == null) {
            this.body = (TypeCodec<Object>) body;
        }
    }

    /** @return the same-schema codec inside */
    public TypeCodec<?> inner() {
        return inner;
    }

    /** @return the class */
    public Class<?> localClass() {
        return local.local();
    }

    /** @return this JVM's def of the class */
    public ClassDef local() {
        return local;
    }

    /**
     * Reads an object written with another def than this JVM's.
     *
     * @param ctx  the read
     * @param def  the writer's def, already read
     * @param hint the slot's declared type
     * @return the value
     */
    public Object translate(ReadContext ctx, ClassDef def, TypeHint hint) {
        return translator(def).read(ctx, hint);
    }

    @Override
    public void write(WriteContext ctx, Object value, TypeHint hint) {
        ctx.defs().write(ctx.out(), local);
        inner.write(ctx, value, hint);
    }

    @Override
    public Object read(ReadContext ctx, TypeHint hint) {
        return readBody(ctx, ctx.defs().read(ctx.in(), local), hint);
    }

    /** Reads an object written with the def read: by the same-schema codec when it is the local one. */
    private Object readBody(ReadContext ctx, ClassDef def, TypeHint hint) {
        return def == local ? inner.read(ctx, hint) : translator(def).read(ctx, hint);
    }

    /** The codec that reads an object written with {@code def}: the same-schema one for the local def. */
    private TypeCodec<Object> codecFor(ClassDef def) {
        return def == local ? inner : translator(def);
    }

    private static boolean isPresent(byte[] present, int i) {
        return present == null || (present[i >>> 3] & (1 << (i & 7))) != 0;
    }

    private static boolean anyPresent(byte[] present, int n) {
        for (int i = 0; i < n; i++) {
            if (isPresent(present, i)) {
                return true;
            }
        }
        return false;
    }

    /** This codec in untagged positions: the def reference only until the def has been carried. */
    @Override
    public TypeCodec<Object> untagged() {
        return untagged;
    }

    /**
     * A run of values in untagged positions ({@link RunReader}): in format 4 the def comes before the
     * first present value only, so it is read once and, when it is the local one, the same-schema
     * codec's own loop reads the run; otherwise each value is read by the codec the def calls for.
     * A writer likewise writes it once ({@link #startRun}).
     */
    private class Untagged extends TypeCodec<Object> implements RunReader {
        @Override
        public void write(WriteContext ctx, Object value, TypeHint hint) {
            ctx.writeUntaggedDef(local);
            inner.write(ctx, value, hint);
        }

        /** The def before the run's first value, as {@link #write} would write it; then the same-schema codec. */
        @Override
        public TypeCodec<Object> startRun(WriteContext ctx) {
            ctx.writeUntaggedDef(local);
            return inner;
        }

        @Override
        public Object read(ReadContext ctx, TypeHint hint) {
            return readBody(ctx, readDef(ctx, hint), hint);
        }

        /** Reads the def reference of an untagged position, or finds the def it has carried. */
        ClassDef readDef(ReadContext ctx, TypeHint hint) {
            return ctx.defs().readUntagged(ctx.in(), local);
        }

        @Override
        public void readRun(ReadContext ctx, TypeHint hint, Object[] dst, int n, byte[] present) {
            TypeCodec<Object> body = runBody(ctx, hint, n, present);
            if (body == inner && inner instanceof RunReader run) {
                run.readRun(ctx, hint, dst, n, present);
                return;
            }
            for (int i = 0; i < n; i++) {
                if (isPresent(present, i)) {
                    dst[i] = (body != null ? body : codecFor(readDef(ctx, hint))).read(ctx, hint);
                }
            }
        }

        @Override
        public void readRunInto(ReadContext ctx, TypeHint hint, ArrayList<Object> dst, int n, byte[] present) {
            TypeCodec<Object> body = runBody(ctx, hint, n, present);
            if (body == inner && inner instanceof RunReader run) {
                run.readRunInto(ctx, hint, dst, n, present);
                return;
            }
            for (int i = 0; i < n; i++) {
                dst.add(isPresent(present, i) ? (body != null ? body : codecFor(readDef(ctx, hint))).read(ctx, hint)
                        : null);
            }
        }

        /**
         * The codec of every value of a run, its def read before the first present one; null when
         * each value must read its own def reference (formats before 4) or none is present.
         */
        private TypeCodec<Object> runBody(ReadContext ctx, TypeHint hint, int n, byte[] present) {
            if (!ctx.defs().carriesUntaggedOnce() || !anyPresent(present, n)) {
                return null;
            }
            return codecFor(readDef(ctx, hint));
        }

        @Override
        public boolean tracksReferences() {
            return inner.tracksReferences();
        }

        @Override
        public TypeCodec<Object> untagged() {
            return this;
        }
    }

    /**
     * The untagged positions of a class this reader does not have (elements of a run of it under
     * the {@code DECLARED} flag, in a field read only to be dropped): the def carried is found by
     * the writer's class name, which the slot's hint keeps ({@link TypeHint#unresolvedName}).
     */
    private final class UntaggedUnknown extends Untagged {
        @Override
        ClassDef readDef(ReadContext ctx, TypeHint hint) {
            String name = hint == null ? null : hint.unresolvedName();
            if (name == null) {
                throw new dev.peregrine.SchemaMismatchException("a value of a class this reader does not have, "
                        + "in a position that does not name it", ctx.in().position());
            }
            return ctx.defs().readUntagged(ctx.in(), name);
        }
    }

    private TypeCodec<Object> translator(ClassDef def) {
        TypeCodec<Object> t = translators.get(def);
        if (t == null) {
            t = local.isEnum() ? new EnumTranslator(def, local) : Translator.of(def, local.local(), schemas);
            if (translators.size() < 256) {
                translators.putIfAbsent(def, t);
            }
        }
        return t;
    }

    @Override
    public boolean tracksReferences() {
        return inner.tracksReferences();
    }
}
