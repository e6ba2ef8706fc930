package dev.peregrine;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.buffer.ByteBufferReader;
import dev.peregrine.codec.Limits;
import dev.peregrine.registry.TypeRegistry;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Serializes Java objects to compact bytes and back, with no schema file, annotations or build step.
 *
 * <pre>{@code
 * Peregrine peregrine = Peregrine.builder().register(Order.class, Customer.class).build();
 * byte[] bytes = peregrine.serialize(order);
 * Order copy = peregrine.deserialize(bytes, Order.class);
 * }</pre>
 *
 * <p>An instance is immutable and thread-safe: build one and share it between all threads. It keeps
 * no per-thread state; each call allocates its own small context. Every failure is a
 * {@link PeregrineException}; see its subclasses for the contract.
 */
public final class Peregrine {
    private final TypeRegistry registry;
    private final Session session;
    /** Arrays for {@link #serialize(Object)} to write into before copying out the payload. */
    private final SpareArrays spare = new SpareArrays();
    /** Array readers and their contexts, kept between decodes. */
    private final BoundReaders readers;

    private Peregrine(Builder b) {
        Limits limits = new Limits(b.maxDepth, b.maxCollectionLength, b.maxPayloadBytes, b.maxAllocationRatio,
                b.maxReferences, b.maxStringLength);
        this.registry = new TypeRegistry(b.ids, b.requireRegistration, b.loader, b.compatible ? limits : null);
        this.session = new Session(registry, b.referenceTracking, limits);
        this.readers = new BoundReaders(session);
    }

    /** @return a builder with the defaults: registration required, references not tracked */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Serializes a value, with its type, into a new array.
     *
     * @param value any supported value, or null
     * @return the payload
     */
    public byte[] serialize(Object value) {
        BufferWriter out = spare.writer();
        session.write(out, value, null, null, null);
        return spare.finish(out);
    }

    /**
     * Serializes a value into a caller's array.
     *
     * @param value  any supported value, or null
     * @param dst    destination
     * @param offset index of the first byte to write
     * @return the number of bytes written
     * @throws LimitExceededException when the payload does not fit
     */
    public int serialize(Object value, byte[] dst, int offset) {
        BufferWriter out = BufferWriter.bounded(dst, offset, dst.length);
        session.write(out, value, null, null, null);
        return out.size();
    }

    /**
     * Serializes a value to a stream as a varint length followed by the payload, so that several
     * values can follow each other and {@link #deserialize(InputStream, Class)} reads exactly one.
     *
     * @param value any supported value, or null
     * @param out   the stream; not closed
     * @throws StreamException when the stream fails
     */
    public void serialize(Object value, OutputStream out) {
        BufferWriter payload = BufferWriter.growable(64);
        Frames.begin(payload);
        session.write(payload, value, null, null, null);
        Frames.write(out, payload);
    }

    /**
     * Serializes a value into a buffer from its position, advancing the position.
     *
     * @param value any supported value, or null
     * @param dst   heap or direct buffer
     * @throws LimitExceededException when the payload does not fit before the limit
     */
    public void serialize(Object value, ByteBuffer dst) {
        if (dst.hasArray() && !dst.isReadOnly()) {
            int start = dst.arrayOffset() + dst.position();
            BufferWriter out = BufferWriter.bounded(dst.array(), start, dst.arrayOffset() + dst.limit());
            session.write(out, value, null, null, null);
            dst.position(dst.position() + out.size());
        } else {
            byte[] payload = serialize(value);
            if (payload.length > dst.remaining()) {
                throw new LimitExceededException("output buffer too small: need " + payload.length
                        + " bytes, " + dst.remaining() + " remain", -1);
            }
            dst.put(payload);
        }
    }

    /**
     * Deserializes a payload written by {@link #serialize(Object)}.
     *
     * @param bytes exactly one payload
     * @return the value, or null
     */
    public Object deserialize(byte[] bytes) {
        return deserialize(bytes, 0, bytes.length, Object.class);
    }

    /**
     * Deserializes a payload and checks its type.
     *
     * @param bytes exactly one payload
     * @param type  the expected type (a supertype of the value's class, or its box)
     * @param <T>   the expected type
     * @return the value, or null
     */
    public <T> T deserialize(byte[] bytes, Class<T> type) {
        return deserialize(bytes, 0, bytes.length, type);
    }

