package dev.peregrine.codec;

import dev.peregrine.LimitExceededException;
import dev.peregrine.MalformedInputException;
import dev.peregrine.UnsupportedTypeException;
import dev.peregrine.buffer.BufferReader;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One deserialize call in progress: the input, the resolver, limits, depth and, when the payload
 * tracks references, the values read so far. The mirror of {@link WriteContext}; see it for the
 * reference marker rules.
 *
 * <p>A codec that creates its object before reading its contents calls {@link #created} at once, so
 * that contents may refer back to it (cycles). Objects built only after their contents are read
 * (records, immutable collections) cannot be the target of such a back reference.
 */
public final class ReadContext {
    private static final Object PENDING = new Object();
    /** Heap bytes charged per value entered: an object costs at least its header, even in no bytes. */
    private static final long OBJECT_CHARGE = 16;

    private final BufferReader in;
    private final TypeResolver resolver;
    private final Limits limits;
    /** {@code limits.maxDepth()}, kept here so that each depth check is one load. */
    private final int maxDepth;
    private ArrayList<Object> values;
    private dev.peregrine.compat.DefTable defs;
    private boolean defsPerStream;
    private int current = -1;
    private int depth;
    private long budget;
    private int hashedDepth;
    /**
     * Back references resolved so far in this read: a changed count tells a hashed level or a
     * conversion saw one, so that what it holds may be an object of a cycle.
     */
    private int backReferences;
    /** {@link #backReferences} when each hashed level was entered, indexed by {@link #hashedDepth}. */
    private final int[] hashedMarks = new int[MAX_HASHED_NESTING + 1];
    /** Sets and maps to refill when the root is complete ({@link #exitHashed(Object, Object[])}), or null. */
    private ArrayList<Unsettled> unsettled;
    /** Immutable sets and maps made from elements of a cycle, checked by {@link #settle}; or null. */
    private ArrayList<Unsettled> finishedEarly;
    /** With references tracked, the copies conversions made in this read, by source; or null. */
    private IdentityHashMap<Object, Object> copies;
    /** The header {@link #openMap} read and left for {@link #readMapBody}. */
    private long openedMap;

    /**
     * Deepest nesting of maps and sets inside map keys and set elements. A map used as a key hashes
     * and compares its own keys and values, so with shared references a payload of linear size can
     * make hashing take time exponential in that nesting; this bound keeps it small.
     */
    public static final int MAX_HASHED_NESTING = 4;
    private long initialBudget;

    /**
     * Starts a read.
     *
     * @param in         the input
     * @param resolver   codecs and type tags
     * @param limits     bounds to respect
     * @param references whether the payload tracks references
     */
    public ReadContext(BufferReader in, TypeResolver resolver, Limits limits, boolean references) {
        this.in = in;
        this.resolver = resolver;
        this.limits = limits;
        this.maxDepth = limits.maxDepth();
        in.limitStrings(limits.maxStringLength());
        reset(references);
    }

    /**
     * Makes this context ready to read the rest of its input afresh: depth, budget (from the bytes
     * remaining now) and, when the payload tracks references, an empty table of values.
     *
     * @param references whether the payload tracks references
     */
    public void reset(boolean references) {
        if (defs != null && !defsPerStream) {
            defs.reset();
        }
        resetKeepingDefs(references);
    }

    /**
     * {@link #reset} for a payload that consults no def table (a self-contained root's, read after
     * its lead): the table is left as it is, for the next {@code reset} to empty. A kept context
     * may so hold the defs of the last general payload it read (other versions' defs, never a
     * decoded value) until its next one.
     *
     * <p>Perf: emptying a table that holds nothing was about 2 ns of compatible SimpleObject
     * decode's 7.5 over the same-schema one, and a check that skips an empty table's loops moved
     * the cut of C2's node budget inside compatible Struct decode (DESIGN.md, fifty-second round).
     *
     * @param references whether the payload tracks references
     */
    public void resetKeepingDefs(boolean references) {
        if (references) {
            if (values == null) {
                values = new ArrayList<>();
            } else {
                values.clear();
            }
        } else {
            values = null;
        }
        current = -1;
        depth = 0;
        hashedDepth = 0;
        unsettled = null;
        finishedEarly = null;
        copies = null;
        initialBudget = limits.allocationBudget(in.remaining());
        budget = initialBudget;
    }

    /**
     * Enters the keys of a map or the elements of a set, which will be hashed or compared.
     *
     * @throws LimitExceededException past {@link #MAX_HASHED_NESTING}
     */
    public void enterHashed() {
        if (++hashedDepth > MAX_HASHED_NESTING) {
            throw new LimitExceededException("maps or sets nested more than " + MAX_HASHED_NESTING
                    + " deep inside map keys or set elements (hashing them could take exponential time)",
                    in.position());
        }
        hashedMarks[hashedDepth] = backReferences;
    }

    /** Leaves what {@link #enterHashed} entered, in a read that tracks no references. */
    public void exitHashed() {
        hashedDepth--;
    }

    /**
     * Leaves what {@link #enterHashed} entered, in a read that tracks references, for the elements
     * or keys of {@code container}, read into {@code elements} in order. When a back reference was
     * read at this level, one of them may refer to an object still being read (a cycle), whose hash
     * code or order changes once its fields are set: it may sit in the wrong bucket, or have
     * compared equal to another and been dropped. The container is then refilled from these arrays
     * when the root is complete ({@link #readRoot}), so that it holds every element and lookups find
     * them. Perf: a read without such a reference compares two ints and allocates nothing.
     *
     * @param container the set or map, before any finishing copy
     * @param elements  its elements, or its keys
     * @return null when the container can be filled as usual; else, to be filled at once only as
     *         well as it can be ({@link #fillUnsettled}), for a map an array the caller fills with
     *         the values, for a set {@code elements}
     */
    public Object[] exitHashed(Object container, Object[] elements) {
        Object[] refill = null;
        if (backReferences != hashedMarks[hashedDepth]) {
            if (unsettled == null) {
                unsettled = new ArrayList<>();
            }
            Object[] values = container instanceof Map<?, ?> ? new Object[elements.length] : null;
            unsettled.add(new Unsettled(container, elements, values));
            refill = values == null ? elements : values;
        }
        hashedDepth--;
        return refill;
    }

    /**
     * Fills a set or map {@link #exitHashed(Object, Object[])} will refill, as well as objects
     * still being read allow, for whatever reads it before the root is complete (a record's
     * constructor, a finishing copy). Their {@code hashCode}, {@code equals} or {@code compareTo}
     * may fail on fields not yet set; what fails here is done again at the refill, on complete
     * objects, where a failure is reported.
     *
     * @param container the set or map
     * @param elements  its elements, or its keys
     * @param values    a map's values, or null for a set
     */
    @SuppressWarnings("unchecked")
    static void fillUnsettled(Object container, Object[] elements, Object[] values) {
        for (int i = 0; i < elements.length; i++) {
            try {
                if (values == null) {
                    ((Collection<Object>) container).add(elements[i]);
                } else {
                    ((Map<Object, Object>) container).put(elements[i], values[i]);
                }
            } catch (RuntimeException notYet) {
                // done again once every object is complete (settle)
            }
        }
    }

    /**
     * The copy made earlier in this read from {@code source} by a conversion to a field's declared
     * type ({@link #copied}), so that a container referred to twice, or from inside itself, still
     * becomes one object.
     *
     * @param source a collection or map as read
     * @return its copy, or null
     */
    public Object copyOf(Object source) {
        return copies == null ? null : copies.get(source);
    }

    /**
     * Notes that {@code copy} was made from {@code source} by the compatible format's conversion of
     * a collection or map to a field's declared type, in a read that tracks references: a later
     * conversion of the same source gives the same copy ({@link #copyOf}), and the copy is refilled
     * from its source once the root is complete, since a reference from inside the source to
     * itself is converted while the source is still being read, and a set or map copy may hash
     * objects of a cycle before their fields are set.
     *
     * @param source the container as read
     * @param copy   the container made from it
     * @param mark   {@link #cycleMark} before the source was read: the copy is refilled only when a
     *               reference into a cycle was read since
     * @param remake makes the copy's contents again from the source
     */
    public void copied(Object source, Object copy, int mark, java.util.function.UnaryOperator<Object> remake) {
        if (copies == null) {
            copies = new IdentityHashMap<>();
        }
        copies.putIfAbsent(source, copy);
        if (backReferences != mark) {
            if (unsettled == null) {
                unsettled = new ArrayList<>();
            }
            unsettled.add(new Unsettled(copy, null, null, source, remake));
        }
    }

    /** @return a mark for {@link #copied}: the count of back references so far */
    public int cycleMark() {
        return backReferences;
    }

    /**
     * A set or map to refill once the root is complete: its elements or keys and a map's values,
     * or the container it was copied from.
     */
    private record Unsettled(Object container, Object[] elements, Object[] values, Object source,
                             java.util.function.UnaryOperator<Object> remake) {
        Unsettled(Object container, Object[] elements, Object[] values) {
            this(container, elements, values, null, null);
        }

        @SuppressWarnings("unchecked")
        void refill() {
            if (container instanceof Map<?, ?> m) {
                Map<Object, Object> map = (Map<Object, Object>) m;
                map.clear();
                if (source != null) {
                    map.putAll((Map<?, ?>) remake.apply(source));
                } else {
                    for (int i = 0; i < elements.length; i++) {
                        map.put(elements[i], values[i]);
                    }
                }
            } else {
                Collection<Object> set = (Collection<Object>) container;
                set.clear();
                if (source != null) {
                    set.addAll((Collection<?>) remake.apply(source));
                } else {
                    Collections.addAll(set, elements);
                }
            }
        }

        /**
         * @param exact whether a set must hold as many elements as were written (same-schema only:
         *              see {@code CollectionCodec.checkDistinct})
         * @return whether the container now finds each of its elements or keys, all distinct for a map
         */
        boolean holdsAll(boolean exact) {
            Object[] expected = source == null ? elements
                    : source instanceof Map<?, ?> m ? m.keySet().toArray() : ((Collection<?>) source).toArray();
            if (container instanceof Map<?, ?> m) {
                if (m.size() != expected.length) {
                    return false;
                }
                for (Object k : expected) {
                    if (!m.containsKey(k)) {
                        return false;
                    }
                }
            } else {
                Collection<?> c = (Collection<?>) container;
                if (exact && source == null && c.size() != expected.length) {
                    return false;
                }
                for (Object e : expected) {
                    if (!c.contains(e)) {
                        return false;
                    }
                }
            }
            return true;
        }
    }

    /**
     * Refills the containers {@link #exitHashed(Object, Object[])} kept, now that every object is
     * complete, in the order their elements were written, which keeps a linked order. An element's
     * hash may depend on another container of the cycle (a set of teams, each hashed by its set of
     * members) that a pass refills only later, so passes repeat until every container finds all it
     * holds; each pass settles at least one more link of such a chain.
     *
     * @throws MalformedInputException when a map's keys, distinct when written, are equal now, or
     *                                 when no number of passes settles the containers
     */
    private void settle() {
        for (int pass = 0; ; pass++) {
            for (Unsettled u : unsettled) {
                u.refill();
            }
            Unsettled wrong = null;
            for (Unsettled u : unsettled) {
                if (!u.holdsAll(defs == null)) {
                    wrong = u;
                    break;
                }
            }
            if (wrong == null) {
                break;
            }
            if (pass >= unsettled.size()) {
                throw new MalformedInputException("a " + wrong.container().getClass().getName() + " of a cycle "
                        + "cannot hold what was written in it: its elements or keys are equal, or their hash "
                        + "codes or order keep changing", in.position());
            }
        }
        if (finishedEarly != null) {
            for (Unsettled u : finishedEarly) {
                if (!u.holdsAll(defs == null)) {
                    throw new UnsupportedTypeException("a " + u.container().getClass().getName() + " was made "
                            + "while objects it holds were still being read (a cycle), and does not find them "
                            + "once they are complete; use a mutable set or map there, or hash them by what "
                            + "is read first");
                }
            }
        }
        unsettled = null;
        finishedEarly = null;
        copies = null;
    }

    /**
     * Notes a set or map made from {@code elements} before the root was complete ({@link
     * #exitHashed(Object, Object[])} returned non-null), which cannot be refilled: an immutable copy.
     * Once the root is complete it must find every element or key, or the read fails rather than
     * return a set that has lost one.
     *
     * @param finished the immutable set or map
     * @param elements the elements or keys it was made from
     */
    public void finishedEarly(Object finished, Object[] elements) {
        if (finishedEarly == null) {
            finishedEarly = new ArrayList<>();
        }
        finishedEarly.add(new Unsettled(finished, elements, null));
    }

    /** Drops the values a tracking read remembered, so a kept context holds no decoded graph. */
    public void release() {
        if (values != null) {
            values.clear();
        }
        unsettled = null;
        finishedEarly = null;
        copies = null;
    }

    /**
     * Charges an allocation the input does not pay for to this read's budget, before it is made.
     *
     * @param bytes estimated heap bytes about to be allocated
     * @throws LimitExceededException when the budget is spent
     */
    public void charge(long bytes) {
        budget -= bytes;
        if (budget < 0) {
            throw overBudget();
        }
    }

    /** Perf: out of {@link #charge}, which every decoded value inlines (see WriteContext's tooDeep). */
    private LimitExceededException overBudget() {
        return new LimitExceededException("decoding would allocate more than " + initialBudget
                + " bytes, the budget for a payload of this size (maxAllocationRatio "
                + limits.maxAllocationRatio() + ")", in.position());
    }

    /**
     * Makes this a read of the compatible format, whose objects carry class defs.
     *
     * @param table the defs read so far (kept across the values of a stream session)
     */
    public void useDefs(dev.peregrine.compat.DefTable table, boolean perStream) {
        this.defs = table;
        this.defsPerStream = perStream;
    }

    /**
     * Perf: what same-schema paths ask instead of {@code defs() != null}. C2 does not inline a
     * method whose signature names a class not yet loaded, and {@code DefTable} is never loaded by
     * a same-schema {@code Peregrine}, so {@link #defs} stays a call there, with the spills around it.
     *
     * @return true in the compatible format, whose objects carry class defs
     */
    public boolean carriesDefs() {
        return defs != null;
    }

    /** @return the defs read so far, or null in the same-schema format */
    public dev.peregrine.compat.DefTable defs() {
        return defs;
    }

    /** @return true when this payload tracks references */
    public boolean tracksReferences() {
        return values != null;
    }

    /** @return the input */
    public BufferReader in() {
        return in;
    }

    /** @return the resolver */
    public TypeResolver resolver() {
        return resolver;
    }

    /** @return the limits in force */
    public Limits limits() {
        return limits;
    }

    /**
     * Reads the root value of a known codec.
     *
     * @param codec the root's codec
     * @return the value
     */
    public Object readRoot(TypeCodec<?> codec) {
        int id = values != null && codec.tracksReferences() ? reserve() : -1;
        Object v = codec.read(this, null);
        if (unsettled != null) {
            settle();
        }
        // Perf: finish only where a slot was reserved, so that untracked payloads make no call of it.
        return id < 0 ? v : finish(id, v);
    }

    /**
     * Reads a non-null value from a slot whose type both sides know.
     *
     * @param codec the codec of the slot's type
     * @param hint  the slot's declared type
     * @return the value
     */
    public Object readKnown(TypeCodec<?> codec, TypeHint hint) {
        int id = -1;
        if (values != null && codec.tracksReferences()) {
            int marker = in.readVarUInt();
            if (marker != 0) {
                return backReference(marker, hint);
            }
            id = reserve();
        }
        enter();
        Object v = codec.read(this, hint);
        depth--;
        return finish(id, v);
    }

    /**
     * Starts a run of elements that {@code codec} reads in a loop of its own ({@link RunReader}):
     * charges the run's objects and enters one level of nesting for all of them, where
     * {@link #readKnown} charges and enters once per element. The run ends with {@link #exitRun}.
     *
     * @param codec   the elements' codec
     * @param objects how many elements are present
     * @return false, doing nothing, when this payload tracks references to values of the codec's
     *         type: each element then carries a marker and goes through {@link #readKnown}
     */
    public boolean enterRun(TypeCodec<?> codec, int objects) {
        if (values != null && codec.tracksReferences()) {
            return false;
        }
        charge(OBJECT_CHARGE * objects);
        if (depth >= maxDepth) {
            throw tooDeep();
        }
        depth++;
        return true;
    }

    /** Ends what {@link #enterRun} started. */
    public void exitRun() {
        depth--;
    }

    /**
     * {@link #readKnown} for a user class in the compatible format; see
     * {@link WriteContext#writeKnownWithDef}.
     *
     * @param codec the class's compatible codec
     * @param inner its same-schema codec, bound as a constant by generated code
     * @param hint  the slot's declared type
     * @return the value
     */
    public Object readKnownWithDef(dev.peregrine.compat.CompatibleCodec codec, TypeCodec<?> inner, TypeHint hint) {
        // Perf: the marker steps of readKnown, repeated rather than shared, so that this stays one
        // method the JIT inlines into the generated call site with inner as a constant.
        int id = -1;
        if (values != null && inner.tracksReferences()) {
            int marker = in.readVarUInt();
            if (marker != 0) {
                return backReference(marker, hint);
            }
            id = reserve();
        }
        enter();
        dev.peregrine.compat.ClassDef def = defs.readUntagged(in, codec.local());
        Object v = def == codec.local() ? inner.read(this, hint) : codec.translate(this, def, hint);
        depth--;
        return finish(id, v);
    }

    /**
     * {@link #readKnownWithDef} for an enum: the same checks and charge (see {@link #enterLeaf}).
     * A def of another version is read by the enum's translator, also a leaf: one ordinal, or a
     * refusal when the writer's class of that name was not an enum. No reference marker: enum
     * constants take no part in reference tracking.
     *
     * @param codec the enum's compatible codec
     * @param inner its same-schema codec
     * @param hint  the slot's declared type
     * @return the constant, or what the translation gives
     */
    public Object readEnumWithDef(dev.peregrine.compat.CompatibleCodec codec, EnumCodec inner, TypeHint hint) {
        enterLeaf();
        dev.peregrine.compat.ClassDef def = defs.readUntagged(in, codec.local());
        return def == codec.local() ? inner.read(this, hint) : codec.translate(this, def, hint);
    }

    /**
     * Reads a present value from a slot declared {@code String}: the same checks and charge as
     * {@link #readKnown} with the string codec.
     *
     * Perf: generated codecs bind their {@code String} fields here, straight to
     * {@link BufferReader#readString}, with no codec or function object between.
     *
     * @return the string
     */
    public Object readString() {
        enterLeaf();
        return in.readString();
    }

    /**
     * {@link #readKnown} for a codec whose values hold no other ({@link TypeCodec#isLeaf}): the same
     * checks and charge (see {@link #enterLeaf}).
     *
     * Perf: generated codecs bind their fields of such types here (boxes, enums, primitive arrays,
     * dates), with the codec and hint as constants.
     *
     * @param codec a leaf codec
     * @param hint  the slot's declared type
     * @return the value
     */
    public Object readLeaf(TypeCodec<?> codec, TypeHint hint) {
        if (values != null && codec.tracksReferences()) {
            return readKnown(codec, hint);
        }
        enterLeaf();
        return codec.read(this, hint);
    }

    /**
     * Takes the checks of an object's present leaf fields at once ({@link LeafFields}), right after
     * its bitmap: their allocation charge, and one check that a value may sit at this depth. Those
     * fields are then read by {@link #readStringEntered} and {@link #readLeafEntered}.
     *
     * @param leaves present leaf fields whose values never take part in reference tracking
     * @param shared present leaf fields whose values do when the payload tracks references
     *               (primitive arrays); in such a payload {@link #readLeafEntered} reads them through
     *               {@link #readKnown}, which checks them itself, so they are not counted here
     */
    public void enterLeaves(int leaves, int shared) {
        int n = values == null ? leaves + shared : leaves;
        long b = budget - OBJECT_CHARGE * n;
        budget = b;
        if (b < 0 | (n != 0 & depth >= maxDepth)) {
            throw leafRefused();
        }
    }

    /**
     * {@link #readString} for a field whose checks {@link #enterLeaves} took.
     *
     * @return the string
     */
    public Object readStringEntered() {
        return in.readString();
    }

    /**
     * {@link #readLeaf} for a field whose checks {@link #enterLeaves} took (unless the payload tracks
     * references and the codec's values take part: then {@link #readKnown}, as there).
     *
     * @param codec a leaf codec
     * @param hint  the slot's declared type
     * @return the value
     */
    public Object readLeafEntered(TypeCodec<?> codec, TypeHint hint) {
        if (values != null && codec.tracksReferences()) {
            return readKnown(codec, hint);
        }
        return codec.read(this, hint);
    }

    /**
     * Reads a non-null value from a slot that may hold several types.
     *
     * @param declared the slot's declared type, or null
     * @return the value
     */
    public Object readAny(TypeHint declared) {
        int id = -1;
        if (values != null) {
            int marker = in.readVarUInt();
            if (marker != 0) {
                return backReference(marker, declared);
            }
            id = reserve();
        }
        Class<?> type = resolver.readType(in, declared);
        TypeCodec<?> codec = resolver.codecFor(type);
        enter();
        Object v = codec.read(this, declared);
        depth--;
        return finish(id, v);
    }

    /**
     * {@link #readAny} for a field's slot, which remembers the last one-byte tag it read and the codec
     * of the class it named, so the registry is asked only when the tag changes.
     */
    Object readAny(ReferenceSlot slot) {
        int id = -1;
        if (values != null) {
            int marker = in.readVarUInt();
            if (marker != 0) {
                return backReference(marker, slot.hint());
            }
            id = reserve();
        }
        ReferenceSlot.ReadTag last = slot.lastRead();
        TypeCodec<?> codec;
        if (last != null && in.peekByte() == last.tag()) {
            in.readByte();
            codec = last.codec();
        } else {
            codec = readTypeAndRemember(slot);
        }
        enter();
        Object v = codec.read(this, slot.hint());
        depth--;
        return finish(id, v);
    }

    /**
     * Reads a present value of a field declared {@code EnumSet<E>} whose sets are written as a mask
     * ({@link ReferenceSlot#enumSetConstants}): when the payload tracks no references and carries no defs,
     * and the value is a set of {@code E} (the set's tag, then {@code DECLARED}), its mask is read
     * here, with the checks and charge of a value that holds no other; anything else is read as
     * the slot reads it.
     *
     * <p>Perf: the slot's path resolves the set's tag and element type through the registry and
     * calls the set codec's read, shared by every set field and too large to inline; here the tag
     * and the constants are the field's (Car deserialize about 3 % faster; DESIGN.md, fifty-sixth
     * round). The limits are checked where the slot's path checks them, right after the tag, so
     * their errors name the same offset.
     *
     * @param slot      the field's slot
     * @param tag       {@link ReferenceSlot#enumSetTag}
     * @param codec     the codec of {@code EnumSet}, which reads what follows the tag when it is not
     *                  {@code DECLARED} (a set of another enum, or malformed input)
     * @param type      {@code E}
     * @param constants {@code E}'s constants
     * @return the set
     */
    public Object readEnumSetField(ReferenceSlot slot, int tag, TypeCodec<?> codec, Class<?> type,
            Enum<?>[] constants) {
        if (values != null || defs != null || in.peekByte() != tag) {
            return slot.read(this);
        }
        in.readByte();
        if (in.peekByte() != Builtins.DECLARED) {
            return readKnown(codec, slot.hint());
        }
        enterLeaf();
        int at = in.position();
        in.readByte();
        return EnumSetCodec.ofMask(type, constants, in.readVarULong(), at);
    }

    /**
     * Opens the read of a list field by a loop of its generated codec's own, which reads a short
     * list of non-null elements of the element class: its tag, one level of nesting and a one-byte
     * header, charged as the general path (the collection codec) charges them. The caller then
     * reads each element by {@link #readKnown} with the element class's codec (in the
     * compatible format {@link #readKnownWithDef}), into an {@code ArrayList}, and calls
     * {@link #closeList}.
     *
     * Perf: the mirror of {@link WriteContext#openList}: the loop in each generated codec has its
     * own profile, and its element codec as a constant.
     *
     * @param listTag {@code slot.oneByteTag(ArrayList.class)}
     * @return the list's size (0 to 7); -1, having read nothing, when the value is to be read by
     *         the field's slot (another tag, or references tracked); -2, having read the tag,
     *         when the list is to be read by {@link #readListBody} (nulls, a header of more than
     *         one byte, elements of other classes, eight or more elements, or a malformed header)
     */
    public int openList(int listTag) {
        if (values != null || in.peekByte() != listTag) {
            return -1;
        }
        in.readByte();
        enter();
        int header = in.peekByte();
        int n = header >>> Elements.FLAG_BITS;
        // An empty list (header 0) or one to seven elements, all present and of the element class.
        if (header != 0 && ((header & ~0x7F) != 0 || (header & 7) != (Elements.SAME_TYPE | Elements.DECLARED)
                || n >= Elements.MIN_RUN || n > limits.maxCollectionLength())) {
            return -2;
        }
        in.readByte();
        charge(16 + n * 16L);
        return n;
    }

    /**
     * Reads the rest of a list after {@link #openList} answered -2: its header and elements, as
     * the collection codec reads them.
     *
     * @param slot the field's slot
     * @return the list
     */
    public Object readListBody(ReferenceSlot slot) {
        TypeCodec<?> codec = slot.listElementCodec();
        Object v = codec instanceof dev.peregrine.compat.CompatibleCodec c
                ? Elements.readAllOf(this, c.inner(), slot.listElement(), c)
                : Elements.readAllOf(this, codec, slot.listElement(), null);
        depth--;
        return v;
    }

    /** Closes what {@link #openList} opened once every element is read. */
    public void closeList() {
        depth--;
    }

    /**
     * Opens the read of a map field by a loop of its generated codec's own, which reads a map whose
     * keys and values are all present and of their declared classes: its tag, one level of nesting
     * and its header, checked and charged as the general path (the map codec) checks and charges
     * them. The caller then makes the map ({@link #newMap}), reads the keys, inside
     * {@link #enterHashed} and {@link #exitHashed}, then each value, each by {@link #readKnown} with
     * its class's codec, and calls {@link #closeMap}.
     *
     * Perf: the map's counterpart of {@link #openList}: the shared map read
     * ({@code MapCodec}'s) is compiled on its own, where its element calls see every codec
     * of the program.
     *
     * @param mapTag {@code slot.oneByteTag(HashMap.class)}
     * @return the number of entries; -1, having read nothing, when the value is to be read by the
     *         field's slot (another tag, or references tracked); -2, having read the tag and the
     *         header, when the rest is to be read by {@link #readMapBody} (null keys or values, or
     *         some of another class)
     */
    public int openMap(int mapTag) {
        if (values != null || in.peekByte() != mapTag) {
            return -1;
        }
        in.readByte();
        enter();
        long header = MapCodec.readHeader(this);
        if ((header & MapCodec.FLAG_MASK) == MapCodec.ALL_DECLARED || header == 0) {
            return Elements.count(header, 2 * Elements.FLAG_BITS);
        }
        openedMap = header;
        return -2;
    }

    /**
     * @param n the count {@link #openMap} returned
     * @return an empty {@code HashMap} sized for {@code n} entries (no more than the input left
     *         could hold)
     */
    public HashMap<Object, Object> newMap(int n) {
        return new HashMap<>(CodecSupport.hashCapacity(Math.min(n, in.remaining() + 1)));
    }

    /**
     * Reads the rest of a map after {@link #openMap} answered -2, as the map codec reads it.
     *
     * @param slot the field's slot
     * @return the map
     */
    public Object readMapBody(ReferenceSlot slot) {
        Object v = ((MapCodec) slot.resolver().codecFor(HashMap.class)).readFieldBody(this, openedMap, slot);
        depth--;
        return v;
    }

    /**
     * Closes what {@link #openMap} opened once every entry is read.
     *
     * @param map the map
     * @param n   the count {@link #openMap} returned
     * @throws MalformedInputException when two keys were equal
     */
    public void closeMap(HashMap<?, ?> map, int n) {
        MapCodec.checkDistinct(this, map, n);
        depth--;
    }

    private TypeCodec<?> readTypeAndRemember(ReferenceSlot slot) {
        int first = in.peekByte();
        int at = in.position();
        Class<?> type = resolver.readType(in, slot.hint());
        TypeCodec<?> codec = resolver.codecFor(type);
        if (in.position() - at == 1 && resolver == slot.resolver()) {
            slot.rememberRead(new ReferenceSlot.ReadTag(first, codec));
        }
        return codec;
    }

    /**
     * Announces an object created before its contents are read, so that they may refer to it.
     *
     * @param value the new, still empty object
     */
    public void created(Object value) {
        if (current >= 0) {
            values.set(current, value);
            current = -1;
        }
    }

    private int reserve() {
        if (values.size() >= limits.maxReferences()) {
            throw new LimitExceededException("more than " + limits.maxReferences() + " tracked values",
                    in.position());
        }
        values.add(PENDING);
        current = values.size() - 1;
        return current;
    }

    private Object finish(int id, Object v) {
        if (id >= 0) {
            values.set(id, v);
            if (current == id) {
                current = -1;
            }
        }
        return v;
    }

    /**
     * The value a reference marker names, which must be one the slot can hold: a writer refuses to
     * refer to any other ({@code WriteContext.writtenBefore}), so only corrupt or hostile bytes name
     * one, and they get this error rather than a failed cast in the codec.
     *
     * @param declared the slot's declared type, or null
     */
    private Object backReference(int marker, TypeHint declared) {
        Object v = backReference(marker);
        if (declared != null) {
            Class<?> type = CodecSupport.normalize(v.getClass());
            if (!declared.raw().isAssignableFrom(type)) {
                throw new MalformedInputException("reference to a value of class " + type.getName() + " where "
                        + declared.raw().getName() + " is declared", in.position());
            }
        }
        return v;
    }

    private Object backReference(int marker) {
        int at = in.position();
        if (marker < 0 || marker > values.size()) {
            throw new MalformedInputException("reference to value " + marker + " but only "
                    + values.size() + " were read", at);
        }
        Object v = values.get(marker - 1);
        if (v == PENDING) {
            throw new MalformedInputException("reference to a value still being built (a cycle through a "
                    + "record, an immutable collection or a constructor-built object)", at);
        }
        current = -1;
        // Every back reference counts, not only one to a value still being read: an element already
        // read may hash by such a value, met before the set began.
        backReferences++;
        return v;
    }

    private void enter() {
        // Perf: one subtraction.
        charge(OBJECT_CHARGE);
        if (++depth > maxDepth) {
            throw tooDeep();
        }
    }

    /**
     * {@link #enter} and the {@code depth--} after it, for a value that holds no other: the same
     * charge and check, with no update of the depth. Perf: about a tenth of {@code SomeBean[1000]}
     * deserialize, whose beans each have a string and an enum field.
     */
    private void enterLeaf() {
        // Perf: one branch for both checks (the non-short-circuit or), the limit read from a field of
        // this context rather than through the limits record; leafRefused says which check failed.
        long b = budget - OBJECT_CHARGE;
        budget = b;
        if (b < 0 | depth >= maxDepth) {
            throw leafRefused();
        }
    }

    /** The error {@link #enterLeaf} throws: the budget's when it is spent, else the depth's. */
    private LimitExceededException leafRefused() {
        return budget < 0 ? overBudget() : tooDeep();
    }

    /** Perf: out of {@link #enter}, which every nested value inlines (see WriteContext's). */
    private LimitExceededException tooDeep() {
        return new LimitExceededException("nesting deeper than the limit of " + maxDepth,
                in.position());
    }
}
