package dev.peregrine.codec;

import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * An immutable value type written by a pair of functions over the buffer: boxes, strings, big numbers,
 * dates. Such values take no part in reference tracking.
 *
 * @param <T> the value type
 */
final class ScalarCodec<T> extends LeafCodec<T> {
    private final BiConsumer<BufferWriter, T> writer;
    private final Function<BufferReader, T> reader;

    ScalarCodec(BiConsumer<BufferWriter, T> writer, Function<BufferReader, T> reader) {
        this.writer = writer;
        this.reader = reader;
    }

    @Override
    public void write(WriteContext ctx, T value, TypeHint hint) {
        writer.accept(ctx.out(), value);
    }

    @Override
    public T read(ReadContext ctx, TypeHint hint) {
        return reader.apply(ctx.in());
    }

    @Override
    public boolean tracksReferences() {
        return false;
    }
}
