package dev.peregrine;

import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Builtins;
import dev.peregrine.codec.EntryStack;
import dev.peregrine.codec.Limits;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.Reusable;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.WriteContext;
import dev.peregrine.compat.ClassDef;
import dev.peregrine.compat.CompatibleCodec;
import dev.peregrine.compat.DefTable;
import dev.peregrine.compat.Preload;
import dev.peregrine.registry.TypeRegistry;

import java.util.function.Supplier;

/**
 * The payload framing shared by {@link Peregrine} and {@link Codec}: the header byte, the root's
 * type tag (omitted by a {@code Codec}), the root value; and the error contract around it.
 *
 * <p>Header byte: {@code 1010 vv r c}: magic {@code 0xA} in the high nibble, format version
 * {@code vv}, {@code r} set when references are tracked, {@code c} set for the compatible format.
 * The same-schema format is written as version 3 (versions 2, the same with LEB128 values, and 1,
 * without the fingerprint, are still read): it carries the reader's expected schema fingerprint,
 * four bytes, just before its root value. The compatible format carries class defs instead
 * ({@link dev.peregrine.compat.DefTable}); it is written as version 8, which is version 7 with
 * one more form of preload: a {@code Codec} of a user class writes the defs its root can meet
 * after the header behind a token ({@link Preload}), compressed (version 8's mark) where that
 * saves 16 bytes or more; everything else has no preload, and a payload without a compressed
 * preload is a version 7 one. Versions 6 and 4 (the same with LEB128 values, with and without
 * a preload), 5 (a preload with no token), 3 (a def reference before every object) and 2 (longer
 * class defs) are still read. Two bits hold a version modulo 4: the compatible versions 4 and 5
 * are {@code vv = 0} and {@code 1} with {@code c} set, 3 and 2 are {@code 3} and {@code 2}; 6 and
 * 7 with a preload have 5's code and say which they are after it
 * ({@link dev.peregrine.compat.DefTable#readStart}); 7 without one has the code no same-schema
 * version had, {@code vv = 0} with {@code c} clear.
 */
final class Session {
    /** The same-schema format written; version 2, the same with LEB128 values, and 1 are still read. */
    static final int VERSION = 3;
    private static final int VERSION_WITHOUT_FINGERPRINT = 1;
    /**
     * The compatible format's version of payloads with no preload (every payload but a
     * {@code Codec}'s of a user class): 7, whose header has the same-schema format's free code 0
     * ({@link #version}).
     */
    private static final int COMPATIBLE_VERSION = DefTable.CURRENT_VERSION;
    private static final int MAGIC = 0xA0;
    private static final int REFERENCES = 2;
    private static final int COMPATIBLE = 1;
    /** What {@link #prefix} returns where payloads have no fixed start. */
    static final long NO_PREFIX = -1;

    private final TypeRegistry registry;
    private final boolean references;
    private final Limits limits;
    /**
     * The class of the last root written with its tag, its wire class, tag bytes and codec. Perf: a
     * payload's root is usually the last one's, so one comparison replaces three lookups (the
     * built-in tags, the registered ids, the codecs). Plain field, benign race: the record is
     * immutable and any thread's is right.
     */
    private RootType lastRoot;
    /** The class of the last root read with its tag, and its codec; as {@link #lastRoot}. */
    private ReadRoot lastReadRoot;
    /** Def tables kept between payloads in the compatible format, each taken by one call at a time. */
    private final Reusable<DefTable> spareWriteDefs = new Reusable<>();
    /**
     * Def tables kept between payloads of a {@code Codec}'s lead (its root's preload), apart from
     * {@link #spareWriteDefs}: such a table may be left holding the preload
     * ({@link DefTable#reset}), which only {@link DefTable#carriedFirst} may find.
     */
    private final Reusable<DefTable> spareLeadDefs = new Reusable<>();
    /** A table from {@link #spareLeadDefs}, for a write that {@link WriteContext#startsWith put off} its own. */
    private final Supplier<DefTable> leadDefs = () -> takeDefs(spareLeadDefs);
    private final Reusable<DefTable> spareReadDefs = new Reusable<>();
    /** The stack of map entries kept between the contexts {@link #write(BufferWriter, Object, TypeCodec, Class)} makes. */
    private final Reusable<EntryStack> spareEntries = new Reusable<>();

    Session(TypeRegistry registry, boolean references, Limits limits) {
        this.registry = registry;
        this.references = references;
        this.limits = limits;
    }

    TypeRegistry registry() {
        return registry;
    }

    Limits limits() {
        return limits;
    }