    /**
     * Deserializes a payload from a slice of an array; the slice must hold exactly one payload.
     *
     * @param bytes  the array
     * @param offset first byte of the payload
     * @param length payload length
     * @param type   the expected type
     * @param <T>    the expected type
     * @return the value, or null
     */
    public <T> T deserialize(byte[] bytes, int offset, int length, Class<T> type) {
        Objects.requireNonNull(bytes, "bytes");
        return readers.read(bytes, offset, length, type, null);
    }

    /**
     * Reads one value written by {@link #serialize(Object, OutputStream)}: a varint length and that
     * many bytes, no more.
     *
     * @param in   the stream; not closed
     * @param type the expected type
     * @param <T>  the expected type
     * @return the value, or null
     * @throws StreamException        when the stream fails
     * @throws LimitExceededException when the length exceeds {@code maxPayloadBytes}; the stream is
     *                                then left after the length, inside the refused payload, and
     *                                cannot be read further
     */
    public <T> T deserialize(InputStream in, Class<T> type) {
        byte[] payload = Frames.read(in, session.limits().maxPayloadBytes());
        return deserialize(payload, type);
    }

    /**
     * Reads one value from a buffer's position, advancing the position past it; bytes after it are
     * left for the next read.
     *
     * @param src  heap or direct buffer
     * @param type the expected type
     * @param <T>  the expected type
     * @return the value, or null
     */
    public <T> T deserialize(ByteBuffer src, Class<T> type) {
        if (src.hasArray()) {
            ArrayReader in = new ArrayReader(src.array(), src.arrayOffset() + src.position(), src.remaining());
            T value = session.read(in, type, null);
            src.position(src.position() + in.position());
            return value;
        }
        ByteBufferReader in = new ByteBufferReader(src);
        T value = session.read(in, type, null);
        in.finish();
        return value;
    }

    /** @return the type registry; for tests in this package */
    TypeRegistry registry() {
        return registry;
    }

    /**
     * A handle for one root type: its payloads omit the root's type tag, and it encodes into and
     * decodes from caller-supplied arrays. The fastest path.
     *
     * @param type a registered class, or one implied by a registered class's fields
     * @param <T>  the root type
     * @return the codec
     * @throws UnsupportedTypeException when the type cannot be handled
     */
    public <T> Codec<T> codec(Class<T> type) {
        return new Codec<>(session, type);
    }

    /**
     * Opens a stream session for writing: each value is framed as by {@link #serialize(Object,
     * OutputStream)}, and in the compatible format each class's metadata is written once per stream
     * rather than once per value. Read it with {@link #newStreamReader}.
     *
     * @param out the stream
     * @return the writer; one thread at a time
     */
    public StreamWriter newStreamWriter(OutputStream out) {
        return new StreamWriter(session, out);
    }

    /**
     * Opens a stream session for reading what a {@link #newStreamWriter} wrote.
     *
     * @param in the stream
     * @return the reader; one thread at a time
     */
    public StreamReader newStreamReader(InputStream in) {
        return new StreamReader(session, in);
    }

    /** Configures a {@link Peregrine}. Not thread-safe; the instance it builds is. */
    public static final class Builder {
        private final Map<Class<?>, Integer> ids = new LinkedHashMap<>();
        private int nextId;
        private boolean requireRegistration = true;
        private boolean referenceTracking;
        private boolean compatible;
        private int maxDepth = Limits.DEFAULT.maxDepth();
        private int maxCollectionLength = Limits.DEFAULT.maxCollectionLength();
        private int maxPayloadBytes = Limits.DEFAULT.maxPayloadBytes();
        private int maxAllocationRatio = Limits.DEFAULT.maxAllocationRatio();
        private int maxReferences = Limits.DEFAULT.maxReferences();
        private int maxStringLength = Limits.DEFAULT.maxStringLength();
        private ClassLoader loader = Peregrine.class.getClassLoader();

        private Builder() {
        }

        /**
         * Registers classes with ids in registration order, skipping ids already taken.
         *
         * @param types classes, enums or array classes
         * @return this builder
         */
        public Builder register(Class<?>... types) {
            for (Class<?> t : types) {
                while (ids.containsValue(nextId)) {
                    nextId++;
                }
                register(t, nextId);
            }
            return this;
        }

