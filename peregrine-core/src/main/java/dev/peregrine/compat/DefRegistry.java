package dev.peregrine.compat;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.codec.Limits;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The class defs one {@code Peregrine} instance in compatible mode knows: the defs of its own classes,
 * made once per class, and the defs it has read from payloads, cached by their package and bytes so
 * that a def seen before costs one hash lookup instead of a parse (a def of format version 2 is
 * parsed each time, then looked up by its content). A def read with the same package and bytes as
 * a local def is that local def, which is how a reader knows, with one identity comparison, that an object was
 * written by the same version of its class (a local def is found by the bytes of either of its
 * forms: names packed, or as strings in a compressed preload). Reading never changes a local def, so what an instance
 * writes never depends on what it has read. The cache of foreign defs is bounded (4,096 defs of at
 * most 64 KiB, 8 MiB of bodies in all, package names of at most 1,024 chars shared between them);
 * past that, defs are parsed each time they arrive.
 */
public final class DefRegistry {
    /** Bounds on cached foreign defs, so hostile payloads cannot grow the cache without end. */
    private static final int MAX_CACHED = 4096;
    private static final int MAX_CACHED_DEF_BYTES = 64 * 1024;
    private static final long MAX_CACHED_BYTES = 8L * 1024 * 1024;
    /** Bounds on cached inflated preloads, counting their compressed and inflated bytes. */
    private static final int MAX_INFLATED_CACHED = 256;
    private static final long MAX_INFLATED_CACHED_BYTES = 4L * 1024 * 1024;

    private final ConcurrentHashMap<Class<?>, ClassDef> locals = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<ClassDef.Key, ClassDef> known = new ConcurrentHashMap<>();
    private final AtomicInteger serials = new AtomicInteger();
    private final AtomicLong cachedBytes = new AtomicLong();
    private final ConcurrentHashMap<Compressed, byte[]> inflated = new ConcurrentHashMap<>();
    private final AtomicLong inflatedBytes = new AtomicLong();
    /** This instance's compressed preloads by token: one per root of a {@code Codec}, not bounded by input. */
    private final ConcurrentHashMap<Long, Preload> ownDeflated = new ConcurrentHashMap<>();
    private final Limits limits;

    /**
     * @param limits bounds for parsing defs from payloads
     */
    public DefRegistry(Limits limits) {
        this.limits = limits;
    }

    /**
     * The def of a class of this JVM, made on first use.
     *
     * @param type an enum or a user class
     * @return its def
     */
    public ClassDef local(Class<?> type) {
        ClassDef def = locals.get(type);
        if (def != null) {
            return def;
        }
        ClassDef made = ClassDef.local(type, serials.getAndIncrement());
        def = locals.putIfAbsent(type, made);
        if (def == null) {
            known.put(made.key(), made);
            // A compressed preload carries the def with its names as strings: the same version.
            known.put(made.plainKey(), made);
            def = made;
        }
        return def;
    }

    /**
     * Reads {@code varint(length) body} of format version 3 and returns its def.
     *
     * @param in          the input, at the def
     * @param packageName the package the payload named for it
     * @return the local def when the package and bytes match one, otherwise a parsed def
     */
    ClassDef read(BufferReader in, String packageName) {
        int at = in.position();
        byte[] body = body(in);
        ClassDef.Key key = new ClassDef.Key(packageName, body);
        ClassDef def = known.get(key);
        if (def == null) {
            def = parse(body, at, r -> ClassDef.parse(r, packageName, at));
            remember(key, def, body.length);
        }
        return def;
    }

    /**
     * Reads a def of format version 2 ({@code varint(length) body}, the body naming the full class).
     * Not cached by its bytes: it is parsed, and then stands for the local or cached def with the
     * same content, so an old payload of an unchanged class is still read by the same-schema codec.
     *
     * @param in the input, at the def
     * @return the local def when the content matches one, otherwise the parsed def
     */
    ClassDef readV2(BufferReader in) {
        int at = in.position();
        byte[] body = body(in);
        ClassDef parsed = parse(body, at, r -> ClassDef.parseV2(r, at));
        ClassDef def = known.get(parsed.key());
        if (def == null) {
            def = parsed;
            remember(parsed.key(), def, body.length);
        }
        return def;
    }

