package dev.peregrine.codegen;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.function.IntToLongFunction;

/**
 * Emits a fold over an object's bitmap words, each ANDed with a constant mask (a word whose mask
 * is 0 is skipped): what the read and write of a class's leaf fields push to take or make their
 * checks once for the object.
 */
final class MaskedWords {
    private MaskedWords() {
    }

    /**
     * Pushes each masked word in turn, lets {@code eachWord} turn it into the folded type, and
     * combines it with the ones before.
     *
     * @param mv        the method being emitted
     * @param words     the bitmap's word count
     * @param firstWord the local of word 0 (each word a {@code long}, two slots)
     * @param mask      the mask of each word
     * @param eachWord  emits what follows each masked word (nothing, or a conversion)
     * @param combine   the instruction that combines two folded values ({@code IADD}, {@code LOR})
     * @return whether a value was pushed (false when every mask is 0)
     */
    static boolean fold(MethodVisitor mv, int words, int firstWord, IntToLongFunction mask, Runnable eachWord,
                        int combine) {
        boolean pushed = false;
        for (int w = 0; w < words; w++) {
            long m = mask.applyAsLong(w);
            if (m == 0) {
                continue;
            }
            mv.visitVarInsn(Opcodes.LLOAD, firstWord + 2 * w);
            mv.visitLdcInsn(m);
            mv.visitInsn(Opcodes.LAND);
            eachWord.run();
            if (pushed) {
                mv.visitInsn(combine);
            }
            pushed = true;
        }
        return pushed;
    }
}
