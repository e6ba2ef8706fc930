package dev.peregrine.codegen;

import dev.peregrine.buffer.VarintLoads;
import dev.peregrine.buffer.Varints;
import dev.peregrine.type.FieldKind;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * How generated code writes and reads each primitive kind that takes bytes of its own: which final
 * method of {@code BufferWriter} and {@code BufferReader} it calls, the narrowing after a read, and
 * the unchecked store (a {@link Stores} method, or for a varint the field's copy of a
 * {@code Varints} ladder) and worst-case size used when a whole run is checked at once.
 * The encodings are the interpreter's: byte raw, float and double IEEE little-endian, short and int
 * zigzag varints, char an unsigned varint, long a zigzag varint.
 */
enum PrimitiveCode {
    /** {@code byte}: one raw byte. */
    BYTE(Type.BYTE_TYPE, "writeByte", "(I)V", "readByte", "()B", Opcodes.NOP, "storeByte", 1),
    /** {@code float}: four bytes. */
    FLOAT(Type.FLOAT_TYPE, "writeFloat", "(F)V", "readFloat", "()F", Opcodes.NOP, "storeFloat", 4),
    /** {@code double}: eight bytes. */
    DOUBLE(Type.DOUBLE_TYPE, "writeDouble", "(D)V", "readDouble", "()D", Opcodes.NOP, "storeDouble", 8),
    /** {@code short}: a zigzag varint of the sign-extended value (at most 3 bytes). */
    SHORT(Type.SHORT_TYPE, "writeVarInt", "(I)V", "readVarInt", "()I", Opcodes.I2S, null, 3),
    /** {@code char}: an unsigned varint (at most 3 bytes). */
    CHAR(Type.CHAR_TYPE, "writeVarUInt", "(I)V", "readVarUInt", "()I", Opcodes.I2C, null, 3),
    /** {@code int}: a zigzag varint. */
    INT(Type.INT_TYPE, "writeVarInt", "(I)V", "readVarInt", "()I", Opcodes.NOP, null, 5),
    /** {@code long}: a zigzag varint (at most 9 bytes). */
    LONG(Type.LONG_TYPE, "writeVarLong", "(J)V", "readVarLong", "()J", Opcodes.NOP, null, 9);

    static final String WRITER = "dev/peregrine/buffer/BufferWriter";
    static final String READER = "dev/peregrine/buffer/BufferReader";
    static final String STORES = "dev/peregrine/codegen/Stores";
    static final String LOADS = "dev/peregrine/codegen/Loads";

    private final Type type;
    private final String writeName;
    private final String writeDesc;
    private final String readName;
    private final String readDesc;
    private final int narrow;
    private final String storeName;
    private final int maxBytes;

    PrimitiveCode(Type type, String writeName, String writeDesc, String readName, String readDesc, int narrow,
            String storeName, int maxBytes) {
        this.type = type;
        this.writeName = writeName;
        this.writeDesc = writeDesc;
        this.readName = readName;
        this.readDesc = readDesc;
        this.narrow = narrow;
        this.storeName = storeName;
        this.maxBytes = maxBytes;
    }

    /**
     * The code for a field kind that takes bytes of its own.
     *
     * @param kind any kind but {@code BOOLEAN} and {@code REFERENCE}
     * @return its code
     */
    static PrimitiveCode of(FieldKind kind) {
        return valueOf(kind.name());
    }

    /** @return the JVM type of the field */
    Type type() {
        return type;
    }

    /** @return the most bytes a value of this kind takes */
    int maxBytes() {
        return maxBytes;
    }

    /**
     * @return the most bytes a read of this kind consumes, which for a short or a char is a whole
     *         int's varint: the reader takes any int's varint and narrows it
     */
    int maxReadBytes() {
        return switch (this) {
            case SHORT, CHAR, INT -> 5;
            default -> maxBytes;
        };
    }

    /** @return the bytes an unchecked read of this kind needs from its start (a varint loads a whole word) */
    int readRoom() {
        return switch (this) {
            case SHORT, CHAR, INT -> Varints.ROOM;
            case LONG -> VarintLoads.LONG_ROOM;
            default -> maxBytes;
        };
    }

    /** @return true when the value is a varint, whose unchecked store may write {@code Varints.ROOM} bytes */
    boolean isVarint() {
        return this == SHORT || this == CHAR || this == INT || this == LONG;
    }