    /**
     * Writes a payload.
     *
     * @param out       the output; when {@code lead} is not null, positioned just past it, which the
     *                  caller has put there (Perf: a {@code Codec}'s spare arrays keep their lead
     *                  between payloads, {@link SpareArrays#writer(byte[])})
     * @param rootCodec the codec of a known root (its tag omitted), or null to write the tag
     * @param rootType  the known root's class, or null
     * @param lead      what {@link #lead} gave for {@code rootCodec}, or null
     * @return the deepest nesting of values in the payload ({@link WriteContext#deepest})
     */
    int write(BufferWriter out, Object value, TypeCodec<?> rootCodec, Class<?> rootType, byte[] lead) {
        WriteContext ctx = new WriteContext(out, registry, limits, references, leadDefs);
        ctx.takeEntriesFrom(spareEntries);
        if (!registry.compatible()) {
            write(ctx, value, rootCodec, rootType);
            ctx.giveBackEntries();
            return ctx.deepest();
        }
        if (lead != null && ((CompatibleCodec) rootCodec).selfContained()) {
            // Perf: such a root is written with no def table at all (its lead carries the one def
            // the payload has), so none is taken or emptied. The other paths below stay in this
            // method: a call level more cost compatible Sample serialize about 5 ns.
            writeLead(ctx, value, rootCodec, null);
            ctx.giveBackEntries();
            return ctx.deepest();
        }
        if (lead != null) {
            // Perf: the output holds the lead, so a table is taken only if the payload asks what
            // the preload cannot answer: never when it refers to classes of its preload only in
            // untagged positions (WriteContext.startsWith). Given back after a write that completes; one a failed
            // write took is dropped (the next write that needs one makes its own), as the entry
            // stack is, and no finally block adds to the compile of this path.
            CompatibleCodec root = (CompatibleCodec) rootCodec;
            ctx.startsWith(root.preload());
            writeLeadRoot(ctx, value, root);
            DefTable taken = ctx.defsTaken();
            if (taken != null) {
                giveBack(spareLeadDefs, taken);
            }
            ctx.giveBackEntries();
            return ctx.deepest();
        }
        DefTable defs = takeDefs(spareWriteDefs);
        ctx.useDefs(defs, false);
        try {
            write(ctx, value, rootCodec, rootType);
            ctx.giveBackEntries();
            return ctx.deepest();
        } finally {
            giveBack(spareWriteDefs, defs);
        }
    }

    /**
     * A def table for one payload: the spare one, or a new one when another call holds it; empty
     * either way.
     *
     * Perf: a table is three arrays; allocating and zeroing them for every payload cost about a
     * quarter of writing a small object in the compatible format.
     */
    private DefTable takeDefs(Reusable<DefTable> spare) {
        DefTable defs = spare.take();
        return defs != null ? defs : new DefTable(registry.defs());
    }

    /**
     * Resets a table taken by {@link #takeDefs} (so the spare holds no defs read, or only the
     * preload its last payload recorded: {@link DefTable#reset}) and makes it the spare.
     */
    private static void giveBack(Reusable<DefTable> spare, DefTable defs) {
        defs.reset();
        spare.giveBack(defs);
    }

    /** A root class met with its tag: see {@link #lastRoot}. */
    private record RootType(Class<?> raw, Class<?> type, byte[] tag, TypeCodec<?> codec) {
    }

    /** A root class read with its tag, and its codec: see {@link #lastReadRoot}. */
    private record ReadRoot(Class<?> type, TypeCodec<?> codec) {
    }

    /** @return what writing a root of class {@code raw} takes: {@link #lastRoot} when it is that class */
    private RootType rootType(Class<?> raw) {
        RootType last = lastRoot;
        if (last != null && last.raw == raw) {
            return last;
        }
        Class<?> type = Builtins.wireClass(raw);
        BufferWriter tag = BufferWriter.growable(8);
        registry.writeType(tag, type, null);
        RootType root = new RootType(raw, type, tag.toByteArray(), registry.codecFor(type));
        lastRoot = root;
        return root;
    }

    /** @return the codec of a root read with its tag; see {@link #lastReadRoot} */
    private TypeCodec<?> rootCodec(Class<?> type) {
        ReadRoot last = lastReadRoot;
        if (last != null && last.type == type) {
            return last.codec;
        }
        TypeCodec<?> codec = registry.codecFor(type);
        lastReadRoot = new ReadRoot(type, codec);
        return codec;
    }

    /** A context for {@link #write(WriteContext, Object, TypeCodec)} that its caller may keep and reuse. */
    WriteContext newContext(BufferWriter out) {
        return newContext(out, false);
    }

