package dev.peregrine.codegen;

import dev.peregrine.codec.ReferenceSlot;
import dev.peregrine.codec.TypeHint;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Emits the write and read of a list field as loops of the generated codec's own: static methods
 * per such field that write an {@code ArrayList} of non-null elements of the element class in one
 * pass, and read a short one, each element through a call site of its own bound to the element
 * class's codec ({@link SlotLinker#writeElement}, {@link SlotLinker#readElement}). The bytes are
 * the general path's (the collection codec's), which the field's own site still takes for every
 * value the loops decline (see {@code WriteContext.openList} and {@code ReadContext.openList}), in
 * either format: in the compatible one each element's site writes or reads the element class's
 * definition where the shared loop would.
 *
 * <p>Perf: the shared loop behind {@code writeListField} is one method for every list field of
 * the program; once C2 compiles it on its own, its element call sees every element class, and the
 * compile of a payload's root then finds it "already compiled into a big method" and calls it
 * (DESIGN.md, thirty-second round). A loop per field keeps one element class per call site, and
 * is compiled, inlined or not, with its element codec inlined. Measured against the shared loops
 * (thirty-third round, alternating JVMs): Car serialize on Temurin 25 133-137 -> 105-110 ns, on
 * OpenJDK 17 122-128 -> 115-121; Car deserialize 214-217 -> 180-185 and 205-239 -> 182-193.
 */
final class ListLoop {
    private static final int CTX = 0;
    private static final int VALUE = 1;
    private static final int N = 2;
    private static final int START = 3;
    private static final int LIST = 4;
    private static final int I = 5;
    private static final int ELEMENT = 6;
    private static final int MARK = 7;
    private static final String ARRAY_LIST = "java/util/ArrayList";
    private static final String WRITE_DESC = "(" + CodegenTypes.WRITE_CONTEXT_DESC + "Ljava/lang/Object;)V";
    private static final String READ_DESC = "(" + CodegenTypes.READ_CONTEXT_DESC + ")Ljava/lang/Object;";
    private static final String ELEMENT_BOOTSTRAP_DESC = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
            + "Ljava/lang/invoke/MethodType;I)Ljava/lang/invoke/CallSite;";

    private ListLoop() {
    }

    /** @return the name of a field's write loop: its name, and its slot for a field a subclass hides */
    static String writeName(FieldAccess f) {
        return "writeList$" + f.model().name() + "$" + f.slot();
    }

    /** @return the name of a field's read loop */
    static String readName(FieldAccess f) {
        return "readList$" + f.model().name() + "$" + f.slot();
    }