    /**
     * Emits an unchecked load of a fixed-width value ({@code Loads}); the array and the index sit on
     * the stack and the value is left in their place.
     *
     * @param mv the method being emitted
     */
    void emitLoad(MethodVisitor mv) {
        String name = "load" + storeName.substring("store".length());
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, LOADS, name,
                Type.getMethodDescriptor(type, Type.getType(byte[].class), Type.INT_TYPE), false);
    }

    /**
     * Emits an unchecked store of the value on the stack; the array and the index sit below it, and
     * the index after the value is left in their place. A varint is zigzagged here (but a char) and
     * stored by the field's own copy of {@code Varints.putVarUInt} or {@code putVarULong}.
     *
     * @param mv      the method being emitted
     * @param ladders the varint ladders of the class being generated
     * @param field   the field's index
     */
    void emitStore(MethodVisitor mv, LadderCopies ladders, int field) {
        if (this == LONG) {
            // v << 1 ^ v >> 63
            mv.visitInsn(Opcodes.DUP2);
            mv.visitInsn(Opcodes.ICONST_1);
            mv.visitInsn(Opcodes.LSHL);
            mv.visitInsn(Opcodes.DUP2_X2);
            mv.visitInsn(Opcodes.POP2);
            mv.visitIntInsn(Opcodes.BIPUSH, 63);
            mv.visitInsn(Opcodes.LSHR);
            mv.visitInsn(Opcodes.LXOR);
            ladders.call(mv, LadderCopies.VARINTS, "putPrefixULong", "([BIJ)I", field);
        } else if (isVarint()) {
            if (this != CHAR) {
                // v << 1 ^ v >> 31
                mv.visitInsn(Opcodes.DUP);
                mv.visitInsn(Opcodes.ICONST_1);
                mv.visitInsn(Opcodes.ISHL);
                mv.visitInsn(Opcodes.SWAP);
                mv.visitIntInsn(Opcodes.BIPUSH, 31);
                mv.visitInsn(Opcodes.ISHR);
                mv.visitInsn(Opcodes.IXOR);
            }
            ladders.call(mv, LadderCopies.VARINTS, this == CHAR ? "putVarUInt" : "putPrefixUInt", "([BII)I", field);
        } else {
            Type stored = this == BYTE ? Type.INT_TYPE : type;
            String desc = Type.getMethodDescriptor(Type.INT_TYPE, Type.getType(byte[].class), Type.INT_TYPE, stored);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, STORES, storeName, desc, false);
        }
    }

    /**
     * Emits the write of the value on the stack; the writer sits below it.
     *
     * @param mv the method being emitted
     */
    void emitWrite(MethodVisitor mv) {
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITER, writeName, writeDesc, false);
    }

    /**
     * Emits a read, leaving the value on the stack; the reader sits on the stack. A varint is read by
     * the field's own copy of {@code VarintLoads.readVarUInt} or {@code readVarULong}, and unzigzagged
     * here (but a char). In room, a varint is read without a check of the room left, which the
     * caller has made ({@code VarintLoads.hasRoom}); other kinds read as they do outside.
     *
     * @param mv      the method being emitted
     * @param ladders the varint ladders of the class being generated
     * @param field   the field's index
     * @param inRoom  whether the room for the read has been checked
     */
    void emitRead(MethodVisitor mv, LadderCopies ladders, int field, boolean inRoom) {
        String room = inRoom ? "InRoom" : "";
        if (this == LONG) {
            ladders.call(mv, LadderCopies.LOADS, "readPrefixULong" + room, "(L" + READER + ";)J", field);
            // u >>> 1 ^ -(u & 1)
            mv.visitInsn(Opcodes.DUP2);
            mv.visitInsn(Opcodes.ICONST_1);
            mv.visitInsn(Opcodes.LUSHR);
            mv.visitInsn(Opcodes.DUP2_X2);
            mv.visitInsn(Opcodes.POP2);
            mv.visitInsn(Opcodes.LCONST_1);
            mv.visitInsn(Opcodes.LAND);
            mv.visitInsn(Opcodes.LNEG);
            mv.visitInsn(Opcodes.LXOR);
        } else if (isVarint()) {
            ladders.call(mv, LadderCopies.LOADS, (this == CHAR ? "readVarUInt" : "readPrefixUInt") + room,
                    "(L" + READER + ";)I", field);
            if (this != CHAR) {
                mv.visitInsn(Opcodes.DUP);
                mv.visitInsn(Opcodes.ICONST_1);
                mv.visitInsn(Opcodes.IUSHR);
                mv.visitInsn(Opcodes.SWAP);
                mv.visitInsn(Opcodes.ICONST_1);
                mv.visitInsn(Opcodes.IAND);
                mv.visitInsn(Opcodes.INEG);
                mv.visitInsn(Opcodes.IXOR);
            }
        } else {
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READER, readName, readDesc, false);
        }
        if (narrow != Opcodes.NOP) {
            mv.visitInsn(narrow);
        }
    }
}
