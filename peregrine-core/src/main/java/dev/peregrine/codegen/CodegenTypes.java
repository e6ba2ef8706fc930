package dev.peregrine.codegen;

import org.objectweb.asm.Type;

/** Internal names and descriptors of the Peregrine and JDK types generated code refers to. */
final class CodegenTypes {
    static final Type OBJECT = Type.getType(Object.class);
    static final String WRITE_CONTEXT = "dev/peregrine/codec/WriteContext";
    static final String READ_CONTEXT = "dev/peregrine/codec/ReadContext";
    static final String TYPE_HINT = "dev/peregrine/codec/TypeHint";
    static final String SLOT = "dev/peregrine/codec/ReferenceSlot";
    static final String GENERATED = "dev/peregrine/codegen/GeneratedCodec";
    static final String BITMAPS = "dev/peregrine/codegen/Bitmaps";
    static final String METHOD_HANDLE = "java/lang/invoke/MethodHandle";
    static final String WRITER_DESC = "L" + PrimitiveCode.WRITER + ";";
    static final String READER_DESC = "L" + PrimitiveCode.READER + ";";
    static final String WRITE_CONTEXT_DESC = "L" + WRITE_CONTEXT + ";";
    static final String READ_CONTEXT_DESC = "L" + READ_CONTEXT + ";";

    private CodegenTypes() {
    }
}