    /**
     * Records a compressed preload this instance writes, so that {@link #ownDeflated} finds it.
     *
     * @param preload a local root's preload
     */
    public void own(Preload preload) {
        if (preload.inflatedLength >= 0) {
            ownDeflated.putIfAbsent(preload.token, preload);
        }
    }

    /**
     * @param token  a compressed preload's token, as {@code readLongLE} reads it
     * @param length the length it says its defs inflate to
     * @return this instance's own compressed preload with that token and length, or null: a reader
     *         takes a payload's compressed defs for its own by them, whatever the compressed bytes
     *         (another zlib build compresses the same defs differently), as it takes a version 7
     *         preload by its token and length
     */
    Preload ownDeflated(long token, int length) {
        Preload p = ownDeflated.get(token);
        return p != null && p.inflatedLength == length ? p : null;
    }

    /**
     * Reads a compressed preload's bytes and inflates them, or finds them inflated before. Runs are
     * cached by their compressed bytes, never by the payload's token, which a hostile payload
     * could pair with other defs; the caller {@link #remember(Inflated) remembers} one once its
     * defs have been read.
     *
     * @param in         the input, at the compressed bytes
     * @param compressed their number, no more than the bytes left
     * @param length     what they must inflate to, within {@link PreloadCompression}'s bounds
     * @param at         the payload offset of the compressed preload, for messages
     * @return the inflated run
     */
    Inflated inflate(BufferReader in, int compressed, int length, int at) {
        byte[] bytes = new byte[compressed];
        in.readBytes(bytes, 0, compressed);
        Compressed key = new Compressed(bytes, length);
        byte[] plain = inflated.get(key);
        return new Inflated(key, plain != null ? plain : PreloadCompression.inflate(bytes, length, at), plain != null);
    }

    /**
     * Caches a run whose defs were read, within the bounds (256 runs, 4 MiB of compressed and
     * inflated bytes together).
     *
     * @param run what {@link #inflate} returned
     */
    void remember(Inflated run) {
        long size = run.key.bytes.length + (long) run.plain.length;
        if (!run.cached && inflated.size() < MAX_INFLATED_CACHED
                && inflatedBytes.get() + size <= MAX_INFLATED_CACHED_BYTES
                && inflated.putIfAbsent(run.key, run.plain) == null) {
            inflatedBytes.addAndGet(size);
        }
    }

    /**
     * An inflated run.
     *
     * @param key    its compressed bytes and length
     * @param plain  the bytes it inflates to; not to be modified
     * @param cached true when it came from the cache
     */
    record Inflated(Compressed key, byte[] plain, boolean cached) {
        /** @return a reader over the inflated bytes, its strings limited as a payload's */
        ArrayReader reader(Limits limits) {
            ArrayReader r = new ArrayReader(plain, 0, plain.length);
            r.limitStrings(limits.maxStringLength());
            return r;
        }
    }

    /** A compressed preload and the length it inflates to, as a cache key. */
    record Compressed(byte[] bytes, int length, int hash) {
        Compressed(byte[] bytes, int length) {
            this(bytes, length, 31 * Arrays.hashCode(bytes) + length);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Compressed c && c.hash == hash && c.length == length && Arrays.equals(c.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** @return the limits defs are parsed with */
    Limits limits() {
        return limits;
    }

    private byte[] body(BufferReader in) {
        int length = in.readLength(limits.maxStringLength(), "class definition");
        in.require(length, "class definition");
        byte[] body = new byte[length];
        in.readBytes(body, 0, length);
        return body;
    }

    private ClassDef parse(byte[] body, int at, java.util.function.Function<ArrayReader, ClassDef> parser) {
        ArrayReader r = new ArrayReader(body, 0, body.length);
        r.limitStrings(limits.maxStringLength());
        try {
            return parser.apply(r);
        } catch (dev.peregrine.MalformedInputException | dev.peregrine.LimitExceededException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new dev.peregrine.MalformedInputException("malformed class definition: " + e, at, e);
        }
    }

    private void remember(ClassDef.Key key, ClassDef def, int length) {
        if (known.size() < MAX_CACHED && length <= MAX_CACHED_DEF_BYTES
                && cachedBytes.addAndGet(length) <= MAX_CACHED_BYTES) {
            known.putIfAbsent(key, def);
        }
    }
}
