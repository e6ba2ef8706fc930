package dev.peregrine.codegen;

import dev.peregrine.buffer.Varints;
import dev.peregrine.codec.LeafFields;
import dev.peregrine.type.FieldKind;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Emits {@code write}: reserve the bitmap, call one static method per chunk of fields, patch the
 * bitmap once. A chunk returns the bits of its booleans and present references, all in one word,
 * and writes its primitives as one run behind a single capacity check.
 *
 * <p>A class written in one chunk with a bitmap of one word (and no batch of leaf checks) writes it
 * first instead ({@link #bitmapFirst}): the chunk reads its booleans and references, each once, builds the word,
 * and stores it ahead of the fields, inside its first run's capacity check when the fields begin
 * with a run. The bytes are the same; what goes is the bitmap's own capacity check and its patch.
 */
final class WriteEmitter {
    private static final int CTX = 1;
    private static final int VALUE = 2;
    private static final int OBJ = 4;
    private static final int OUT = 5;
    private static final int AT = 6;
    private static final int WORDS = 7;

    private static final int CHUNK_CTX = 0;
    private static final int CHUNK_OUT = 1;
    private static final int CHUNK_OBJ = 2;
    private static final int CHUNK_BITS = 3;
    private static final int CHUNK_TMP = 5;
    private static final int CHUNK_BUF = 6;
    private static final int CHUNK_POS = 7;
    /** In a bitmap-first chunk, the first of the locals that hold its reference fields. */
    private static final int CHUNK_REFS = 8;

    private final ClassPlan plan;
    private final ClassVisitor cv;
    private final LadderCopies ladders;

    WriteEmitter(ClassPlan plan, ClassVisitor cv, LadderCopies ladders) {
        this.plan = plan;
        this.cv = cv;
        this.ladders = ladders;
    }

    /**
     * Whether the bitmap is built before the fields are written and stored ahead of them: a class
     * written in one chunk, with a bitmap of one word and no batch of leaf checks.
     *
     * Perf: the chunk already holds every field, so the word costs one extra read of each boolean and
     * reference field and saves the bitmap's own capacity check, its reserved zero byte and its
     * patch. DeepObject serialize measured 2 to 4 ns faster (about 6 %), Car 7 to 10 ns; but
     * SomeBean[1000], whose beans have a leaf batch ({@link LeafFields}: a string and an enum),
     * 5 to 8 % slower in every pair, so classes with a leaf batch keep the reserved bitmap
     * (DESIGN.md, fifty-fifth round).
     */
    private boolean bitmapFirst() {
        int bits = plan.model.bitmapBits();
        return bits > 0 && bits <= 64 && plan.chunks.size() == 1 && plan.leaves == null;
    }

    /** Emits {@code write} and its chunk methods. */
    void emit() {
        boolean first = bitmapFirst();
        for (int c = 0; c < plan.chunks.size(); c++) {
            emitChunk(c, plan.chunks.get(c), first);
        }
        for (FieldAccess f : plan.fields) {
            if (f.list() >= 0) {
                ListLoop.emitWrite(cv, f);
            }
        }
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL, "write",
                "(" + CodegenTypes.WRITE_CONTEXT_DESC + "Ljava/lang/Object;L" + CodegenTypes.TYPE_HINT + ";)V",
                null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, VALUE);
        if (plan.nested) {
            mv.visitTypeInsn(Opcodes.CHECKCAST, org.objectweb.asm.Type.getInternalName(plan.type));
        }
        mv.visitVarInsn(Opcodes.ASTORE, OBJ);
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.WRITE_CONTEXT, "out",
                "()" + CodegenTypes.WRITER_DESC, false);
        mv.visitVarInsn(Opcodes.ASTORE, OUT);
        int bits = plan.model.bitmapBits();
        int words = (bits + 63) >>> 6;
        if (bits > 0) {
            if (!first) {
                mv.visitVarInsn(Opcodes.ALOAD, OUT);
                mv.visitLdcInsn((bits + 7) >>> 3);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PrimitiveCode.WRITER, "reserve", "(I)I", false);
                mv.visitVarInsn(Opcodes.ISTORE, AT);
            }
            for (int w = 0; w < words; w++) {
                mv.visitInsn(Opcodes.LCONST_0);
                mv.visitVarInsn(Opcodes.LSTORE, WORDS + 2 * w);
            }
        }
        for (int c = 0; c < plan.chunks.size(); c++) {
            callChunk(mv, c, plan.chunks.get(c));
        }
        if (plan.leaves != null) {
            leavesWritten(mv, words);
        }
        for (int w = 0; w < words && !first; w++) {
            patchWord(mv, w, bits);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Emits {@code ctx.leavesWritten(present)}, the OR over the bitmap's words of their leaf bits. */
    private void leavesWritten(MethodVisitor mv, int words) {
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        if (!MaskedWords.fold(mv, words, WORDS, plan.leaves::all, () -> { }, Opcodes.LOR)) {
            mv.visitInsn(Opcodes.LCONST_0);
        }
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.WRITE_CONTEXT, "leavesWritten", "(J)V", false);
    }

    private String chunkDesc(ClassPlan.Chunk chunk) {
        return "(" + CodegenTypes.WRITE_CONTEXT_DESC + CodegenTypes.WRITER_DESC + plan.objectDesc + ")"
                + (chunk.word() >= 0 ? "J" : "V");
    }

    private void callChunk(MethodVisitor mv, int c, ClassPlan.Chunk chunk) {
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        mv.visitVarInsn(Opcodes.ALOAD, OUT);
        mv.visitVarInsn(Opcodes.ALOAD, OBJ);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, plan.className, "write" + c, chunkDesc(chunk), false);
        if (chunk.word() >= 0) {
            int local = WORDS + 2 * chunk.word();
            mv.visitVarInsn(Opcodes.LLOAD, local);
            mv.visitInsn(Opcodes.LOR);
            mv.visitVarInsn(Opcodes.LSTORE, local);
        }
    }

    private void patchWord(MethodVisitor mv, int w, int bits) {
        int bytes = Math.min(8, ((bits + 7) >>> 3) - 8 * w);
        mv.visitVarInsn(Opcodes.ALOAD, OUT);
        mv.visitVarInsn(Opcodes.ILOAD, AT);
        if (w > 0) {
            mv.visitLdcInsn(8 * w);
            mv.visitInsn(Opcodes.IADD);
        }
        mv.visitVarInsn(Opcodes.LLOAD, WORDS + 2 * w);
        mv.visitLdcInsn(bytes);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, CodegenTypes.BITMAPS, "patch",
                "(" + CodegenTypes.WRITER_DESC + "IJI)V", false);
    }

    /**
     * Emits one chunk's method. In a bitmap-first chunk ({@link #bitmapFirst}) the booleans and
     * references are read before anything is written: the booleans into the word, each reference
     * into a local of its own and its presence bit into the word; the word is then stored, and the
     * fields are written from those locals, so the bitmap and the fields agree however the object
     * changes meanwhile.
     */
    private void emitChunk(int c, ClassPlan.Chunk chunk, boolean first) {
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "write" + c,
                chunkDesc(chunk), null, null);
        mv.visitCode();
        boolean hasBits = chunk.word() >= 0;
        if (hasBits) {
            mv.visitInsn(Opcodes.LCONST_0);
            mv.visitVarInsn(Opcodes.LSTORE, CHUNK_BITS);
        }
        int bitmapBytes = first ? (plan.model.bitmapBits() + 7) >>> 3 : 0;
        if (first) {
            int refs = 0;
            for (int i = chunk.from(); i < chunk.to(); i++) {
                FieldAccess f = plan.fields.get(i);
                if (f.kind() == FieldKind.BOOLEAN) {
                    writeBoolean(mv, f);
                } else if (f.kind() == FieldKind.REFERENCE) {
                    readPresence(mv, f, CHUNK_REFS + refs++);
                }
            }
            if (!startsWithRun(chunk)) {
                // No run to share a capacity check with: the word goes first, checked.
                storeBitmapChecked(mv, CHUNK_OUT, CHUNK_BITS, bitmapBytes);
                bitmapBytes = 0;
            }
        }
        int refs = 0;
        int i = chunk.from();
        while (i < chunk.to()) {
            FieldAccess f = plan.fields.get(i);
            if (f.kind() == FieldKind.BOOLEAN) {
                if (!first) {
                    writeBoolean(mv, f);
                }
                i++;
            } else if (f.kind() == FieldKind.REFERENCE) {
                if (first) {
                    writePresent(mv, f, CHUNK_REFS + refs++);
                } else {
                    writeReference(mv, f);
                }
                i++;
            } else {
                int end = i;
                while (end < chunk.to() && !plan.fields.get(end).kind().usesBitmap()) {
                    end++;
                }
                writeRun(mv, "writeChecked" + c + "_" + i, i, end, bitmapBytes);
                bitmapBytes = 0;
                i = end;
            }
        }
        if (hasBits) {
            mv.visitVarInsn(Opcodes.LLOAD, CHUNK_BITS);
            mv.visitInsn(Opcodes.LRETURN);
        } else {
            mv.visitInsn(Opcodes.RETURN);
        }
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** @return whether the chunk's first field to write bytes of its own is a primitive of a run (booleans write none) */
    private boolean startsWithRun(ClassPlan.Chunk chunk) {
        for (int i = chunk.from(); i < chunk.to(); i++) {
            FieldKind kind = plan.fields.get(i).kind();
            if (kind != FieldKind.BOOLEAN) {
                return !kind.usesBitmap();
            }
        }
        return false;
    }

    /**
     * Reads a reference field into {@code local} and sets its bit in the chunk's word when present.
     *
     * Perf: the bit is {@code (ref != null ? 1 : 0) << bit}, a diamond of the constants 1 and 0 that
     * C2 turns into a flag test with no branch, so a field that is null at random costs one
     * unpredictable branch, where it is written, not two.
     */
    private static void readPresence(MethodVisitor mv, FieldAccess f, int local) {
        Label absent = new Label();
        Label join = new Label();
        mv.visitVarInsn(Opcodes.LLOAD, CHUNK_BITS);
        loadInto(mv, f, local);
        mv.visitJumpInsn(Opcodes.IFNULL, absent);
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitJumpInsn(Opcodes.GOTO, join);
        mv.visitLabel(absent);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitLabel(join);
        mv.visitInsn(Opcodes.I2L);
        mv.visitIntInsn(Opcodes.BIPUSH, f.model().bit() & 63);
        mv.visitInsn(Opcodes.LSHL);
        mv.visitInsn(Opcodes.LOR);
        mv.visitVarInsn(Opcodes.LSTORE, CHUNK_BITS);
    }

    /** Writes a reference field of a bitmap-first chunk from the local its presence was read into. */
    private void writePresent(MethodVisitor mv, FieldAccess f, int local) {
        Label absent = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, local);
        mv.visitJumpInsn(Opcodes.IFNULL, absent);
        writeValue(mv, f, local);
        mv.visitLabel(absent);
    }

    /** Emits {@code Bitmaps.write(out, word, bytes)} from two locals: the word's bytes, each checked. */
    private static void storeBitmapChecked(MethodVisitor mv, int outLocal, int wordLocal, int bytes) {
        mv.visitVarInsn(Opcodes.ALOAD, outLocal);
        mv.visitVarInsn(Opcodes.LLOAD, wordLocal);
        mv.visitLdcInsn(bytes);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, CodegenTypes.BITMAPS, "write",
                "(" + CodegenTypes.WRITER_DESC + "JI)V", false);
    }

    /**
     * Writes a run of primitive fields: one capacity check for their worst-case size, then unchecked
     * stores into the array; when a bounded writer lacks room for the worst case, a checked method
     * writes them one by one instead (the actual bytes may still fit). With {@code bitmapBytes} above
     * zero the bitmap's word goes ahead of the run, under the same check.
     *
     * Perf: the fast path has one branch per run instead of one per field, and keeps the position
     * in a local; the checked path is a separate method so it costs the inlined chunk nothing.
     */
    private void writeRun(MethodVisitor mv, String checkedName, int from, int to, int bitmapBytes) {
        int max = 0;
        boolean varints = false;
        for (int i = from; i < to; i++) {
            PrimitiveCode code = PrimitiveCode.of(plan.fields.get(i).kind());
            max += code.maxBytes();
            varints |= code.isVarint();
        }
        if (varints) {
            // Perf: a varint store may write a whole word (Varints.ROOM bytes) whatever its length.
            max += Varints.ROOM;
        }
        // A word of two bytes or more is stored whole (8 bytes), its unused high bytes zero and
        // written over by what follows.
        max += bitmapBytes == 1 ? 1 : bitmapBytes > 1 ? 8 : 0;
        Label checked = new Label();
        Label done = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, CHUNK_OUT);
        mv.visitLdcInsn(max);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PrimitiveCode.WRITER, "tryEnsure", "(I)Z", false);
        mv.visitJumpInsn(Opcodes.IFEQ, checked);
        mv.visitVarInsn(Opcodes.ALOAD, CHUNK_OUT);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PrimitiveCode.WRITER, "array", "()[B", false);
        mv.visitVarInsn(Opcodes.ASTORE, CHUNK_BUF);
        mv.visitVarInsn(Opcodes.ALOAD, CHUNK_OUT);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PrimitiveCode.WRITER, "position", "()I", false);
        mv.visitVarInsn(Opcodes.ISTORE, CHUNK_POS);
        if (bitmapBytes > 0) {
            mv.visitVarInsn(Opcodes.ALOAD, CHUNK_BUF);
            mv.visitVarInsn(Opcodes.ILOAD, CHUNK_POS);
            mv.visitVarInsn(Opcodes.LLOAD, CHUNK_BITS);
            mv.visitLdcInsn(bitmapBytes);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, PrimitiveCode.STORES, "storeBitmap", "([BIJI)I", false);
            mv.visitVarInsn(Opcodes.ISTORE, CHUNK_POS);
        }
        for (int i = from; i < to; i++) {
            FieldAccess f = plan.fields.get(i);
            mv.visitVarInsn(Opcodes.ALOAD, CHUNK_BUF);
            mv.visitVarInsn(Opcodes.ILOAD, CHUNK_POS);
            FieldEmitter.get(mv, f, CHUNK_OBJ);
            PrimitiveCode.of(f.kind()).emitStore(mv, ladders, i);
            mv.visitVarInsn(Opcodes.ISTORE, CHUNK_POS);
        }
        mv.visitVarInsn(Opcodes.ALOAD, CHUNK_OUT);
        mv.visitVarInsn(Opcodes.ILOAD, CHUNK_POS);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PrimitiveCode.WRITER, "position", "(I)V", false);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(checked);
        mv.visitVarInsn(Opcodes.ALOAD, CHUNK_OUT);
        mv.visitVarInsn(Opcodes.ALOAD, CHUNK_OBJ);
        String desc = "(" + CodegenTypes.WRITER_DESC + plan.objectDesc + (bitmapBytes > 0 ? "J" : "") + ")V";
        if (bitmapBytes > 0) {
            mv.visitVarInsn(Opcodes.LLOAD, CHUNK_BITS);
        }
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, plan.className, checkedName, desc, false);
        mv.visitLabel(done);
        emitCheckedRun(checkedName, desc, from, to, bitmapBytes);
    }

    private void emitCheckedRun(String name, String desc, int from, int to, int bitmapBytes) {
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, name, desc, null, null);
        mv.visitCode();
        if (bitmapBytes > 0) {
            // (writer, object, word): the word is local 2.
            storeBitmapChecked(mv, 0, 2, bitmapBytes);
        }
        for (int i = from; i < to; i++) {
            FieldAccess f = plan.fields.get(i);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            FieldEmitter.get(mv, f, 1);
            PrimitiveCode.of(f.kind()).emitWrite(mv);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    // Perf: branch-free; the boolean is shifted into place and or-ed in.
    private static void writeBoolean(MethodVisitor mv, FieldAccess f) {
        mv.visitVarInsn(Opcodes.LLOAD, CHUNK_BITS);
        FieldEmitter.get(mv, f, CHUNK_OBJ);
        mv.visitInsn(Opcodes.I2L);
        mv.visitIntInsn(Opcodes.BIPUSH, f.model().bit() & 63);
        mv.visitInsn(Opcodes.LSHL);
        mv.visitInsn(Opcodes.LOR);
        mv.visitVarInsn(Opcodes.LSTORE, CHUNK_BITS);
    }

    /** Reads a reference field into {@code local}, leaving it on the stack as well. */
    private static void loadInto(MethodVisitor mv, FieldAccess f, int local) {
        FieldEmitter.get(mv, f, CHUNK_OBJ);
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ASTORE, local);
    }

    private void writeReference(MethodVisitor mv, FieldAccess f) {
        Label absent = new Label();
        loadInto(mv, f, CHUNK_TMP);
        mv.visitJumpInsn(Opcodes.IFNULL, absent);
        mv.visitVarInsn(Opcodes.LLOAD, CHUNK_BITS);
        mv.visitLdcInsn(1L << (f.model().bit() & 63));
        mv.visitInsn(Opcodes.LOR);
        mv.visitVarInsn(Opcodes.LSTORE, CHUNK_BITS);
        writeValue(mv, f, CHUNK_TMP);
        mv.visitLabel(absent);
    }

    /** Writes the present value of a reference field held in {@code local}. */
    private void writeValue(MethodVisitor mv, FieldAccess f, int local) {
        mv.visitVarInsn(Opcodes.ALOAD, CHUNK_CTX);
        mv.visitVarInsn(Opcodes.ALOAD, local);
        if (f.list() >= 0) {
            ListLoop.callWrite(mv, plan.className, f);
        } else {
            FieldEmitter.writeReference(mv, f);
        }
    }
}