    /**
     * @param perStream true for a stream session, whose class defs are kept across its values
     */
    WriteContext newContext(BufferWriter out, boolean perStream) {
        WriteContext ctx = new WriteContext(out, registry, limits, references);
        if (registry.compatible()) {
            ctx.useDefs(new DefTable(registry.defs()), perStream);
        }
        return ctx;
    }

    /**
     * The first bytes of a compatible payload of a known root, when {@code rootCodec} is a user
     * class's: the header byte, then the {@link Preload} of the root (its token, its def and the
     * defs of the classes it can hold in untagged positions) and the root's def reference. Perf: a
     * {@code Codec} writes them as one run and recognises them by their token, where the general
     * path writes and reads the header, the def references, the package references and the defs
     * one by one.
     *
     * @param rootCodec the known root's codec
     * @return the bytes, or null in the same-schema format or for a root of a built-in type
     */
    byte[] lead(TypeCodec<?> rootCodec) {
        if (!registry.compatible() || !(rootCodec instanceof CompatibleCodec root)) {
            return null;
        }
        Preload preload = root.preload(this::untaggedDef);
        registry.defs().own(preload);
        registry.bodyCodecFor(root);
        byte[] first = preload.bytes();
        byte[] lead = new byte[1 + first.length];
        lead[0] = (byte) headerByte(preload.headerVersion());
        System.arraycopy(first, 0, lead, 1, first.length);
        return lead;
    }

    /**
     * @return the local def of a class whose objects a field or element can hold with no type tag
     *         (a registered final class, record or enum), else null
     */
    private ClassDef untaggedDef(Class<?> type) {
        return registry.preloadable(type) ? ((CompatibleCodec) registry.codecFor(type)).local() : null;
    }

    /**
     * Writes a payload through a given context, which must be fresh or {@link WriteContext#reset}.
     *
     * @param rootCodec the codec of a known root (its tag omitted), or null to write the tag
     * @param rootType  the known root's class, or null
     */
    void write(WriteContext ctx, Object value, TypeCodec<?> rootCodec, Class<?> rootType) {
        BufferWriter out = ctx.out();
        try {
            boolean compatible = registry.compatible();
            out.writeByte(headerByte());
            TypeCodec<?> codec = rootCodec;
            Class<?> type = rootType;
            if (codec == null) {
                if (value == null) {
                    out.writeVarUInt(Builtins.NULL);
                    return;
                }
                RootType root = rootType(value.getClass());
                byte[] tag = root.tag;
                // Perf: most tags are one byte, a store where an array copy calls a stub.
                if (tag.length == 1) {
                    out.writeByte(tag[0]);
                } else {
                    out.writeBytes(tag, 0, tag.length);
                }
                type = root.type;
                codec = root.codec;
            }
            if (!compatible) {
                out.writeIntLE(registry.fingerprint(type));
            }
            ctx.writeRoot(value, codec);
        } catch (StackOverflowError e) {
            throw stackExhausted();
        }
    }

    /**
     * Writes a compatible payload of a known root through a fresh or reset context as
     * {@link #write(WriteContext, Object, TypeCodec, Class)} would, its {@link #lead} as one run.
     * Perf: a method of its own, so that the same-schema write is not one bytecode longer.
     *
     * @param ctx       a context with a def table, or, for a {@link CompatibleCodec#selfContained}
     *                  root, with or without one (the table is then left as it was: nothing in the
     *                  payload after the lead consults it)
     * @param rootCodec the known root's codec, a {@link CompatibleCodec}
     * @param lead      what {@link #lead} gave for it, or null when the output holds it already
     * @return false, having written nothing, when the root is not self-contained and the context's
     *         def table is not empty (the caller then writes the payload the general way)
     */
    boolean writeLead(WriteContext ctx, Object value, TypeCodec<?> rootCodec, byte[] lead) {
        CompatibleCodec root = (CompatibleCodec) rootCodec;
        if (!root.selfContained()) {
            if (!ctx.defs().carriedFirst(root.preload())) {
                return false;
            }
            ctx.startsWith(root.preload());
        }
        if (lead != null) {
            ctx.out().writeBytes(lead, 0, lead.length);
        }
        writeLeadRoot(ctx, value, root);
        return true;
    }

    /** The root after its lead: by its body codec (see {@link CompatibleCodec#bodyOrInner}). */
    private static void writeLeadRoot(WriteContext ctx, Object value, CompatibleCodec root) {
        try {
            ctx.writeRoot(value, root.bodyOrInner());
        } catch (StackOverflowError e) {
            throw stackExhausted();
        }
    }

    private static LimitExceededException stackExhausted() {
        return new LimitExceededException("stack exhausted while writing; lower maxDepth or enable "
                + "referenceTracking if the graph has a cycle", -1);
    }