        /**
         * Registers a class with an explicit id, stable across versions of the application.
         *
         * @param type a class, enum or array class
         * @param id   0 to 1,000,000; each id names one class
         * @return this builder
         * @throws IllegalArgumentException when the id or the class is already registered
         */
        public Builder register(Class<?> type, int id) {
            Objects.requireNonNull(type, "type");
            if (id < 0 || id > 1_000_000) {
                throw new IllegalArgumentException("id " + id + " is outside 0..1000000");
            }
            if (ids.containsKey(type)) {
                throw new IllegalArgumentException(type.getName() + " is already registered with id " + ids.get(type));
            }
            if (ids.containsValue(id)) {
                throw new IllegalArgumentException("id " + id + " is already taken");
            }
            if (type.isPrimitive() || dev.peregrine.codec.Builtins.tagOf(type) >= 0) {
                throw new IllegalArgumentException(type.getName() + " is built in and needs no registration");
            }
            ids.put(type, id);
            return this;
        }

        /**
         * @param required true (the default) to refuse classes neither registered nor implied by the
         *                 declared field types of registered classes; false to write them by name
         * @return this builder
         */
        public Builder requireRegistration(boolean required) {
            this.requireRegistration = required;
            return this;
        }

        /**
         * @param enabled true to keep shared references shared and allow cycles; false (the default)
         *                writes every reference as a fresh value, and a cycle hits the depth limit
         * @return this builder
         */
        public Builder referenceTracking(boolean enabled) {
            this.referenceTracking = enabled;
            return this;
        }

        /**
         * Chooses the compatible format, for data that must outlive a version of its classes: each
         * payload carries its classes' field names and types once (once per stream in a stream
         * session), and a reader with other versions of the classes matches fields by
         * {@link Tag} or name, converts, defaults and skips them (see {@code docs/EVOLUTION.md}).
         * Writer and reader must both use it.
         *
         * @param enabled true for the compatible format; false (the default) for the same-schema
         *                format, smaller and fastest, which refuses data of other class versions
         * @return this builder
         */
        public Builder compatible(boolean enabled) {
            this.compatible = enabled;
            return this;
        }

        /**
         * @param depth deepest nesting of values allowed when writing or reading (default 100)
         * @return this builder
         */
        public Builder maxDepth(int depth) {
            this.maxDepth = positive(depth, "maxDepth");
            return this;
        }

        /**
         * @param length longest array, collection or map a reader accepts (default 16,777,216)
         * @return this builder
         */
        public Builder maxCollectionLength(int length) {
            this.maxCollectionLength = positive(length, "maxCollectionLength");
            return this;
        }

        /**
         * @param bytes largest payload read from a stream (default 1 GiB)
         * @return this builder
         */
        public Builder maxPayloadBytes(int bytes) {
            this.maxPayloadBytes = positive(bytes, "maxPayloadBytes");
            return this;
        }

        /**
         * Bounds the heap a read may allocate: 1 MiB plus this many bytes per payload byte (default
         * 64), charged before element arrays and objects are allocated, so that a small hostile
         * payload cannot declare millions of empty elements.
         *
         * @param ratio estimated heap bytes allowed per payload byte
         * @return this builder
         */
        public Builder maxAllocationRatio(int ratio) {
            this.maxAllocationRatio = positive(ratio, "maxAllocationRatio");
            return this;
        }

        /**
         * @param count most values a read with reference tracking may remember (default 16,777,216)
         * @return this builder
         */
        public Builder maxReferences(int count) {
            this.maxReferences = positive(count, "maxReferences");
            return this;
        }

        /**
         * @param bytes longest string a reader accepts, in encoded bytes (default 16 MiB)
         * @return this builder
         */
        public Builder maxStringLength(int bytes) {
            this.maxStringLength = positive(bytes, "maxStringLength");
            return this;
        }

        /**
         * @param classLoader loader of classes named in payloads when registration is not required
         * @return this builder
         */
        public Builder classLoader(ClassLoader classLoader) {
            this.loader = Objects.requireNonNull(classLoader, "classLoader");
            return this;
        }

        private static int positive(int v, String what) {
            if (v <= 0) {
                throw new IllegalArgumentException(what + " must be positive, not " + v);
            }
            return v;
        }

        /** @return a new, immutable, thread-safe instance */
        public Peregrine build() {
            return new Peregrine(this);
        }
    }
}
