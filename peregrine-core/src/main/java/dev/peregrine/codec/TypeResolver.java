package dev.peregrine.codec;

import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

/**
 * What codecs need from the registry: a codec per class, and the type tags of polymorphic slots.
 * An interface so that the codec layer does not depend on how registration is kept.
 */
public interface TypeResolver {

    /**
     * The codec for a class, created and cached on first use.
     *
     * @param type a concrete class
     * @return its codec
     * @throws dev.peregrine.UnsupportedTypeException when the class cannot be handled faithfully
     */
    TypeCodec<?> codecFor(Class<?> type);

    /**
     * Writes the tag naming {@code type} in a slot declared as {@code declared}.
     *
     * @param out      the output
     * @param type     the value's class
     * @param declared the slot's declared type, or null
     * @throws dev.peregrine.UnregisteredTypeException when the class may not be written
     */
    void writeType(BufferWriter out, Class<?> type, TypeHint declared);

    /**
     * Reads a tag written by {@link #writeType} and checks that the class it names may be read.
     *
     * @param in       the input
     * @param declared the slot's declared type, or null
     * @return the class named
     */
    Class<?> readType(BufferReader in, TypeHint declared);
}
