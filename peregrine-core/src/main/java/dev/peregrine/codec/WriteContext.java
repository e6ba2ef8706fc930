package dev.peregrine.codec;

import dev.peregrine.LimitExceededException;
import dev.peregrine.UnsupportedTypeException;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.type.TypeModel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * One serialize call in progress: the output, the resolver, the nesting depth and, when references
 * are tracked, the objects written so far. Created per call and never shared, so a {@code Peregrine}
 * needs no thread-local state.
 *
 * <p>Reference markers: a slot whose type is known before its value (a field of a final type, the
 * elements of a same-type container) writes one only when its codec tracks references; a slot that
 * carries a type tag writes one before the tag whenever tracking is on. Marker 0 means a new value
 * follows; {@code n > 0} means the n-th value tracked so far, counting from 1.
 *
 * <p>What a value's write leaves in this context once it returns is only what the format carries once
 * per payload: the objects written so far when references are tracked, the class defs sent in the
 * compatible format. Without references, a write can be undone by moving the output back and the
 * defs back to a {@link dev.peregrine.compat.DefTable#mark}, which the one-pass write of list fields
 * relies on ({@link #writeListField}); state added here later must keep that true or be undone with
 * it.
 */
public final class WriteContext {
    private final BufferWriter out;
    private final TypeResolver resolver;
    private final Limits limits;
    /** {@code limits.maxDepth()}, kept here so that each depth check is one load. */
    private final int maxDepth;
    private final IdentityHashMap<Object, Integer> written;
    /**
     * With references tracked, the ids of the values being written, outermost first (so in
     * increasing order): a reference to one of them is a cycle ({@link #refuseCycle}).
     */
    private int[] open;
    private int openCount;
    private dev.peregrine.compat.DefTable defs;
    private boolean defsPerStream;
    /**
     * The preload this payload's output starts with, or null: untagged references to its defs
     * write nothing, with no question to the table. While {@link #defs} is null it also stands for
     * the table {@link #startsWith} put off.
     */
    private dev.peregrine.compat.Preload preload;
    /** Where a table put off by {@link #startsWith} comes from; null for a context that defers none. */
    private final java.util.function.Supplier<dev.peregrine.compat.DefTable> tables;
    private int depth;
    /**
     * The deepest nesting this context has reached, over every write since it was made (a reset
     * keeps it, since it only saves checks of the limit); never above the limit.
     */
    private int deepest;
    private EntryStack entries;
    /** Where {@link #entries} comes from and goes back to, for a context made for one write; or null. */
    private Reusable<EntryStack> spareEntries;

    /**
     * Starts a write.
     *
     * @param out        the output
     * @param resolver   codecs and type tags
     * @param limits     bounds to respect
     * @param references whether to track references
     */
    public WriteContext(BufferWriter out, TypeResolver resolver, Limits limits, boolean references) {
        this(out, resolver, limits, references, null);
    }

    /**
     * Starts a write that may put off its def table ({@link #startsWith}).
     *
     * @param out        the output
     * @param resolver   codecs and type tags
     * @param limits     bounds to respect
     * @param references whether to track references
     * @param tables     where a deferred table comes from, empty; or null
     */
    public WriteContext(BufferWriter out, TypeResolver resolver, Limits limits, boolean references,
                        java.util.function.Supplier<dev.peregrine.compat.DefTable> tables) {
        this.tables = tables;
        this.out = out;
        this.resolver = resolver;
        this.limits = limits;
        this.maxDepth = limits.maxDepth();
        this.written = references ? new IdentityHashMap<>() : null;
    }

    /** Makes this context ready for another write to its output, forgetting the last one. */
    public void reset() {
        if (defs != null && !defsPerStream) {
            defs.reset();
        }
        preload = null;
        depth = 0;
        openCount = 0;
        if (entries != null) {
            entries.clear();
        }
        if (written != null) {
            written.clear();
        }
    }

    /**
     * Drops what this context holds of the last value written (the entries of the maps it wrote,
     * which its stack's slots keep after each map is done, and of maps a failed write left on it),
     * so that a kept context pins none of the caller's objects. A context kept between writes calls
     * this after each one.
     */
    public void release() {
        if (entries != null) {
            entries.clear();
        }
    }

    /**
     * Makes this context, made for a single write, take the stack its map fields are copied into
     * from {@code spares} when the first one is met, instead of allocating one; the caller gives it
     * back after the write with {@link #giveBackEntries}.
     *
     * Perf: such a context costs nothing while the JIT keeps it in registers, but a stack of its
     * own was two objects per payload with a map field (ComplexObject: 176 bytes, more than its
     * payload array).
     *
     * @param spares where the session keeps a stack between writes
     */
    public void takeEntriesFrom(Reusable<EntryStack> spares) {
        this.spareEntries = spares;
    }

    /**
     * After a write by a context given {@link #takeEntriesFrom}: empties the stack it used, if any,
     * and gives it back for the next write. A write that failed need not call this (its stack is
     * then dropped with it).
     */
    public void giveBackEntries() {
        EntryStack s = entries;
        if (s != null && spareEntries != null) {
            entries = null;
            s.clear();
            spareEntries.giveBack(s);
        }
    }

    /**
     * Makes this a write in the compatible format, whose objects carry class defs.
     *
     * @param table     the defs carried so far
     * @param perStream true to keep them across {@code reset}s, for the values of one stream session
     */
    public void useDefs(dev.peregrine.compat.DefTable table, boolean perStream) {
        this.defs = table;
        this.defsPerStream = perStream;
    }

    /**
     * Records that this payload's output starts with {@code preload}'s defs, until the next
     * {@link #reset}: untagged references to them then write nothing, with no question to a
     * table. A context with a table must have recorded the preload in it
     * ({@link dev.peregrine.compat.DefTable#carriedFirst}). A context made for one write, without
     * a table, puts its table off: the first question the preload cannot answer takes one from
     * this context's source (see the constructor) and records the preload in it; the caller gives
     * back what {@link #defsTaken} returns.
     *
     * <p>Perf: a payload that refers to the preload's classes only in untagged positions (a root
     * whose classes are all final and known, and no {@code EnumSet} or {@code EnumMap}) then
     * takes, records and resets no table. One store, the source being the
     * constructor's: compatible Sample serialize sits at C2's node budget, and with five stores
     * here its string copy and the steps after its body were left as calls in every JVM looked
     * at, with three in half of them, with one in none (DESIGN.md, fifty-third round).
     *
     * @param preload the defs the output carries
     */
    public void startsWith(dev.peregrine.compat.Preload preload) {
        this.preload = preload;
    }

    /** @return after {@link #startsWith} without a table, the table the write took, or null when it needed none */
    public dev.peregrine.compat.DefTable defsTaken() {
        return defs;
    }

    /**
     * Perf: what same-schema paths ask instead of {@code defs() != null}. C2 does not inline a
     * method whose signature names a class not yet loaded, and {@code DefTable} is never loaded by
     * a same-schema {@code Peregrine}, so {@link #defs} stays a call there, with the spills around it.
     *
     * @return true in the compatible format, whose objects carry class defs
     */
    public boolean carriesDefs() {
        return defs != null || preload != null;
    }

    /**
     * @return the defs carried so far, or null in the same-schema format; after {@link #startsWith} without a table,
     *         the table taken then, holding the preload
     */
    public dev.peregrine.compat.DefTable defs() {
        dev.peregrine.compat.DefTable t = defs;
        return t != null || preload == null ? t : takeDeferred();
    }

    private dev.peregrine.compat.DefTable takeDeferred() {
        if (tables == null) {
            throw new IllegalStateException("a context without a source of def tables deferred its table");
        }
        dev.peregrine.compat.DefTable t = tables.get();
        if (!t.carriedFirst(preload)) {
            throw new IllegalStateException("a def table taken for a payload's preload was not empty");
        }
        defs = t;
        return t;
    }

    /**
     * Writes the reference to a local def in an untagged position: nothing when this payload's
     * preload carried it, else what {@link dev.peregrine.compat.DefTable#writeUntagged} writes.
     *
     * @param def a local def
     */
    public void writeUntaggedDef(dev.peregrine.compat.ClassDef def) {
        dev.peregrine.compat.Preload p = preload;
        if (p == null || (p.carriedBits() & def.bit()) == 0) {
            defs().writeUntagged(out, def);
        }
    }

    /** @return whether this write tracks references (each object then starts with a marker) */
    public boolean tracksReferences() {
        return written != null;
    }

    /** @return the output */
    public BufferWriter out() {
        return out;
    }

    /** @return the resolver */
    public TypeResolver resolver() {
        return resolver;
    }

    /**
     * Writes the root value, whose type the reader already knows; its reference id is 0.
     *
     * @param value a non-null value
     * @param codec its codec
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void writeRoot(Object value, TypeCodec codec) {
        if (written != null && codec.tracksReferences()) {
            int id = written.size();
            written.put(value, id);
            opened(id);
            codec.write(this, value, null);
            openCount--;
            return;
        }
        codec.write(this, value, null);
    }

    /**
     * Writes a non-null value in a slot whose type both sides know.
     *
     * @param value the value
     * @param codec the codec of the slot's type
     * @param hint  the slot's declared type
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void writeKnown(Object value, TypeCodec codec, TypeHint hint) {
        if (written != null && codec.tracksReferences()) {
            if (!writtenBefore(value)) {
                enter();
                codec.write(this, value, hint);
                depth--;
                openCount--;
            }
            return;
        }
        enter();
        codec.write(this, value, hint);
        depth--;
    }

    /**
     * {@link #writeKnown} for a user class in the compatible format: the reference marker, the class's
     * def reference (in this untagged position only until the def has been carried), then the value
     * by its same-schema codec.
     *
     * Perf: generated codecs bind their fields of such classes here with {@code inner} as a constant,
     * so the JIT calls the exact codec class, as in the same-schema format, instead of going through
     * the wrapper's shared (and so megamorphic) call. It repeats {@link #writeKnown}'s steps rather
     * than calling it, because the def reference goes between the reference marker and the value.
     *
     * @param value the value
     * @param inner the class's same-schema codec
     * @param hint  the slot's declared type
     * @param def   the class's def
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void writeKnownWithDef(Object value, TypeCodec inner, TypeHint hint, dev.peregrine.compat.ClassDef def) {
        boolean tracked = written != null && inner.tracksReferences();
        if (tracked && writtenBefore(value)) {
            return;
        }
        enter();
        writeUntaggedDef(def);
        inner.write(this, value, hint);
        depth--;
        if (tracked) {
            openCount--;
        }
    }

    /**
     * {@link #writeKnownWithDef} for an enum: the same bytes and depth check (see {@link #enterLeaf});
     * no reference marker, since enum constants take no part in reference tracking.
     *
     * @param value a constant of the codec's enum
     * @param codec the enum's same-schema codec
     * @param def   the enum's def
     */
    public void writeEnumWithDef(Object value, EnumCodec codec, dev.peregrine.compat.ClassDef def) {
        enterLeaf();
        writeUntaggedDef(def);
        codec.write(this, (Enum<?>) value, null);
    }

    /**
     * Writes a non-null value in a slot declared {@code String}: the same bytes and depth check as
     * {@link #writeKnown} with the string codec.
     *
     * Perf: generated codecs bind their {@code String} fields here, straight to
     * {@link BufferWriter#writeString}, with no codec or function object between.
     *
     * @param value a {@code String}
     */
    public void writeString(Object value) {
        enterLeaf();
        out.writeString((String) value);
    }

    /**
     * {@link #writeKnown} for a codec whose values hold no other ({@link TypeCodec#isLeaf}): the same
     * bytes and depth check (see {@link #enterLeaf}).
     *
     * Perf: generated codecs bind their fields of such types here (boxes, enums, primitive arrays,
     * dates), with the codec and hint as constants.
     *
     * @param value the value
     * @param codec a leaf codec
     * @param hint  the slot's declared type
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void writeLeaf(Object value, TypeCodec codec, TypeHint hint) {
        if (written != null && codec.tracksReferences()) {
            writeKnown(value, codec, hint);
            return;
        }
        enterLeaf();
        codec.write(this, value, hint);
    }

    /**
     * {@link #writeString} for a field of its class's {@link LeafFields}, whose depth check
     * {@link #leavesWritten} makes once for the object.
     *
     * @param value a {@code String}
     */
    public void writeStringEntered(Object value) {
        out.writeString((String) value);
    }

    /**
     * {@link #writeLeaf} for a field of its class's {@link LeafFields}, whose depth check
     * {@link #leavesWritten} makes once for the object (with references tracked, a value of a
     * codec that takes part goes through {@link #writeKnown}, as there).
     *
     * @param value the value
     * @param codec a leaf codec
     * @param hint  the slot's declared type
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void writeLeafEntered(Object value, TypeCodec codec, TypeHint hint) {
        if (written != null && codec.tracksReferences()) {
            writeKnown(value, codec, hint);
            return;
        }
        codec.write(this, value, hint);
    }

    /**
     * After an object's fields: the depth check of its present leaf fields ({@link LeafFields}),
     * written with none of their own. A leaf is bounded (it holds no other value), so writing it
     * before the check risks nothing, and a refused write's bytes are never used.
     *
     * @param present the object's bitmap bits of its present leaf fields, ORed over its words
     */
    public void leavesWritten(long present) {
        if (present != 0 & depth >= maxDepth) {
            throw tooDeep();
        }
    }

    /**
     * Writes a non-null value in a slot that may hold several types: tag, then value.
     *
     * @param value    the value
     * @param declared the slot's declared type, or null
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void writeAny(Object value, TypeHint declared) {
        if (written != null && writtenBefore(value, declared)) {
            return;
        }
        Class<?> type = CodecSupport.normalize(value.getClass());
        resolver.writeType(out, type, declared);
        TypeCodec codec = resolver.codecFor(type);
        enter();
        codec.write(this, value, declared);
        depth--;
        if (written != null) {
            openCount--;
        }
    }

    /**
     * {@link #writeAny} for a field's slot, which remembers the last class it wrote, its tag bytes
     * and codec, so the registry is asked only when the class changes.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void writeAny(Object value, ReferenceSlot slot) {
        if (written != null && writtenBefore(value, slot.hint())) {
            return;
        }
        TypeCodec codec = writeTag(value.getClass(), slot);
        enter();
        codec.write(this, value, slot.hint());
        depth--;
        if (written != null) {
            openCount--;
        }
    }

    /**
     * Writes the tag of {@code raw} in a slot: the slot's remembered bytes when it last wrote this
     * class, else the registry's (then remembered).
     *
     * @return the codec of the class
     */
    private TypeCodec<?> writeTag(Class<?> raw, ReferenceSlot slot) {
        ReferenceSlot.WrittenTag last = slot.lastWritten();
        if (last != null && last.type() == raw) {
            byte[] tag = last.tag();
            // Perf: most tags are one byte, a store where an array copy calls a stub.
            if (tag.length == 1) {
                out.writeByte(tag[0]);
            } else {
                out.writeBytes(tag, 0, tag.length);
            }
            return last.codec();
        }
        return writeTypeAndRemember(raw, slot);
    }

    /**
     * Writes a non-null value in a field whose {@link ReferenceSlot#listElement} is known, where the
     * field's generated loop ({@link #openList}) declined it: the same bytes as
     * {@code slot.write(this, value)}. An {@code ArrayList} whose non-null elements are all of the
     * element class (the loop declined it because the slot checks its lists first, see
     * {@link ReferenceSlot#checksLists}) is checked, then written here, each element through
     * {@code elementCodec}; anything else (another class, a foreign element, a write that tracks
     * references) takes the general path.
     *
     * Perf: generated codecs bind such fields here with the slot, the element codec and hint as
     * constants, so each list field calls its element codec directly, where the general path goes
     * through the collection codec and one element call site shared by every list of the program.
     *
     * @param value        the field's value
     * @param slot         the field's slot
     * @param elementCodec the codec of the element class, {@code elementHint.codecIn(resolver)}, or in
     *                     the compatible format the same-schema codec inside it
     * @param elementHint  {@code slot.listElement()}
     * @param elementDef   in the compatible format the element class's local definition, else null
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void writeListField(Object value, ReferenceSlot slot, TypeCodec elementCodec, TypeHint elementHint,
                               dev.peregrine.compat.ClassDef elementDef) {
        if (value.getClass() != ArrayList.class || written != null) {
            writeAny(value, slot);
            return;
        }
        ArrayList<?> list = (ArrayList<?>) value;
        int n = list.size();
        int nulls = Elements.nullsIfAllOf(list, n, elementHint.raw());
        if (nulls < 0) {
            writeAny(value, slot);
            return;
        }
        writeTag(ArrayList.class, slot);
        enter();
        Elements.writeAllOf(this, list, n, nulls, elementCodec, elementHint, elementDef);
        depth--;
    }

    /**
     * Opens the one-pass write of a list field by a loop of its generated codec's own: writes the
     * tag and the header of a list whose elements are all non-null and of the element class, and
     * enters one level of nesting, which {@link #closeList} or {@link #rewindList} leaves. The
     * caller writes each element as {@link #writeListField} would (a {@code String} by
     * {@link #writeString}, anything else by {@link #writeKnown} with the element class's codec, or
     * in the compatible format {@link #writeKnownWithDef}), after checking it is non-null and of the
     * element class, and rewinds at the first that is not: the list is then written again by the
     * checked path, and its slot checks every later list first ({@link ReferenceSlot#checksLists}).
     *
     * Perf: the loop in each generated codec has its own profile and calls its element codec as
     * a constant, where a shared loop, once compiled on its own, sees every element class of the
     * program (DESIGN.md, thirty-third round).
     *
     * @param value a non-null value of the field
     * @param slot  the field's slot, whose {@link ReferenceSlot#listElement} is not null
     * @return the list's size, or -1, having written nothing, when the value is to be written by
     *         {@link #writeListField} instead (not an {@code ArrayList}, references tracked, or a
     *         slot that checks its lists first)
     */
    public int openList(Object value, ReferenceSlot slot) {
        if (value.getClass() != ArrayList.class || written != null || slot.checksLists()) {
            return -1;
        }
        int n = ((ArrayList<?>) value).size();
        writeTag(ArrayList.class, slot);
        enter();
        out.writeVarULong((long) n << Elements.FLAG_BITS | Elements.flagsOfDeclared(n, 0));
        return n;
    }

    /**
     * Closes what {@link #openList} opened once every element is written.
     *
     * @param list the list
     * @param n    its size when opened
     * @throws ConcurrentModificationException when the list changed size while being written
     */
    public void closeList(ArrayList<?> list, int n) {
        if (list.size() != n) {
            throw new java.util.ConcurrentModificationException("list changed size while being written");
        }
        depth--;
    }

    /**
     * @return what {@link #rewindList} needs to forget the class definitions a list's elements
     *         carried before it was rewound: 0 in the same-schema format
     */
    public long listMark() {
        // A deferred table, taken later in the list, rolls back to the state that recorded the preload.
        return defs != null ? defs.mark() : preload != null ? preload.mark() : 0;
    }

    /**
     * Ends what {@link #openList} opened at an element that is null or of another class: writes the
     * list again over what was written (and the definitions it carried), by the general path, and
     * has the slot check its lists from now on (its loop then declines them to
     * {@link #writeListField}), so that a list inside a rewritten one does not rewind again.
     *
     * @param value the list
     * @param slot  the field's slot
     * @param start the output position before {@link #openList}
     * @param mark  {@link #listMark} before {@link #openList}
     */
    public void rewindList(Object value, ReferenceSlot slot, int start, long mark) {
        depth--;
        out.position(start);
        if (defs != null) {
            defs.rollBack(mark);
        }
        slot.checkListsFromNowOn();
        writeAny(value, slot);
    }

    /**
     * Writes a non-null value in a field whose {@link ReferenceSlot#mapKey} is known: the same bytes
     * as {@code slot.write(this, value)}. A {@code HashMap} whose non-null keys and values are all of
     * their declared classes is written here, each through its class's codec; anything else takes
     * the general path, as in {@link #writeListField}.
     *
     * Perf: the map's counterpart of {@link #writeListField}, for the same reason.
     *
     * @param value      the field's value
     * @param slot       the field's slot
     * @param keyCodec   the codec of the key class
     * @param keyHint    {@code slot.mapKey()}
     * @param valueCodec the codec of the value class
     * @param valueHint  {@code slot.mapValue()}
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void writeMapField(Object value, ReferenceSlot slot,
                              TypeCodec keyCodec, TypeHint keyHint, TypeCodec valueCodec, TypeHint valueHint) {
        if (value.getClass() != HashMap.class || written != null) {
            writeAny(value, slot);
            return;
        }
        Map<?, ?> map = (Map<?, ?>) value;
        int n = map.size();
        EntryStack stack = entries();
        int base = stack.push(map, n, keyHint.raw(), valueHint.raw());
        Object[] items = stack.items();
        int nulls = stack.nulls();
        if (nulls < 0) {
            stack.pop(base);
            writeAny(value, slot);
            return;
        }
        writeTag(HashMap.class, slot);
        enter();
        MapCodec.writeAllOf(this, items, base, n, nulls, keyCodec, keyHint, valueCodec, valueHint);
        depth--;
        stack.pop(base);
    }

    private EntryStack entries() {
        EntryStack s = entries;
        return s != null ? s : firstEntries();
    }

    /** The stack of the first map field this context writes: a kept one when there is one free. */
    private EntryStack firstEntries() {
        EntryStack s = spareEntries != null ? spareEntries.take() : null;
        if (s == null) {
            s = new EntryStack();
        }
        entries = s;
        return s;
    }

    private TypeCodec<?> writeTypeAndRemember(Class<?> raw, ReferenceSlot slot) {
        Class<?> type = CodecSupport.normalize(raw);
        int at = out.position();
        resolver.writeType(out, type, slot.hint());
        byte[] tag = Arrays.copyOfRange(out.array(), at, out.position());
        TypeCodec<?> codec = resolver.codecFor(type);
        if (resolver == slot.resolver()) {
            slot.rememberWritten(new ReferenceSlot.WrittenTag(raw, tag, codec));
        }
        return codec;
    }

    private boolean writtenBefore(Object value) {
        return writtenBefore(value, null);
    }

    /**
     * {@link #writtenBefore(Object)} in a tagged position: a value written before, which gets no tag
     * here, is checked against the slot's declared type as its tag would have been
     * ({@link TypeHint#misplaced}), so whether a misplaced value is refused does not depend on
     * where in the graph it was met first.
     *
     * @param declared the slot's declared type, or null
     */
    private boolean writtenBefore(Object value, TypeHint declared) {
        Integer id = written.get(value);
        if (id != null) {
            Class<?> type = declared == null ? null : CodecSupport.normalize(value.getClass());
            if (type != null && !declared.raw().isAssignableFrom(type)) {
                throw declared.misplaced(type);
            }
            if (openCount > 0 && isOpen(id)) {
                refuseCycle(value);
            }
            out.writeVarUInt(id + 1);
            return true;
        }
        int next = written.size();
        written.put(value, next);
        out.writeVarUInt(0);
        opened(next);
        return false;
    }

    /** Notes that the value with this id is being written, until the caller's {@code openCount--}. */
    private void opened(int id) {
        if (open == null) {
            open = new int[16];
        } else if (openCount == open.length) {
            open = Arrays.copyOf(open, openCount * 2);
        }
        open[openCount++] = id;
    }

    private boolean isOpen(int id) {
        return Arrays.binarySearch(open, 0, openCount, id) >= 0;
    }

    /**
     * A reference to a value from inside itself: fine for what a reader creates before its contents
     * (a class with a no-arg constructor, a mutable container, an array), refused for what it can
     * create only after them, since the reference could not be resolved.
     *
     * @throws UnsupportedTypeException for a record, a class built through a constructor, an
     *                                  immutable or unmodifiable container, an {@code Optional}
     */
    @SuppressWarnings("rawtypes")
    private void refuseCycle(Object value) {
        Class<?> type = CodecSupport.normalize(value.getClass());
        TypeCodec codec = resolver.codecFor(type);
        if (codec.createdAfterContents() || BUILT_FROM_CONTENTS.get(type)) {
            throw new UnsupportedTypeException("a cycle through a " + type.getName() + ": a reader creates one "
                    + "only from its contents (" + (type.isRecord() ? "a record" : TypeModel.isJdkClass(type)
                    ? "an immutable or wrapping form" : "through a constructor") + "), so a reference to it from "
                    + "inside itself cannot be read; give it a no-arg constructor or break the cycle");
        }
    }

    /** Whether a user class is read through a constructor taking its fields, records included. */
    private static final ClassValue<Boolean> BUILT_FROM_CONTENTS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            if (TypeModel.isJdkClass(type) || type.isArray() || type.isEnum()) {
                return false;
            }
            return !TypeModel.of(type).instantiation().isNoArg();
        }
    };

    /**
     * Perf: compared with {@link #deepest}, so a value no deeper than one written before costs a
     * load and a comparison; the limit is read only when a write goes deeper than ever.
     */
    private void enter() {
        if (++depth > deepest) {
            enterDeeper();
        }
    }

    private void enterDeeper() {
        if (depth > maxDepth) {
            throw tooDeep();
        }
        deepest = depth;
    }

    /** @return the deepest nesting of values this context has written, over all its writes */
    public int deepest() {
        return deepest;
    }

    /**
     * {@link #enter} and the {@code depth--} after it, for a value that holds no other: the same
     * check, with no store. Perf: a string or enum field costs a load and a comparison here
     * rather than two updates of the depth around its write.
     */
    private void enterLeaf() {
        if (depth >= maxDepth) {
            throw tooDeep();
        }
    }

    /**
     * Perf: the message is built here, not in {@link #enter}, which every nested value inlines; C2
     * counts each inlined method's whole bytecode against one budget per compiled method.
     */
    private LimitExceededException tooDeep() {
        return new LimitExceededException("nesting deeper than the limit of " + maxDepth
                + " while writing; if the object graph has a cycle, enable referenceTracking", -1);
    }
}
