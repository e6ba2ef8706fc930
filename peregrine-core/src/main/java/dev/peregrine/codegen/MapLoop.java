package dev.peregrine.codegen;

import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Emits the read of a map field as a loop of the generated codec's own: a static method per such
 * field (same-schema format) that reads a {@code HashMap} whose keys and values are all present
 * and of their declared classes, each key and each value through a call site of its own bound to
 * its class's codec ({@link SlotLinker#readEntry}). The bytes are the general path's (the map
 * codec's); the field's own site still reads every value the loop declines (another tag, or
 * references tracked), and {@code ReadContext.readMapBody} a map with nulls or other classes (see
 * {@code ReadContext.openMap}).
 *
 * <p>Perf: the shared map read is one method for every map field of the program; C2 compiles it
 * on its own (it loops), its key and value calls then see every codec, and the compile of a
 * payload's root calls it, "already compiled into a big method" (DESIGN.md, twenty-sixth round:
 * ComplexObject deserialize). The list fields' loops ({@link ListLoop}) showed the cure.
 */
final class MapLoop {
    private static final String HASH_MAP = "java/util/HashMap";
    private static final String READ_DESC = "(" + CodegenTypes.READ_CONTEXT_DESC + ")Ljava/lang/Object;";
    private static final Handle ENTRY_BOOTSTRAP = new Handle(Opcodes.H_INVOKESTATIC,
            "dev/peregrine/codegen/SlotLinker", "readEntry", "(Ljava/lang/invoke/MethodHandles$Lookup;"
            + "Ljava/lang/String;Ljava/lang/invoke/MethodType;II)Ljava/lang/invoke/CallSite;", false);

    private MapLoop() {
    }

    /** @return the name of a field's read loop: its name, and its slot for a field a subclass hides */
    static String readName(FieldAccess f) {
        return "readMap$" + f.model().name() + "$" + f.slot();
    }

    /**
     * Reads the field's present value through its read loop, with the read context on the stack,
     * leaving an {@code Object}.
     *
     * @param mv        the method
     * @param className the generated class
     * @param f         a field with a read loop ({@link FieldAccess#map} not -1)
     */
    static void callRead(MethodVisitor mv, String className, FieldAccess f) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, className, readName(f), READ_DESC, false);
    }

    /**
     * Emits the field's read loop.
     *
     * @param cv the generated class
     * @param f  a field with a read loop
     */
    static void emitRead(ClassVisitor cv, FieldAccess f) {
        final int ctx = 0;
        final int n = 1;
        final int map = 2;
        final int keys = 3;
        final int i = 4;
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, readName(f), READ_DESC, null,
                null);
        mv.visitCode();
        ListLoop.emitReadOpening(mv, f, "openMap", f.mapTag(), "readMapBody", f.map(), ctx, n);
        mv.visitVarInsn(Opcodes.ALOAD, ctx);
        mv.visitVarInsn(Opcodes.ILOAD, n);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.READ_CONTEXT, "newMap", "(I)L" + HASH_MAP + ";",
                false);
        mv.visitVarInsn(Opcodes.ASTORE, map);
        mv.visitVarInsn(Opcodes.ILOAD, n);
        mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
        mv.visitVarInsn(Opcodes.ASTORE, keys);
        mv.visitVarInsn(Opcodes.ALOAD, ctx);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.READ_CONTEXT, "enterHashed", "()V", false);
        ListLoop.countedLoop(mv, n, i, () -> {
            mv.visitVarInsn(Opcodes.ALOAD, keys);
            mv.visitVarInsn(Opcodes.ILOAD, i);
            mv.visitVarInsn(Opcodes.ALOAD, ctx);
            mv.visitInvokeDynamicInsn("key", READ_DESC, ENTRY_BOOTSTRAP, f.slot(), 0);
            mv.visitInsn(Opcodes.AASTORE);
        });
        mv.visitVarInsn(Opcodes.ALOAD, ctx);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.READ_CONTEXT, "exitHashed", "()V", false);
        ListLoop.countedLoop(mv, n, i, () -> {
            mv.visitVarInsn(Opcodes.ALOAD, map);
            mv.visitVarInsn(Opcodes.ALOAD, keys);
            mv.visitVarInsn(Opcodes.ILOAD, i);
            mv.visitInsn(Opcodes.AALOAD);
            mv.visitVarInsn(Opcodes.ALOAD, ctx);
            mv.visitInvokeDynamicInsn("value", READ_DESC, ENTRY_BOOTSTRAP, f.slot(), 1);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, HASH_MAP, "put",
                    "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", false);
            mv.visitInsn(Opcodes.POP);
        });
        mv.visitVarInsn(Opcodes.ALOAD, ctx);
        mv.visitVarInsn(Opcodes.ALOAD, map);
        mv.visitVarInsn(Opcodes.ILOAD, n);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.READ_CONTEXT, "closeMap", "(L" + HASH_MAP + ";I)V",
                false);
        mv.visitVarInsn(Opcodes.ALOAD, map);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Pushes and pops the field's slot constant, so that the static initializer resolves it before
     * any compile of the loop (see {@code CodecGenerator.initialize}).
     *
     * @param mv the static initializer
     * @param f  a field with a read loop
     */
    static void resolve(MethodVisitor mv, FieldAccess f) {
        slot(mv, f);
        mv.visitInsn(Opcodes.POP);
    }

    private static void slot(MethodVisitor mv, FieldAccess f) {
        FieldEmitter.constant(mv, f.map(), "L" + CodegenTypes.SLOT + ";");
    }
}
