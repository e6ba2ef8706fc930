package dev.peregrine;

import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Builtins;
import dev.peregrine.codec.Limits;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.WriteContext;
import dev.peregrine.registry.TypeRegistry;

/**
 * The payload framing shared by {@link Peregrine} and {@link Codec}: the header byte, the root's
 * type tag (omitted by a {@code Codec}), the root value; and the error contract around it.
 *
 * <p>Header byte: {@code 1010 vv r c}: magic {@code 0xA} in the high nibble, format version
 * {@code vv} (1), {@code r} set when references are tracked, {@code c} reserved for the compatible
 * format (0).
 */
final class Session {
    static final int VERSION = 1;
    private static final int MAGIC = 0xA0;
    private static final int REFERENCES = 2;
    private static final int COMPATIBLE = 1;

    private final TypeRegistry registry;
    private final boolean references;
    private final Limits limits;

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
     * @param rootCodec the codec of a known root (its tag omitted), or null to write the tag
     */
    void write(BufferWriter out, Object value, TypeCodec<?> rootCodec) {
        write(new WriteContext(out, registry, limits, references), value, rootCodec);
    }

    /** A context for {@link #write(WriteContext, Object, TypeCodec)} that its caller may keep and reuse. */
    WriteContext newContext(BufferWriter out) {
        return new WriteContext(out, registry, limits, references);
    }

    /**
     * Writes a payload through a given context, which must be fresh or {@link WriteContext#reset}.
     *
     * @param rootCodec the codec of a known root (its tag omitted), or null to write the tag
     */
    void write(WriteContext ctx, Object value, TypeCodec<?> rootCodec) {
        BufferWriter out = ctx.out();
        try {
            out.writeByte(MAGIC | VERSION << 2 | (references ? REFERENCES : 0));
            TypeCodec<?> codec = rootCodec;
            if (codec == null) {
                if (value == null) {
                    out.writeVarUInt(Builtins.NULL);
                    return;
                }
                Class<?> type = Builtins.wireClass(value.getClass());
                registry.writeType(out, type, null);
                codec = registry.codecFor(type);
            }
            ctx.writeRoot(value, codec);
        } catch (StackOverflowError e) {
            throw new LimitExceededException("stack exhausted while writing; lower maxDepth or enable "
                    + "referenceTracking if the graph has a cycle", -1);
        }
    }

    /**
     * Reads a payload.
     *
     * @param expected  the type the caller expects
     * @param rootCodec the codec of a known root (no tag in the payload), or null to read the tag
     */
    <T> T read(BufferReader in, Class<T> expected, TypeCodec<?> rootCodec) {
        return read(newReadContext(in), expected, rootCodec);
    }

    /** A context for {@link #read(ReadContext, Class, TypeCodec)} that its caller may keep and reuse. */
    ReadContext newReadContext(BufferReader in) {
        return new ReadContext(in, registry, limits, false);
    }

    /**
     * Reads a payload from the context's input, resetting the context once the header is read.
     *
     * @param expected  the type the caller expects
     * @param rootCodec the codec of a known root (no tag in the payload), or null to read the tag
     */
    <T> T read(ReadContext ctx, Class<T> expected, TypeCodec<?> rootCodec) {
        BufferReader in = ctx.in();
        try {
            boolean tracked = readHeader(in);
            TypeCodec<?> codec = rootCodec;
            if (codec == null) {
                int at = in.position();
                Class<?> type = registry.readRootType(in);
                if (type == null) {
                    return null;
                }
                if (!box(expected).isAssignableFrom(type)) {
                    throw new MalformedInputException("payload holds a " + type.getName() + ", not a "
                            + expected.getName(), at);
                }
                codec = registry.codecFor(type);
            }
            ctx.reset(tracked);
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

    private static boolean readHeader(BufferReader in) {
        int h = in.readByte() & 0xFF;
        if ((h & 0xF0) != MAGIC) {
            throw new MalformedInputException(String.format("not a Peregrine payload: header byte 0x%02x", h), 0);
        }
        int version = (h >>> 2) & 3;
        if (version != VERSION || (h & COMPATIBLE) != 0) {
            throw new MalformedInputException("payload format version " + version
                    + ((h & COMPATIBLE) != 0 ? " (compatible)" : "") + " is not supported; this reader knows "
                    + VERSION, 0);
        }
        return (h & REFERENCES) != 0;
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
