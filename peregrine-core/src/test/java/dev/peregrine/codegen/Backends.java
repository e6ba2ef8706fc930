package dev.peregrine.codegen;

import dev.peregrine.UnsupportedTypeException;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Builtins;
import dev.peregrine.codec.Limits;
import dev.peregrine.codec.ObjectCodec;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.TypeHint;
import dev.peregrine.codec.TypeResolver;
import dev.peregrine.codec.WriteContext;
import dev.peregrine.registry.TypeRegistry;
import dev.peregrine.type.TypeModel;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A resolver that gives every user class in a graph the same backend, generated or interpreted,
 * whatever {@code peregrine.codegen} says, so one JVM can compare the two. Tags and built-in codecs
 * come from a plain registry that writes unregistered classes by name.
 */
final class Backends implements TypeResolver {
    private final boolean generated;
    private final TypeRegistry base = new TypeRegistry(Map.of(), false, Backends.class.getClassLoader());
    private final Map<Class<?>, TypeCodec<?>> userCodecs = new HashMap<>();

    private Backends(boolean generated) {
        this.generated = generated;
    }

    /** @return a resolver whose user classes all have generated codecs (failing rather than falling back) */
    static Backends generated() {
        return new Backends(true);
    }

    /** @return a resolver whose user classes all use the interpreter */
    static Backends interpreted() {
        return new Backends(false);
    }

    @Override
    public synchronized TypeCodec<?> codecFor(Class<?> type) {
        TypeCodec<?> codec = userCodecs.get(type);
        if (codec != null) {
            return codec;
        }
        if (Builtins.codecOf(type) != null || type.isArray() || type.isEnum()) {
            return base.codecFor(type);
        }
        TypeModel model = TypeModel.of(type);
        codec = generated ? CodecFactory.generate(model, this) : new ObjectCodec(model, this);
        userCodecs.put(type, codec);
        CodecFactory.link(codec);
        return codec;
    }

    @Override
    public void writeType(BufferWriter out, Class<?> type, TypeHint declared) {
        base.writeType(out, type, declared);
    }

    @Override
    public Class<?> readType(BufferReader in, TypeHint declared) {
        return base.readType(in, declared);
    }

    /**
     * Encodes a value as a root of unknown type.
     *
     * @param value      the value
     * @param references whether to track references
     * @return the bytes
     */
    byte[] encode(Object value, boolean references) {
        return encode(value, references, BufferWriter.growable(64));
    }

    /**
     * Encodes a value as a root of unknown type into a given writer.
     *
     * @param value      the value
     * @param references whether to track references
     * @param out        the writer, growable or bounded
     * @return the bytes written
     */
    byte[] encode(Object value, boolean references, BufferWriter out) {
        new WriteContext(out, this, Limits.DEFAULT, references).writeAny(value, null);
        return out.toByteArray();
    }

    /**
     * Encodes a value of a known class with this resolver's codec for it, without a type tag.
     *
     * @param value the value
     * @return the bytes
     */
    byte[] encodeRoot(Object value) {
        BufferWriter out = BufferWriter.growable(64);
        new WriteContext(out, this, Limits.DEFAULT, false).writeRoot(value, codecFor(value.getClass()));
        return out.toByteArray();
    }

    /**
     * Decodes what {@link #encodeRoot} wrote.
     *
     * @param bytes the bytes
     * @param type  the class written
     * @return the value
     */
    Object decodeRoot(byte[] bytes, Class<?> type) {
        ArrayReader in = new ArrayReader(bytes, 0, bytes.length);
        return new ReadContext(in, this, Limits.DEFAULT, false).readRoot(codecFor(type));
    }

    /**
     * Decodes what {@link #encode} wrote, requiring every byte to be used.
     *
     * @param bytes      the bytes
     * @param references whether they track references
     * @return the value
     */
    Object decode(byte[] bytes, boolean references) {
        ArrayReader in = new ArrayReader(bytes, 0, bytes.length);
        Object v = new ReadContext(in, this, Limits.DEFAULT, references).readAny(null);
        if (in.remaining() != 0) {
            throw new AssertionError(in.remaining() + " bytes left over");
        }
        return v;
    }

    /**
     * Asserts that both backends refuse to write a value whose generic field holds an element of a
     * class it does not declare, with the same words, rather than write bytes every reader refuses.
     *
     * @param value     the polluted value
     * @param smuggled  the class that does not belong
     * @param declared  the class the slot declares
     */
    static void assertBothWritersRefuse(Object value, Class<?> smuggled, Class<?> declared) {
        for (boolean references : new boolean[] {false, true}) {
            UnsupportedTypeException interpreted = assertThrows(UnsupportedTypeException.class,
                    () -> interpreted().encode(value, references));
            UnsupportedTypeException generated = assertThrows(UnsupportedTypeException.class,
                    () -> generated().encode(value, references));
            assertEquals(interpreted.getMessage(), generated.getMessage());
            assertTrue(generated.getMessage().startsWith("a value of class " + smuggled.getName() + " where "
                    + declared.getName() + " is declared"), generated.getMessage());
        }
    }
}
