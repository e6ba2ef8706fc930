package dev.peregrine.codegen;

import dev.peregrine.buffer.Varints;
import dev.peregrine.type.FieldKind;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Emits {@code write}: reserve the bitmap, call one static method per chunk of fields, patch the
 * bitmap once. A chunk returns the bits of its booleans and present references, all in one word,
 * and writes its primitives as one run behind a single capacity check.
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

    private final ClassPlan plan;
    private final ClassVisitor cv;
    private final LadderCopies ladders;

    WriteEmitter(ClassPlan plan, ClassVisitor cv, LadderCopies ladders) {
        this.plan = plan;
        this.cv = cv;
        this.ladders = ladders;
    }

    /** Emits {@code write} and its chunk methods. */
    void emit() {
        for (int c = 0; c < plan.chunks.size(); c++) {
            emitChunk(c, plan.chunks.get(c));
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
            mv.visitVarInsn(Opcodes.ALOAD, OUT);
            mv.visitLdcInsn((bits + 7) >>> 3);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PrimitiveCode.WRITER, "reserve", "(I)I", false);
            mv.visitVarInsn(Opcodes.ISTORE, AT);
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
        for (int w = 0; w < words; w++) {
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

    private void emitChunk(int c, ClassPlan.Chunk chunk) {
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "write" + c,
                chunkDesc(chunk), null, null);
        mv.visitCode();
        boolean hasBits = chunk.word() >= 0;
        if (hasBits) {
            mv.visitInsn(Opcodes.LCONST_0);
            mv.visitVarInsn(Opcodes.LSTORE, CHUNK_BITS);
        }
        int i = chunk.from();
        while (i < chunk.to()) {
            FieldAccess f = plan.fields.get(i);
            if (f.kind() == FieldKind.BOOLEAN) {
                writeBoolean(mv, f);
                i++;
            } else if (f.kind() == FieldKind.REFERENCE) {
                writeReference(mv, f);
                i++;
            } else {
                int end = i;
                while (end < chunk.to() && !plan.fields.get(end).kind().usesBitmap()) {
                    end++;
                }
                writeRun(mv, "writeChecked" + c + "_" + i, i, end);
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

    /**
     * Writes a run of primitive fields: one capacity check for their worst-case size, then unchecked
     * stores into the array; when a bounded writer lacks room for the worst case, a checked method
     * writes them one by one instead (the actual bytes may still fit).
     *
     * Perf: the fast path has one branch per run instead of one per field, and keeps the position
     * in a local; the checked path is a separate method so it costs the inlined chunk nothing.
     */
    private void writeRun(MethodVisitor mv, String checkedName, int from, int to) {
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
        String desc = "(" + CodegenTypes.WRITER_DESC + plan.objectDesc + ")V";
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, plan.className, checkedName, desc, false);
        mv.visitLabel(done);
        emitCheckedRun(checkedName, desc, from, to);
    }

    private void emitCheckedRun(String name, String desc, int from, int to) {
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, name, desc, null, null);
        mv.visitCode();
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

    private void writeReference(MethodVisitor mv, FieldAccess f) {
        Label absent = new Label();
        FieldEmitter.get(mv, f, CHUNK_OBJ);
        mv.visitVarInsn(Opcodes.ASTORE, CHUNK_TMP);
        mv.visitVarInsn(Opcodes.ALOAD, CHUNK_TMP);
        mv.visitJumpInsn(Opcodes.IFNULL, absent);
        mv.visitVarInsn(Opcodes.LLOAD, CHUNK_BITS);
        mv.visitLdcInsn(1L << (f.model().bit() & 63));
        mv.visitInsn(Opcodes.LOR);
        mv.visitVarInsn(Opcodes.LSTORE, CHUNK_BITS);
        mv.visitVarInsn(Opcodes.ALOAD, CHUNK_CTX);
        mv.visitVarInsn(Opcodes.ALOAD, CHUNK_TMP);
        if (f.list() >= 0) {
            ListLoop.callWrite(mv, plan.className, f);
        } else {
            FieldEmitter.writeReference(mv, f);
        }
        mv.visitLabel(absent);
    }
}