    /**
     * Reads a payload.
     *
     * @param expected  the type the caller expects
     * @param rootCodec the codec of a known root (no tag in the payload), or null to read the tag
     */
    <T> T read(BufferReader in, Class<T> expected, TypeCodec<?> rootCodec) {
        ReadContext ctx = new ReadContext(in, registry, limits, false);
        if (!registry.compatible()) {
            return read(ctx, expected, rootCodec);
        }
        DefTable defs = takeDefs(spareReadDefs);
        ctx.useDefs(defs, false);
        try {
            return read(ctx, expected, rootCodec);
        } finally {
            giveBack(spareReadDefs, defs);
        }
    }

    /** A context for {@link #read(ReadContext, Class, TypeCodec)} that its caller may keep and reuse. */
    ReadContext newReadContext(BufferReader in) {
        return newReadContext(in, false);
    }

    /**
     * @param perStream true for a stream session, whose class defs are kept across its values
     */
    ReadContext newReadContext(BufferReader in, boolean perStream) {
        ReadContext ctx = new ReadContext(in, registry, limits, false);
        if (registry.compatible()) {
            ctx.useDefs(new DefTable(registry.defs()), perStream);
        }
        return ctx;
    }

    /**
     * Reads a payload from the context's input, resetting the context once the header is read.
     *
     * @param expected  the type the caller expects
     * @param rootCodec the codec of a known root (no tag in the payload), or null to read the tag
     */
    <T> T read(ReadContext ctx, Class<T> expected, TypeCodec<?> rootCodec) {
        return read(ctx, expected, rootCodec, NO_PREFIX, null);
    }

    /**
     * The five bytes a same-schema payload of a known root starts with when this session writes it
     * (the header byte, then the root's schema fingerprint), for {@link #read(ReadContext, Class,
     * TypeCodec, long)}.
     *
     * @param rootType the known root's class
     * @return the bytes as a little-endian number, or {@link #NO_PREFIX} in the compatible format
     */
    long prefix(Class<?> rootType) {
        if (registry.compatible()) {
            return NO_PREFIX;
        }
        return headerByte() | (registry.fingerprint(rootType) & 0xFFFFFFFFL) << 8;
    }

    /** The header byte this session writes: see the class comment. */
    private int headerByte() {
        return headerByte(registry.compatible() ? COMPATIBLE_VERSION : VERSION);
    }

    /** The header byte of a payload of the given version of this session's format. */
    private int headerByte(int version) {
        // The compatible version 7 has code 0 with the c bit clear: its own codes were all taken.
        if (registry.compatible() && version == DefTable.CURRENT_VERSION) {
            return MAGIC | (references ? REFERENCES : 0);
        }
        return MAGIC | (version & 3) << 2 | (references ? REFERENCES : 0) | (registry.compatible() ? COMPATIBLE : 0);
    }

    /**
     * {@link #read(ReadContext, Class, TypeCodec)} for a known root whose payloads usually start with
     * the given {@link #prefix}.
     *
     * <p>Perf: such a payload is recognised with one comparison of its first five bytes and its
     * root read at once; the header's checks, the fingerprint's lookup and the cast are the
     * general path's, taken by any other payload (which may still be valid: one written with other
     * reference tracking, or in format version 1).
     *
     * <p>In the compatible format a payload that starts with the {@link #lead} of its root is
     * likewise recognised, by its token, and its defs taken as read.
     *
     * @param prefix the expected first five bytes, or {@link #NO_PREFIX}
     * @param lead   what {@link #lead} gave for {@code rootCodec}, or null
     */
    @SuppressWarnings("unchecked")
    <T> T read(ReadContext ctx, Class<T> expected, TypeCodec<?> rootCodec, long prefix, byte[] lead) {
        BufferReader in = ctx.in();
        try {
            if (prefix != NO_PREFIX && in.skipPrefix(prefix)) {
                in.valuesInLeb128(false);
                ctx.reset(references);
                // The root codec reads values of exactly its class, the expected one.
                return (T) ctx.readRoot(rootCodec);
            }
            if (lead != null) {
                // Reset first, so that the budget counts the whole payload and the table is empty
                // for readFirst; but a self-contained root's payload consults no table, so its
                // table is left as it is: the general path below empties it (startBody), should
                // the lead not match.
                CompatibleCodec root = (CompatibleCodec) rootCodec;
                if (root.selfContained()) {
                    ctx.resetKeepingDefs(references);
                } else {
                    ctx.reset(references);
                }
                if (ctx.defs().readFirst(in, lead, root.preload())) {
                    in.valuesInLeb128(false);
                    return (T) ctx.readRoot(root.bodyOrInner());
                }
            }
            int header = readHeader(in);
            TypeCodec<?> codec = rootCodec;
            Class<?> type = expected;
            if (codec == null) {
                int at = in.position();
                type = registry.readRootType(in);
                if (type == null) {
                    return null;
                }
                if (!box(expected).isAssignableFrom(type)) {
                    throw new MalformedInputException("payload holds a " + type.getName() + ", not a "
                            + expected.getName(), at);
                }
                codec = rootCodec(type);
            }
            startBody(ctx, header, type);
            Object value = ctx.readRoot(codec);
            return (T) box(expected).cast(value);
        } catch (PeregrineException e) {
            throw e;
        } catch (StackOverflowError e) {
            throw new LimitExceededException("stack exhausted while reading; lower maxDepth", in.position());
        } catch (RuntimeException e) {
            throw new MalformedInputException("cannot decode: " + e, in.position(), e);
        }
    }

