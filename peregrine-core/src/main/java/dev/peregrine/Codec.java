package dev.peregrine;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Builtins;
import dev.peregrine.codec.ReadContext;
import dev.peregrine.codec.Reusable;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.WriteContext;

import java.util.Objects;

/**
 * A handle for one root type, from {@link Peregrine#codec(Class)}. Its payloads omit the root's type
 * tag (the reader knows it), and it encodes into and decodes from caller-supplied arrays: the fastest
 * way to move many values of one type. Thread-safe, like the {@link Peregrine} it came from.
 *
 * @param <T> the root type
 */
public final class Codec<T> {
    private final Session session;
    private final Class<T> type;
    private final TypeCodec<?> codec;
    /** The root type when values of exactly that class need no further check, else null. */
    private final Class<?> plainClass;
    /** Arrays for {@link #encode(Object)} to write into before copying out the payload. */
    private final SpareArrays spare = new SpareArrays();
    /** Bounded writers and their contexts, kept between encodes into callers' arrays; see encode. */
    private final Reusable<WriteContext> boundWriter = new Reusable<>();
    /** Growable writers and their contexts, kept between encodes once {@link #nests}; see encodeNesting. */
    private final Reusable<WriteContext> nestingWriter = new Reusable<>();
    /**
     * Set for good once a payload has held values nested {@link #NESTING} deep. A plain field: a
     * thread that reads it stale takes the other path once more, which writes the same bytes.
     */
    private boolean nests;
    /** Nesting depth from which the kept writer pays; see encodeNesting. */
    private static final int NESTING = 4;
    /** Array readers and their contexts, kept between decodes; see decode. */
    private final Reusable<ReadContext> boundReader = new Reusable<>();
    /** The first five bytes of this codec's payloads, or {@link Session#NO_PREFIX}: see Session.prefix. */
    private final long prefix;
    /** The first bytes of this codec's payloads in the compatible format, or null: see Session.lead. */
    private final byte[] lead;
    private static final byte[] EMPTY = new byte[0];

    Codec(Session session, Class<T> type) {
        this.session = session;
        this.type = Objects.requireNonNull(type, "type");
        this.codec = session.registry().codecFor(type);
        this.plainClass = Builtins.wireClass(type) == type ? type : null;
        this.prefix = session.prefix(type);
        this.lead = session.lead(codec);
    }

    /** @return the root type */
    public Class<T> type() {
        return type;
    }

    private void check(T value) {
        // Perf: one class comparison on the common path, nothing allocated.
        if (value == null || value.getClass() != plainClass) {
            checkOther(value);
        }
    }

    private void checkOther(T value) {
        Objects.requireNonNull(value, "a Codec encodes non-null values; use Peregrine.serialize for null");
        if (Builtins.wireClass(value.getClass()) != type) {
            throw new UnsupportedTypeException("Codec<" + type.getName() + "> cannot encode a "
                    + value.getClass().getName() + " without losing its type; use Peregrine.serialize");
        }
    }

    /**
     * Encodes a value into a new array.
     *
     * @param value a non-null value of exactly the root type
     * @return the payload
     */
    public byte[] encode(T value) {
        check(value);
        if (nests) {
            return encodeNesting(value);
        }
        BufferWriter out = lead == null ? spare.writer() : spare.writer(lead);
        if (session.write(out, value, codec, type, lead) >= NESTING) {
            nests = true;
        }
        return spare.finish(out);
    }

    /**
     * {@link #encode(Object)} for a root type whose values nest deep.
     *
     * <p>Perf: a writer and context made per call cost nothing while the JIT inlines the whole
     * write, since escape analysis then keeps them in registers. In deep payloads it stops doing
     * so: C2 inlines a recursive call (a {@code DeepObject}'s child) only one level deep, and a
     * nested class's codec that runs several times per payload (Car's {@code PerformanceFigure})
     * is compiled on its own first and then too big to inline. The pair then escapes into those
     * calls and is allocated, 88 bytes per payload. Kept between calls it costs no allocation, but
     * the writer's position lives in memory rather than in a register. Measured: the allocation
     * gone at the same speed or better four levels deep (DeepObject, Car); a loss on shallower
     * payloads (SimpleObject; ComplexObject, two deep, when its write is inlined whole;
     * MediaContent, three deep). DESIGN.md, twenty-seventh round.
     */
    private byte[] encodeNesting(T value) {
        WriteContext ctx = nestingWriter.take();
        // The lead to copy in: none for a kept writer, whose array holds it from its last payload
        // (only such a writer is kept, below), as SpareArrays.writer(byte[]) does for encode.
        byte[] copy = lead;
        if (ctx == null) {
            ctx = session.newContext(spare.writer());
        } else {
            ctx.out().reset();
            ctx.reset();
            if (lead != null) {
                ctx.out().position(lead.length);
                copy = null;
            }
        }
        BufferWriter out = ctx.out();
        try {
            // With its table emptied, writeLead always takes the lead.
            if (lead == null || !session.writeLead(ctx, value, codec, copy)) {
                session.write(ctx, value, codec, type);
            }
            return out.toByteArray();
        } finally {
            ctx.release();
            if (SpareArrays.keepable(out) && (lead == null || out.position() >= lead.length)) {
                nestingWriter.giveBack(ctx);
            }
        }
    }

    /**
     * Encodes a value into a caller's array.
     *
     * @param value  a non-null value of exactly the root type
     * @param dst    destination
     * @param offset index of the first byte to write
     * @return the number of bytes written
     * @throws LimitExceededException when the payload does not fit
     */
    public int encode(T value, byte[] dst, int offset) {
        check(value);
        // Perf: writers and contexts kept like the spare arrays, so that encoding into a caller's
        // array allocates nothing; a caller that finds none free makes its own pair.
        WriteContext ctx = boundWriter.take();
        if (ctx == null) {
            ctx = session.newContext(BufferWriter.bounded(EMPTY, 0, 0));
        }
        BufferWriter out = ctx.out();
        out.retarget(dst, offset, dst.length);
        ctx.reset();
        try {
            if (lead == null || !session.writeLead(ctx, value, codec, lead)) {
                session.write(ctx, value, codec, type);
            }
            return out.size();
        } finally {
            out.retarget(EMPTY, 0, 0);
            ctx.release();
            boundWriter.giveBack(ctx);
        }
    }

    /**
     * Decodes a payload written by {@link #encode}.
     *
     * @param src exactly one payload
     * @return the value
     */
    public T decode(byte[] src) {
        return decode(src, 0, src.length);
    }

    /**
     * Decodes a payload from a slice of an array that holds exactly one payload.
     *
     * @param src    the array
     * @param offset first byte
     * @param length payload length
     * @return the value
     */
    public T decode(byte[] src, int offset, int length) {
        // Perf: the steps of BoundReaders.read, repeated here rather than called: a call level
        // fewer before the root's codec, which deep graphs need (DeepObject decode 62.5 -> 67 to 72
        // ns through BoundReaders; DESIGN.md, seventeenth round).
        ReadContext ctx = boundReader.take();
        if (ctx == null) {
            ctx = session.newReadContext(new ArrayReader(EMPTY, 0, 0));
        }
        ArrayReader in = (ArrayReader) ctx.in();
        in.retarget(src, offset, length);
        try {
            T value = session.read(ctx, type, codec, prefix, lead);
            Session.requireEnd(in);
            return value;
        } finally {
            in.retarget(EMPTY, 0, 0);
            ctx.release();
            boundReader.giveBack(ctx);
        }
    }
}
