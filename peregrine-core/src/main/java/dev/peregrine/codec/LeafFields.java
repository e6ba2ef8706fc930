package dev.peregrine.codec;

import dev.peregrine.PeregrineException;
import dev.peregrine.type.FieldKind;
import dev.peregrine.type.FieldModel;
import dev.peregrine.type.TypeModel;

/**
 * The leaf fields of a class whose reads are checked once per object: reference fields of a type
 * that admits one class whose values hold no other ({@code String}, a box, a date, a primitive
 * array, and an enum in the same-schema format: {@link TypeCodec#isLeaf}). Each such value costs
 * one allocation charge and must sit no deeper than the depth limit; right after an object's
 * bitmap, {@link ReadContext#enterLeaves} takes the charge of all its present leaf fields at once
 * and makes the depth check once, and each of those fields is then read with no check of its own
 * ({@link ReadContext#readLeafEntered}). Writes are checked likewise: such fields are written with
 * no depth check of their own ({@link WriteContext#writeLeafEntered}), and one check after the
 * object's fields refuses the write when any was present too deep ({@link WriteContext#leavesWritten}).
 * Both backends decide the same fields from the same model, so both charge the same budget and
 * refuse a payload at the same offset.
 *
 * <p>Leaves of a type that takes part in reference tracking (primitive arrays) are counted apart:
 * in a payload that tracks references they are read with a reference marker, by
 * {@link ReadContext#readKnown}, which checks them itself and charges nothing for a back reference.
 *
 * <p>Perf: one charge and one depth check per object rather than per field; Sample (fifteen leaf
 * fields) decodes 11-13 ns faster on JDK 17 (about a tenth), level on 25. A class with fewer than
 * {@link #MIN_FIELDS} keeps the per-field checks: DeepObject, one leaf per object, measured 2-3 ns
 * slower with the batch (DESIGN.md, thirty-eighth and thirty-ninth rounds).
 */
public final class LeafFields {
    /** Fewest leaf fields for a class to have its leaves checked once per object. */
    public static final int MIN_FIELDS = 2;

    private final long[] untracked;
    private final long[] tracked;

    private LeafFields(long[] untracked, long[] tracked) {
        this.untracked = untracked;
        this.tracked = tracked;
    }

    /**
     * The leaf fields of a class, when it has at least {@link #MIN_FIELDS}.
     *
     * @param model    the class's model
     * @param resolver where its fields' codecs are found
     * @return the fields, or null when the class keeps per-field checks
     */
    public static LeafFields of(TypeModel model, TypeResolver resolver) {
        int words = (model.bitmapBits() + 63) >>> 6;
        long[] untracked = new long[words];
        long[] tracked = new long[words];
        int count = 0;
        for (FieldModel f : model.fields()) {
            TypeCodec<?> codec = f.kind() == FieldKind.REFERENCE ? leafCodec(f.type(), resolver) : null;
            if (codec != null) {
                long[] masks = codec.tracksReferences() ? tracked : untracked;
                masks[f.bit() >>> 6] |= 1L << f.bit();
                count++;
            }
        }
        return count < MIN_FIELDS ? null : new LeafFields(untracked, tracked);
    }

    /**
     * The codec a field of a declared type is read with when that is a leaf codec for the type's
     * only class, else null. Only built-in classes and enums are asked for: finding their codecs
     * never generates one, so this is safe while a class's own codec is being made.
     */
    private static TypeCodec<?> leafCodec(Class<?> declared, TypeResolver resolver) {
        if (!ReferenceSlot.isKnown(declared) || !(declared.isEnum() || Builtins.codecOf(declared) != null)) {
            return null;
        }
        try {
            TypeCodec<?> codec = resolver.codecFor(declared).untagged();
            return codec.isLeaf() ? codec : null;
        } catch (PeregrineException e) {
            // An enum the registry refuses: the slot reports it when the class is linked.
            return null;
        }
    }

    /**
     * @param bit a field's bitmap bit
     * @return whether the field is one of these
     */
    public boolean contains(int bit) {
        return bit >= 0 && (all(bit >>> 6) & (1L << bit)) != 0;
    }

    /**
     * @param word a bitmap word's index
     * @return the bits, in that word, of the leaf fields whose values never track references
     */
    public long untracked(int word) {
        return untracked[word];
    }

    /**
     * @param word a bitmap word's index
     * @return the bits, in that word, of the leaf fields whose values track references when the
     *         payload does
     */
    public long tracked(int word) {
        return tracked[word];
    }

    /**
     * @param word a bitmap word's index
     * @return the bits, in that word, of all these fields
     */
    public long all(int word) {
        return untracked[word] | tracked[word];
    }

    /**
     * Makes the depth check of an object's present leaf fields after they were written
     * ({@link WriteContext#leavesWritten}).
     *
     * @param ctx    the write
     * @param bitmap the object's bitmap
     */
    public void written(WriteContext ctx, long[] bitmap) {
        long present = 0;
        for (int w = 0; w < bitmap.length; w++) {
            present |= bitmap[w] & all(w);
        }
        ctx.leavesWritten(present);
    }

    /**
     * Takes the checks of an object's present leaf fields ({@link ReadContext#enterLeaves}).
     *
     * @param ctx    the read
     * @param bitmap the object's bitmap
     */
    public void enter(ReadContext ctx, long[] bitmap) {
        int leaves = 0;
        int shared = 0;
        for (int w = 0; w < bitmap.length; w++) {
            leaves += Long.bitCount(bitmap[w] & untracked[w]);
            shared += Long.bitCount(bitmap[w] & tracked[w]);
        }
        ctx.enterLeaves(leaves, shared);
    }
}
