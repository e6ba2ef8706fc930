package dev.peregrine.codegen;

import dev.peregrine.type.FieldKind;
import dev.peregrine.type.FieldModel;
import org.objectweb.asm.Type;

/**
 * How generated code reaches one field: directly ({@code getfield}/{@code putfield}) or through a
 * method handle held as class data, and whether the constructor sets it.
 *
 * @param model  the field
 * @param getter class-data index of its getter handle, or {@link #DIRECT}
 * @param setter class-data index of its setter handle, {@link #DIRECT}, or {@link #BY_CONSTRUCTOR}
 * @param slot   class-data index of its {@link SlotSpec}, or -1 for primitives
 * @param list    for a list field written and read by loops of the codec's own ({@link ListLoop}),
 *                the class-data index of its {@code ReferenceSlot}, then of its element class; else -1
 * @param listTag for such a field, the one-byte tag of {@code ArrayList} in it, or -1 when that tag
 *                takes more bytes (the read then keeps the shared path)
 * @param map     for a map field read by a loop of the codec's own ({@link MapLoop}), the
 *                class-data index of its {@code ReferenceSlot}; else -1
 * @param mapTag  for such a field, the one-byte tag of {@code HashMap} in it
 */
record FieldAccess(FieldModel model, int getter, int setter, int slot, int list, int listTag, int map,
                   int mapTag) {
    /** The field is read or written with a field instruction. */
    static final int DIRECT = -1;
    /** The field is a constructor argument and never set afterwards. */
    static final int BY_CONSTRUCTOR = -2;

    /** @return the field's layout kind */
    FieldKind kind() {
        return model.kind();
    }

    /** @return the JVM type of the field as declared */
    Type declaredType() {
        return Type.getType(model.type());
    }

    /**
     * The type the field's value has on the operand stack: its own for primitives and direct access,
     * {@code Object} for references reached through a handle (whose type may be out of reach).
     *
     * @param direct whether the value comes from or goes to a field instruction
     * @return the stack type
     */
    Type stackType(boolean direct) {
        return model.type().isPrimitive() || direct ? declaredType() : CodegenTypes.OBJECT;
    }
}
