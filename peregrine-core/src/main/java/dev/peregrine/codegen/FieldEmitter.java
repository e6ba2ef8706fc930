package dev.peregrine.codegen;

import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Emits the loads and stores of one field, direct or through a handle, the loads of class-data
 * constants, and the call sites of reference values. Every other emitter reaches fields through here.
 */
final class FieldEmitter {
    private static final Handle CLASS_DATA_AT = new Handle(Opcodes.H_INVOKESTATIC,
            "java/lang/invoke/MethodHandles", "classDataAt",
            "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;I)Ljava/lang/Object;", false);
    private static final String HANDLE_DESC = "L" + CodegenTypes.METHOD_HANDLE + ";";

    private FieldEmitter() {
    }

    /**
     * Pushes a class-data constant.
     *
     * Perf: a dynamic constant is a true constant to the JIT, so a handle loaded this way inlines
     * to the access it wraps.
     *
     * @param mv    the method
     * @param index the constant's index in the class data
     * @param desc  its type descriptor
     */
    static void constant(MethodVisitor mv, int index, String desc) {
        mv.visitLdcInsn(new ConstantDynamic("_", desc, CLASS_DATA_AT, index));
    }

    /**
     * Writes the non-null reference value on the stack (the write context below it) through the
     * field's linked call site.
     *
     * @param mv the method
     * @param f  a reference field
     */
    static void writeReference(MethodVisitor mv, FieldAccess f) {
        mv.visitInvokeDynamicInsn("write", "(" + CodegenTypes.WRITE_CONTEXT_DESC + "Ljava/lang/Object;)V",
                linker("write"), f.slot());
    }

    /**
     * Reads a present reference value (the read context on the stack) through the field's linked
     * call site, leaving an {@code Object}.
     *
     * @param mv the method
     * @param f  a reference field
     */
    static void readReference(MethodVisitor mv, FieldAccess f) {
        mv.visitInvokeDynamicInsn("read", "(" + CodegenTypes.READ_CONTEXT_DESC + ")Ljava/lang/Object;",
                linker("read"), f.slot());
    }

    private static Handle linker(String name) {
        return new Handle(Opcodes.H_INVOKESTATIC, "dev/peregrine/codegen/SlotLinker", name,
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;I)"
                        + "Ljava/lang/invoke/CallSite;", false);
    }

    /** Pushes a method handle held as class data. */
    static void handle(MethodVisitor mv, int index) {
        constant(mv, index, HANDLE_DESC);
    }

    /**
     * Pushes the field's value, typed {@link FieldAccess#stackType} of its getter.
     *
     * @param mv     the method
     * @param f      the field
     * @param object local holding the object
     */
    static void get(MethodVisitor mv, FieldAccess f, int object) {
        if (f.getter() == FieldAccess.DIRECT) {
            mv.visitVarInsn(Opcodes.ALOAD, object);
            mv.visitFieldInsn(Opcodes.GETFIELD, owner(f), f.model().name(), f.declaredType().getDescriptor());
        } else {
            handle(mv, f.getter());
            mv.visitVarInsn(Opcodes.ALOAD, object);
            String desc = Type.getMethodDescriptor(f.stackType(false), CodegenTypes.OBJECT);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.METHOD_HANDLE, "invokeExact", desc, false);
        }
    }

    /**
     * Pushes what goes below the value in a store: the setter handle if any, then the object.
     *
     * @param mv     the method
     * @param f      a field not set by the constructor
     * @param object local holding the object
     */
    static void beginSet(MethodVisitor mv, FieldAccess f, int object) {
        if (f.setter() != FieldAccess.DIRECT) {
            handle(mv, f.setter());
        }
        mv.visitVarInsn(Opcodes.ALOAD, object);
    }

    /**
     * Stores the value on the stack (typed {@link FieldAccess#stackType} {@code false} for
     * references, the field's own type for primitives) after {@link #beginSet}.
     *
     * @param mv the method
     * @param f  the field
     */
    static void endSet(MethodVisitor mv, FieldAccess f) {
        if (f.setter() == FieldAccess.DIRECT) {
            castIfReference(mv, f.model().type());
            mv.visitFieldInsn(Opcodes.PUTFIELD, owner(f), f.model().name(), f.declaredType().getDescriptor());
        } else {
            String desc = Type.getMethodDescriptor(Type.VOID_TYPE, CodegenTypes.OBJECT, f.stackType(false));
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CodegenTypes.METHOD_HANDLE, "invokeExact", desc, false);
        }
    }

    /**
     * Casts an {@code Object} on the stack to a reference type; nothing for primitives.
     *
     * @param mv   the method
     * @param type the target type
     */
    static void castIfReference(MethodVisitor mv, Class<?> type) {
        if (!type.isPrimitive() && type != Object.class) {
            mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getType(type).getInternalName());
        }
    }

    private static String owner(FieldAccess f) {
        return Type.getInternalName(f.model().field().getDeclaringClass());
    }
}
