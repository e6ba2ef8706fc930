package dev.peregrine.codegen;

import dev.peregrine.type.FieldKind;
import dev.peregrine.type.Instantiation;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.reflect.Constructor;
import java.util.function.IntConsumer;
import java.util.function.IntToLongFunction;

/**
 * Emits {@code read}. With a no-arg constructor: read the bitmap, create the object, announce it,
 * then fill it one chunk method at a time, as {@code write} does (with chunks of their own,
 * larger than the write's: {@code ClassPlan.READ_CHUNK_BUDGET}). With a constructor that takes
 * fields: read every field into a local, call the constructor, then set the remaining fields; one
 * method, since the values must all be in hand before the constructor runs. Also emits
 * {@code readRun} and {@code readRunInto}, the loops that read a run of elements of the class into
 * an array or a list.
 */
final class ReadEmitter {
    /** Largest estimated size of a constructor-built class's single read method (HugeMethodLimit is 8000). */
    static final int MAX_SINGLE_METHOD = 7000;

    private static final String READ_DESC =
            "(" + CodegenTypes.READ_CONTEXT_DESC + "L" + CodegenTypes.TYPE_HINT + ";)Ljava/lang/Object;";
    private static final int CTX = 1;
    private static final int HINT = 2;
    /** {@code read}'s locals: its reader, its object, then the bitmap's words. */
    private static final Frame READ = new Frame(3);

    /** The run loops' arguments after the hint, their index, then a {@code read}'s locals. */
    private static final int RUN_DST = 3;
    private static final int RUN_N = 4;
    private static final int RUN_PRESENT = 5;
    private static final int RUN_I = 6;
    private static final Frame RUN = new Frame(7);

    private static final int CHUNK_CTX = 0;
    private static final int CHUNK_IN = 1;
    private static final int CHUNK_OBJ = 2;
    private static final int CHUNK_WORD = 3;
    /** A chunk's free locals, after its word (a long), for a run's array and index. */
    private static final int CHUNK_RUN = 5;
    /** Fewest fixed-width fields in a row read as one run. */
    private static final int MIN_RUN = 2;
    /** Fewest varint fields among a run element's leading primitives for them to be read after one room check. */
    private static final int MIN_ROOM_VARINTS = 2;

    private final ClassPlan plan;
    private final ClassVisitor cv;
    private final LadderCopies ladders;
    private final int words;

    ReadEmitter(ClassPlan plan, ClassVisitor cv, LadderCopies ladders) {
        this.plan = plan;
        this.cv = cv;
        this.ladders = ladders;
        this.words = (plan.model.bitmapBits() + 63) >>> 6;
    }