    /**
     * Calls the field's loop method with the write context and the non-null value on the stack.
     *
     * @param mv        the method
     * @param className the generated class
     * @param f         a field with a loop ({@link FieldAccess#list} not -1)
     */
    static void callWrite(MethodVisitor mv, String className, FieldAccess f) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, className, writeName(f), WRITE_DESC, false);
    }

    /**
     * Emits the field's loop method.
     *
     * @param cv the generated class
     * @param f  a field with a loop
     */
    static void emitWrite(ClassVisitor cv, FieldAccess f) {
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, writeName(f), WRITE_DESC, null,
                null);
        mv.visitCode();
        Label open = new Label();
        Label rewind = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.WRITE_CONTEXT, "listMark", "()J", false);
        mv.visitVarInsn(Opcodes.LSTORE, MARK);
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.WRITE_CONTEXT, "out", "()" + CodegenTypes.WRITER_DESC,
                false);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, PrimitiveCode.WRITER, "position", "()I", false);
        mv.visitVarInsn(Opcodes.ISTORE, START);
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        mv.visitVarInsn(Opcodes.ALOAD, VALUE);
        slot(mv, f);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.WRITE_CONTEXT, "openList",
                "(Ljava/lang/Object;L" + CodegenTypes.SLOT + ";)I", false);
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ISTORE, N);
        mv.visitJumpInsn(Opcodes.IFGE, open);
        // Anything else: the field's own site (WriteContext.writeListField).
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        mv.visitVarInsn(Opcodes.ALOAD, VALUE);
        FieldEmitter.writeReference(mv, f);
        mv.visitInsn(Opcodes.RETURN);

        mv.visitLabel(open);
        mv.visitVarInsn(Opcodes.ALOAD, VALUE);
        mv.visitTypeInsn(Opcodes.CHECKCAST, ARRAY_LIST);
        mv.visitVarInsn(Opcodes.ASTORE, LIST);
        countedLoop(mv, N, I, () -> {
            mv.visitVarInsn(Opcodes.ALOAD, LIST);
            mv.visitVarInsn(Opcodes.ILOAD, I);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, ARRAY_LIST, "get", "(I)Ljava/lang/Object;", false);
            mv.visitVarInsn(Opcodes.ASTORE, ELEMENT);
            mv.visitVarInsn(Opcodes.ALOAD, ELEMENT);
            mv.visitJumpInsn(Opcodes.IFNULL, rewind);
            mv.visitVarInsn(Opcodes.ALOAD, ELEMENT);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "getClass", "()Ljava/lang/Class;", false);
            FieldEmitter.constant(mv, f.list() + 1, "Ljava/lang/Class;");
            mv.visitJumpInsn(Opcodes.IF_ACMPNE, rewind);
            mv.visitVarInsn(Opcodes.ALOAD, CTX);
            mv.visitVarInsn(Opcodes.ALOAD, ELEMENT);
            mv.visitInvokeDynamicInsn("write", WRITE_DESC, new Handle(Opcodes.H_INVOKESTATIC,
                    "dev/peregrine/codegen/SlotLinker", "writeElement", ELEMENT_BOOTSTRAP_DESC, false), f.slot());
        });
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        mv.visitVarInsn(Opcodes.ALOAD, LIST);
        mv.visitVarInsn(Opcodes.ILOAD, N);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.WRITE_CONTEXT, "closeList", "(L" + ARRAY_LIST + ";I)V",
                false);
        mv.visitInsn(Opcodes.RETURN);

        mv.visitLabel(rewind);
        mv.visitVarInsn(Opcodes.ALOAD, CTX);
        mv.visitVarInsn(Opcodes.ALOAD, VALUE);
        slot(mv, f);
        mv.visitVarInsn(Opcodes.ILOAD, START);
        mv.visitVarInsn(Opcodes.LLOAD, MARK);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.WRITE_CONTEXT, "rewindList",
                "(Ljava/lang/Object;L" + CodegenTypes.SLOT + ";IJ)V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Reads the field's present value through its read loop, with the read context on the stack,
     * leaving an {@code Object}.
     *
     * @param mv        the method
     * @param className the generated class
     * @param f         a field with a read loop ({@link FieldAccess#listTag} not -1)
     */
    static void callRead(MethodVisitor mv, String className, FieldAccess f) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, className, readName(f), READ_DESC, false);
    }

    /**
     * Emits the field's read loop: a short list of non-null elements of the element class (see
     * {@code ReadContext.openList}) read element by element through a call site bound to the
     * element class's codec; anything else by the field's own site or {@code readListBody}.
     *
     * @param cv the generated class
     * @param f  a field with a read loop
     */
    static void emitRead(ClassVisitor cv, FieldAccess f) {
        final int ctx = 0;
        final int n = 1;
        final int list = 2;
        final int i = 3;
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, readName(f), READ_DESC, null,
                null);
        mv.visitCode();
        emitReadOpening(mv, f, "openList", f.listTag(), "readListBody", f.list(), ctx, n);
        mv.visitTypeInsn(Opcodes.NEW, ARRAY_LIST);
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ILOAD, n);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, ARRAY_LIST, "<init>", "(I)V", false);
        mv.visitVarInsn(Opcodes.ASTORE, list);
        countedLoop(mv, n, i, () -> {
            mv.visitVarInsn(Opcodes.ALOAD, list);
            mv.visitVarInsn(Opcodes.ALOAD, ctx);
            mv.visitInvokeDynamicInsn("read", READ_DESC, new Handle(Opcodes.H_INVOKESTATIC,
                    "dev/peregrine/codegen/SlotLinker", "readElement", ELEMENT_BOOTSTRAP_DESC, false), f.slot());
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, ARRAY_LIST, "add", "(Ljava/lang/Object;)Z", false);
            mv.visitInsn(Opcodes.POP);
        });
        mv.visitVarInsn(Opcodes.ALOAD, ctx);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.READ_CONTEXT, "closeList", "()V", false);
        mv.visitVarInsn(Opcodes.ALOAD, list);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Emits {@code for (i = 0; i < n; i++) body} over int locals, the body free to jump out.
     *
     * @param mv   the method
     * @param n    local of the count
     * @param i    local of the index
     * @param body emits the body
     */
    static void countedLoop(MethodVisitor mv, int n, int i, Runnable body) {
        Label loop = new Label();
        Label test = new Label();
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ISTORE, i);
        mv.visitJumpInsn(Opcodes.GOTO, test);
        mv.visitLabel(loop);
        body.run();
        mv.visitIincInsn(i, 1);
        mv.visitLabel(test);
        mv.visitVarInsn(Opcodes.ILOAD, i);
        mv.visitVarInsn(Opcodes.ILOAD, n);
        mv.visitJumpInsn(Opcodes.IF_ICMPLT, loop);
    }

    /**
     * Emits the opening the read loops of lists and maps share: {@code n = ctx.<open>(tag)}; when
     * that is -1, returns what the field's own site reads; when -2, what {@code ctx.<body>(slot)}
     * reads; else goes on with the count in local {@code n}.
     *
     * @param mv        the loop's method
     * @param f         its field
     * @param open      the context's opening method, {@code (I)I}
     * @param tag       the one-byte tag it takes
     * @param body      the context's method for a value handed back, {@code (ReferenceSlot)Object}
     * @param slotIndex class-data index of the field's {@code ReferenceSlot}
     * @param ctx       local of the read context
     * @param n         local for the count
     */
    static void emitReadOpening(MethodVisitor mv, FieldAccess f, String open, int tag, String body, int slotIndex,
                                int ctx, int n) {
        Label opened = new Label();
        Label handedBack = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, ctx);
        mv.visitLdcInsn(tag);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.READ_CONTEXT, open, "(I)I", false);
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ISTORE, n);
        mv.visitJumpInsn(Opcodes.IFGE, opened);
        mv.visitVarInsn(Opcodes.ILOAD, n);
        mv.visitInsn(Opcodes.ICONST_M1);
        mv.visitJumpInsn(Opcodes.IF_ICMPNE, handedBack);
        // Another tag, or references tracked: the field's own site, the general path.
        mv.visitVarInsn(Opcodes.ALOAD, ctx);
        FieldEmitter.readReference(mv, f);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitLabel(handedBack);
        mv.visitVarInsn(Opcodes.ALOAD, ctx);
        FieldEmitter.constant(mv, slotIndex, "L" + CodegenTypes.SLOT + ";");
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.READ_CONTEXT, body,
                "(L" + CodegenTypes.SLOT + ";)Ljava/lang/Object;", false);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitLabel(opened);
    }

    /**
     * Pushes and pops the field's two constants, so that the static initializer resolves them
     * before any compile of the loop (see {@code CodecGenerator.initialize}).
     *
     * @param mv the static initializer
     * @param f  a field with a loop
     */
    static void resolve(MethodVisitor mv, FieldAccess f) {
        slot(mv, f);
        mv.visitInsn(Opcodes.POP);
        FieldEmitter.constant(mv, f.list() + 1, "Ljava/lang/Class;");
        mv.visitInsn(Opcodes.POP);
    }

    private static void slot(MethodVisitor mv, FieldAccess f) {
        FieldEmitter.constant(mv, f.list(), "L" + CodegenTypes.SLOT + ";");
    }
}