    /**
     * What the general read does between a payload's root tag and its root: checks the fingerprint
     * of a same-schema payload, tells the reader how its values are encoded, resets the context,
     * reads the defs a compatible payload starts with. Perf: a method of its own, so that
     * {@link #read(ReadContext, Class, TypeCodec, long, byte[])} stays small enough to inline.
     */
    private void startBody(ReadContext ctx, int header, Class<?> type) {
        BufferReader in = ctx.in();
        int version = version(header);
        boolean compatible = compatible(header);
        if (!compatible && version != VERSION_WITHOUT_FINGERPRINT) {
            checkFingerprint(in, type);
        }
        // A compatible version 5 header may turn out to be 7 (DefTable.readStart says so).
        in.valuesInLeb128(compatible ? version < DefTable.CURRENT_VERSION : version < VERSION);
        ctx.reset((header & REFERENCES) != 0);
        if (ctx.carriesDefs()) {
            ctx.defs().readStart(in, version);
        }
    }

    private void checkFingerprint(BufferReader in, Class<?> type) {
        int at = in.position();
        int written = in.readIntLE();
        int expected = registry.fingerprint(type);
        if (written != expected) {
            throw new SchemaMismatchException(String.format("payload was written with schema fingerprint %08x, "
                    + "this reader's is %08x: the writer had other versions of the registered classes (or of %s), "
                    + "or registered other classes; data that must survive class changes needs "
                    + "Peregrine.builder().compatible(true)", written, expected, type.getName()), at);
        }
    }

    /**
     * The format version a header byte names: its two version bits, but 4 and 5 for a compatible 0
     * and 1 (5 may turn out to be 6 or 7: {@link dev.peregrine.compat.DefTable#readStart}), and the
     * compatible version 7 for a same-schema 0, a code no same-schema version had.
     */
    private static int version(int header) {
        int vv = header >>> 2 & 3;
        if ((header & COMPATIBLE) == 0) {
            return vv == 0 ? DefTable.CURRENT_VERSION : vv;
        }
        return vv < 2 ? vv + DefTable.VERSION_4 : vv;
    }

    /** Whether a header byte names a compatible payload: its c bit, or the code of version 7. */
    private static boolean compatible(int header) {
        return (header & COMPATIBLE) != 0 || (header >>> 2 & 3) == 0;
    }

    private int readHeader(BufferReader in) {
        int h = in.readByte() & 0xFF;
        if ((h & 0xF0) != MAGIC) {
            throw new MalformedInputException(String.format("not a Peregrine payload: header byte 0x%02x", h), 0);
        }
        int version = version(h);
        boolean compatible = compatible(h);
        if (compatible != registry.compatible()) {
            throw new MalformedInputException("payload is in the " + (compatible ? "compatible" : "same-schema")
                    + " format; this reader is built for the " + (registry.compatible() ? "compatible" : "same-schema")
                    + " format (Peregrine.builder().compatible(" + compatible + "))", 0);
        }
        boolean known = compatible || version >= VERSION_WITHOUT_FINGERPRINT && version <= VERSION;
        if (!known) {
            throw new MalformedInputException("payload format version " + version + " is not supported for the "
                    + "same-schema format; this reader knows 1 to 3", 0);
        }
        return h;
    }

    /** Fails when bytes follow the payload in an input that must hold exactly one. */
    static void requireEnd(BufferReader in) {
        if (in.remaining() != 0) {
            throw new MalformedInputException(in.remaining() + " trailing bytes after the payload", in.position());
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> Class<T> box(Class<T> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        return (Class<T>) java.lang.invoke.MethodType.methodType(c).wrap().returnType();
    }
}