    /** Emits {@code read}, the run loops and, for no-arg classes, their chunk methods. */
    void emit() {
        for (FieldAccess f : plan.fields) {
            if (f.list() >= 0 && f.listTag() >= 0) {
                ListLoop.emitRead(cv, f);
            }
            if (f.map() >= 0) {
                MapLoop.emitRead(cv, f);
            }
        }
        boolean noArg = plan.model.instantiation().isNoArg();
        if (noArg) {
            for (int c = 0; c < plan.readChunks.size(); c++) {
                emitChunk(c, plan.readChunks.get(c));
            }
        }
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL, "read", READ_DESC, null, null);
        mv.visitCode();
        loadReader(mv, READ);
        readObject(mv, READ);
        mv.visitVarInsn(Opcodes.ALOAD, READ.obj);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        emitRuns();
    }

    /**
     * Emits {@code readRun} and {@code readRunInto} ({@code RunReader}): for each present element,
     * what {@code read} does, inline for a class built empty and filled (a few calls), then the
     * store into the array or the add to the list (which also takes a null for each absent one).
     */
    private void emitRuns() {
        emitRun("readRun", "[Ljava/lang/Object;", false);
        emitRun("readRunInto", "Ljava/util/ArrayList;", true);
    }

    private void emitRun(String name, String dstDesc, boolean list) {
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL, name,
                "(" + CodegenTypes.READ_CONTEXT_DESC + "L" + CodegenTypes.TYPE_HINT + ";" + dstDesc + "I[B)V",
                null, null);
        mv.visitCode();
        loadReader(mv, RUN);
        Label test = new Label();
        Label loop = new Label();
        Label read = new Label();
        Label absent = new Label();
        Label next = new Label();
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ISTORE, RUN_I);
        mv.visitJumpInsn(Opcodes.GOTO, test);
        mv.visitLabel(loop);
        mv.visitVarInsn(Opcodes.ALOAD, RUN_PRESENT);
        mv.visitJumpInsn(Opcodes.IFNULL, read);
        mv.visitVarInsn(Opcodes.ALOAD, RUN_PRESENT);
        mv.visitVarInsn(Opcodes.ILOAD, RUN_I);
        mv.visitInsn(Opcodes.ICONST_3);
        mv.visitInsn(Opcodes.IUSHR);
        mv.visitInsn(Opcodes.BALOAD);
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitVarInsn(Opcodes.ILOAD, RUN_I);
        mv.visitIntInsn(Opcodes.BIPUSH, 7);
        mv.visitInsn(Opcodes.IAND);
        mv.visitInsn(Opcodes.ISHL);
        mv.visitInsn(Opcodes.IAND);
        mv.visitJumpInsn(Opcodes.IFEQ, list ? absent : next);
        mv.visitLabel(read);
        mv.visitVarInsn(Opcodes.ALOAD, RUN_DST);
        if (!list) {
            mv.visitVarInsn(Opcodes.ILOAD, RUN_I);
        }
        readElement(mv);
        if (list) {
            addToList(mv);
            mv.visitJumpInsn(Opcodes.GOTO, next);
            mv.visitLabel(absent);
            mv.visitVarInsn(Opcodes.ALOAD, RUN_DST);
            mv.visitInsn(Opcodes.ACONST_NULL);
            addToList(mv);
        } else {
            mv.visitInsn(Opcodes.AASTORE);
        }
        mv.visitLabel(next);
        mv.visitIincInsn(RUN_I, 1);
        mv.visitLabel(test);
        mv.visitVarInsn(Opcodes.ILOAD, RUN_I);
        mv.visitVarInsn(Opcodes.ILOAD, RUN_N);
        mv.visitJumpInsn(Opcodes.IF_ICMPLT, loop);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Pushes one element of a run. */
    private void readElement(MethodVisitor mv) {
        if (plan.model.instantiation().isNoArg()) {
            readObject(mv, RUN);
            mv.visitVarInsn(Opcodes.ALOAD, RUN.obj);
        } else {
            // A constructor-built class's read holds every field's read (up to MAX_SINGLE_METHOD):
            // called, a direct call on this final class, rather than copied into the loop.
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ALOAD, CTX);
            mv.visitVarInsn(Opcodes.ALOAD, HINT);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, plan.className, "read", READ_DESC, false);
        }
    }

    private static void addToList(MethodVisitor mv) {
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/ArrayList", "add", "(Ljava/lang/Object;)Z", false);
        mv.visitInsn(Opcodes.POP);
    }

    private static void loadReader(MethodVisitor mv, Frame f) {
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.READ_CONTEXT, "in",
                "()" + CodegenTypes.READER_DESC, false);
        mv.visitVarInsn(Opcodes.ASTORE, f.in);
    }

    /** Reads one object into {@code f.obj}: its bitmap, then its fields, into a new object or by its constructor. */
    private void readObject(MethodVisitor mv, Frame f) {
        readBitmap(mv, f);
        if (plan.leaves != null) {
            enterLeaves(mv, f);
        }
        if (plan.model.instantiation().isNoArg()) {
            readIntoNew(mv, f);
        } else {
            readThenConstruct(mv, f);
        }
    }

    private void readBitmap(MethodVisitor mv, Frame f) {
        int bits = plan.model.bitmapBits();
        for (int w = 0; w < words; w++) {
            mv.visitVarInsn(Opcodes.ALOAD, f.in);
            mv.visitLdcInsn(Math.min(8, ((bits + 7) >>> 3) - 8 * w));
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, CodegenTypes.BITMAPS, "read",
                    "(" + CodegenTypes.READER_DESC + "I)J", false);
            mv.visitVarInsn(Opcodes.LSTORE, f.words + 2 * w);
        }
        if ((bits & 63) != 0) {
            mv.visitVarInsn(Opcodes.LLOAD, f.words + 2 * (words - 1));
            mv.visitLdcInsn(bits & 63);
            mv.visitVarInsn(Opcodes.ALOAD, f.in);
            mv.visitLdcInsn(plan.type.getName());
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, CodegenTypes.BITMAPS, "checkUnused",
                    "(JI" + CodegenTypes.READER_DESC + "Ljava/lang/String;)V", false);
        }
    }

    /**
     * Emits {@code ctx.enterLeaves(leaves, shared)}: the counts of present leaf fields in the
     * bitmap's words, one {@code Long.bitCount} of the word and a constant mask each.
     */
    private void enterLeaves(MethodVisitor mv, Frame f) {
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        presentLeaves(mv, f, plan.leaves::untracked);
        presentLeaves(mv, f, plan.leaves::tracked);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.READ_CONTEXT, "enterLeaves", "(II)V", false);
    }

    /** Pushes how many of the bits {@code mask} gives per word are set in the object's bitmap. */
    private void presentLeaves(MethodVisitor mv, Frame f, IntToLongFunction mask) {
        boolean pushed = MaskedWords.fold(mv, words, f.words, mask,
                () -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Long", "bitCount", "(J)I", false),
                Opcodes.IADD);
        if (!pushed) {
            mv.visitInsn(Opcodes.ICONST_0);
        }
    }

    private void readIntoNew(MethodVisitor mv, Frame f) {
        construct(mv, f, new int[0]);
        if (f != RUN) {
            // A run's elements are never the target of a back reference (RunReader): no announcement.
            mv.visitVarInsn(Opcodes.ALOAD, CTX);
            mv.visitVarInsn(Opcodes.ALOAD, f.obj);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.READ_CONTEXT, "created", "(Ljava/lang/Object;)V",
                    false);
        }
        if (f == RUN && plan.readChunks.size() == 1) {
            readChunkInRun(mv, f);
            return;
        }
        for (int c = 0; c < plan.readChunks.size(); c++) {
            callChunk(mv, f, c);
        }
    }

    /** Emits the call of chunk {@code c}'s method on the object being read. */
    private void callChunk(MethodVisitor mv, Frame f, int c) {
        ClassPlan.Chunk chunk = plan.readChunks.get(c);
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        mv.visitVarInsn(Opcodes.ALOAD, f.in);
        mv.visitVarInsn(Opcodes.ALOAD, f.obj);
        if (chunk.word() >= 0) {
            mv.visitVarInsn(Opcodes.LLOAD, f.words + 2 * chunk.word());
        }
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, plan.className, "read" + c, chunkDesc(chunk), false);
    }

    /**
     * Reads the fields of a class read in one chunk in the run loop itself. Perf: a call to the
     * chunk stays a call in the loop's compiled code: the chunk, called once per element, is
     * compiled first, on its own and with its varint ladders inlined, and is then too big for C2 to
     * inline.
     *
     * <p>When the class's leading primitive fields (layout order puts them first) hold
     * {@link #MIN_ROOM_VARINTS} or more varints, one check that the input holds the most their reads
     * may need ({@code VarintLoads.hasRoom}) comes first, and their varints are then read without a
     * check each; an element too near the end of the input for that is read by the chunk method,
     * checked. Perf: only here, where all but the last few elements of a run pass the check. A
     * single object's reads keep their per-varint checks: without them, C2 scheduled each word load
     * ahead of the previous field's ladder, ran out of registers and kept the words in vector
     * registers (Struct decode 217 -> 276 ns; DESIGN.md, thirtieth round).
     */
    private void readChunkInRun(MethodVisitor mv, Frame f) {
        ClassPlan.Chunk chunk = plan.readChunks.get(0);
        int word = chunk.word() >= 0 ? f.words + 2 * chunk.word() : -1;
        int primitives = chunk.from();
        while (primitives < chunk.to() && plan.fields.get(primitives).kind() != FieldKind.REFERENCE) {
            primitives++;
        }
        int locals = f.words + 2 * words;
        if (varints(chunk.from(), primitives) < MIN_ROOM_VARINTS) {
            readFields(mv, chunk.from(), chunk.to(), f.in, locals, false, f.obj, word);
            return;
        }
        Label checked = new Label();
        Label done = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, f.in);
        mv.visitLdcInsn(room(chunk.from(), primitives));
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, LadderCopies.LOADS, "hasRoom",
                "(" + CodegenTypes.READER_DESC + "I)Z", false);
        mv.visitJumpInsn(Opcodes.IFEQ, checked);
        readFields(mv, chunk.from(), primitives, f.in, locals, true, f.obj, word);
        readFields(mv, primitives, chunk.to(), f.in, locals, false, f.obj, word);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(checked);
        callChunk(mv, f, 0);
        mv.visitLabel(done);
    }

    /** @return how many of primitive fields {@code from} to {@code to} are varints */
    private int varints(int from, int to) {
        int n = 0;
        for (int k = from; k < to; k++) {
            FieldKind kind = plan.fields.get(k).kind();
            if (kind != FieldKind.BOOLEAN && PrimitiveCode.of(kind).isVarint()) {
                n++;
            }
        }
        return n;
    }

    /**
     * @return the most bytes the reads of primitive fields {@code from} to {@code to} may need from
     *         the first one's start: each read's own room, after the most all before it consume
     */
    private int room(int from, int to) {
        int consumed = 0;
        int room = 0;
        for (int k = from; k < to; k++) {
            FieldKind kind = plan.fields.get(k).kind();
            if (kind != FieldKind.BOOLEAN) {
                PrimitiveCode code = PrimitiveCode.of(kind);
                room = Math.max(room, consumed + code.readRoom());
                consumed += code.maxReadBytes();
            }
        }
        return room;
    }

    private String chunkDesc(ClassPlan.Chunk chunk) {
        return "(" + CodegenTypes.READ_CONTEXT_DESC + CodegenTypes.READER_DESC + plan.objectDesc
                + (chunk.word() >= 0 ? "J" : "") + ")V";
    }

    private void emitChunk(int c, ClassPlan.Chunk chunk) {
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "read" + c,
                chunkDesc(chunk), null, null);
        mv.visitCode();
        readFields(mv, chunk.from(), chunk.to(), CHUNK_IN, CHUNK_RUN,
                i -> FieldEmitter.beginSet(mv, plan.fields.get(i), CHUNK_OBJ),
                i -> readValue(mv, i, CHUNK_CTX, CHUNK_IN, CHUNK_WORD, false),
                i -> FieldEmitter.endSet(mv, plan.fields.get(i)));
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Emits the reads of fields {@code from} to {@code to}: {@code before}, the value, {@code after}
     * for each. A run of {@link #MIN_RUN} or more fixed-width fields in a row (bytes, floats,
     * doubles) is taken with one check ({@code BufferReader.openRun}) and its values loaded from the
     * array at constant offsets, as the writer stores them after one capacity check.
     *
     * @param run the first of two free locals, for the run's array and index
     */
    private void readFields(MethodVisitor mv, int from, int to, int in, int run, IntConsumer before,
            IntConsumer value, IntConsumer after) {
        int i = from;
        while (i < to) {
            int end = fixedRunEnd(i, to);
            if (end - i < MIN_RUN) {
                before.accept(i);
                value.accept(i);
                after.accept(i);
                i++;
                continue;
            }
            int size = 0;
            for (int k = i; k < end; k++) {
                size += PrimitiveCode.of(plan.fields.get(k).kind()).maxBytes();
            }
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitLdcInsn(size);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PrimitiveCode.READER, "openRun", "(I)I", false);
            mv.visitVarInsn(Opcodes.ISTORE, run + 1);
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PrimitiveCode.READER, "runArray", "()[B", false);
            mv.visitVarInsn(Opcodes.ASTORE, run);
            int offset = 0;
            for (int k = i; k < end; k++) {
                PrimitiveCode code = PrimitiveCode.of(plan.fields.get(k).kind());
                before.accept(k);
                mv.visitVarInsn(Opcodes.ALOAD, run);
                mv.visitVarInsn(Opcodes.ILOAD, run + 1);
                if (offset != 0) {
                    mv.visitLdcInsn(offset);
                    mv.visitInsn(Opcodes.IADD);
                }
                code.emitLoad(mv);
                after.accept(k);
                offset += code.maxBytes();
            }
            i = end;
        }
    }

    /**
     * Emits the reads of fields {@code from} to {@code to} into the object in local {@code obj},
     * as {@code read} does.
     *
     * @param inRoom whether the room of the fields' varints has been checked
     */
    private void readFields(MethodVisitor mv, int from, int to, int in, int run, boolean inRoom, int obj, int word) {
        readFields(mv, from, to, in, run,
                i -> FieldEmitter.beginSet(mv, plan.fields.get(i), obj),
                i -> readValue(mv, i, CTX, in, word, inRoom),
                i -> FieldEmitter.endSet(mv, plan.fields.get(i)));
    }

    /** @return the end of the run of fixed-width fields from {@code i} (at most {@code to}), {@code i} if none */
    private int fixedRunEnd(int i, int to) {
        int end = i;
        while (end < to && isFixedWidth(plan.fields.get(end).kind())) {
            end++;
        }
        return end;
    }

    private static boolean isFixedWidth(FieldKind kind) {
        return kind == FieldKind.BYTE || kind == FieldKind.FLOAT || kind == FieldKind.DOUBLE;
    }

    /** Pushes field {@code i}'s value: primitives as themselves, booleans as 0/1, references as Object. */
    private void readValue(MethodVisitor mv, int i, int ctx, int in, int word, boolean inRoom) {
        FieldAccess f = plan.fields.get(i);
        int bit = f.model().bit() & 63;
        if (f.kind() == FieldKind.BOOLEAN) {
            mv.visitVarInsn(Opcodes.LLOAD, word);
            mv.visitIntInsn(Opcodes.BIPUSH, bit);
            mv.visitInsn(Opcodes.LUSHR);
            mv.visitInsn(Opcodes.L2I);
            mv.visitInsn(Opcodes.ICONST_1);
            mv.visitInsn(Opcodes.IAND);
        } else if (f.kind() == FieldKind.REFERENCE) {
            Label absent = new Label();
            Label done = new Label();
            mv.visitVarInsn(Opcodes.LLOAD, word);
            mv.visitLdcInsn(1L << bit);
            mv.visitInsn(Opcodes.LAND);
            mv.visitInsn(Opcodes.LCONST_0);
            mv.visitInsn(Opcodes.LCMP);
            mv.visitJumpInsn(Opcodes.IFEQ, absent);
            mv.visitVarInsn(Opcodes.ALOAD, ctx);
            if (f.list() >= 0 && f.listTag() >= 0) {
                ListLoop.callRead(mv, plan.className, f);
            } else if (f.map() >= 0) {
                MapLoop.callRead(mv, plan.className, f);
            } else {
                FieldEmitter.readReference(mv, f);
            }
            mv.visitJumpInsn(Opcodes.GOTO, done);
            mv.visitLabel(absent);
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitLabel(done);
        } else {
            mv.visitVarInsn(Opcodes.ALOAD, in);
            PrimitiveCode.of(f.kind()).emitRead(mv, ladders, i, inRoom);
        }
    }

    private void readThenConstruct(MethodVisitor mv, Frame f) {
        int n = plan.fields.size();
        int[] locals = new int[n];
        int next = f.words + 2 * words;
        for (int i = 0; i < n; i++) {
            locals[i] = next;
            next += localType(plan.fields.get(i)).getSize();
        }
        readFields(mv, 0, n, f.in, next, i -> {
        }, i -> {
            int bit = plan.fields.get(i).model().bit();
            readValue(mv, i, CTX, f.in, bit >= 0 ? f.words + 2 * (bit >>> 6) : -1, false);
        }, i -> mv.visitVarInsn(localType(plan.fields.get(i)).getOpcode(Opcodes.ISTORE), locals[i]));
        construct(mv, f, locals);
        for (int i = 0; i < n; i++) {
            FieldAccess field = plan.fields.get(i);
            if (field.setter() != FieldAccess.BY_CONSTRUCTOR) {
                FieldEmitter.beginSet(mv, field, f.obj);
                mv.visitVarInsn(localType(field).getOpcode(Opcodes.ILOAD), locals[i]);
                FieldEmitter.endSet(mv, field);
            }
        }
    }

    private static Type localType(FieldAccess f) {
        return f.model().type().isPrimitive() ? f.declaredType() : CodegenTypes.OBJECT;
    }

    /**
     * Calls the constructor with its fields' locals ({@code locals[i]} holds field {@code i}) as
     * arguments and stores the object; whatever
     * the constructor throws is wrapped as the interpreter wraps it.
     */
    private void construct(MethodVisitor mv, Frame f, int[] locals) {
        Instantiation inst = plan.model.instantiation();
        Constructor<?> c = inst.constructor();
        Label start = new Label();
        Label end = new Label();
        Label handler = new Label();
        Label done = new Label();
        mv.visitTryCatchBlock(start, end, handler, "java/lang/Throwable");
        mv.visitLabel(start);
        boolean direct = plan.constructorHandle == FieldAccess.DIRECT;
        if (direct) {
            mv.visitTypeInsn(Opcodes.NEW, Type.getInternalName(plan.type));
            mv.visitInsn(Opcodes.DUP);
        } else {
            FieldEmitter.handle(mv, plan.constructorHandle);
        }
        int[] params = inst.parameterFields();
        Type[] erased = new Type[params.length];
        for (int p = 0; p < params.length; p++) {
            erased[p] = localType(plan.fields.get(params[p]));
            mv.visitVarInsn(erased[p].getOpcode(Opcodes.ILOAD), locals[params[p]]);
            if (direct) {
                FieldEmitter.castIfReference(mv, c.getParameterTypes()[p]);
            }
        }
        if (direct) {
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, Type.getInternalName(plan.type), "<init>",
                    Type.getConstructorDescriptor(c), false);
        } else {
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.METHOD_HANDLE, "invokeExact",
                    Type.getMethodDescriptor(CodegenTypes.OBJECT, erased), false);
            if (plan.nested) {
                mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getInternalName(plan.type));
            }
        }
        mv.visitLabel(end);
        mv.visitVarInsn(Opcodes.ASTORE, f.obj);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(handler);
        mv.visitVarInsn(Opcodes.ASTORE, f.obj);
        mv.visitLdcInsn(plan.type.getName());
        mv.visitVarInsn(Opcodes.ALOAD, f.obj);
        mv.visitVarInsn(Opcodes.ALOAD, f.in);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, CodegenTypes.GENERATED, "constructorFailed",
                "(Ljava/lang/String;Ljava/lang/Throwable;" + CodegenTypes.READER_DESC + ")Ldev/peregrine/PeregrineException;",
                false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitLabel(done);
    }

    /**
     * Where a method reading one object keeps its reader, its object and its bitmap's words: from
     * {@code first} on, after the method's own arguments and locals.
     */
    private record Frame(int in, int obj, int words) {
        Frame(int first) {
            this(first, first + 1, first + 2);
        }
    }
}
