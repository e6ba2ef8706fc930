package dev.peregrine.codec;

import dev.peregrine.MalformedInputException;
import dev.peregrine.PeregrineException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.type.FieldKind;
import dev.peregrine.type.FieldModel;
import dev.peregrine.type.Instantiation;
import dev.peregrine.type.TypeModel;

import java.lang.reflect.Field;
import java.util.List;

/**
 * The interpreter backend for user classes: reads a {@link TypeModel} and moves fields with
 * reflection. Layout of an object: its bitmap (one bit per boolean and reference field in layout
 * order, set = true / present, {@code ceil(bits/8)} bytes, unused high bits zero), then each
 * non-boolean field in layout order; absent references take no bytes.
 */
public final class ObjectCodec extends TypeCodec<Object> {
    private final TypeModel model;
    private final Field[] fields;
    private final FieldKind[] kinds;
    private final int[] bits;
    private final ReferenceSlot[] slots;
    private final int bitmapBytes;
    private final boolean[] byConstructor;
    /** The leaf fields checked once per object, or null. */
    private final LeafFields leaves;
    /** By field: whether it is one of {@link #leaves}. */
    private final boolean[] entered;

    /**
     * @param model    the class's model
     * @param resolver where to find the codecs of its fields' types
     */
    public ObjectCodec(TypeModel model, TypeResolver resolver) {
        this.model = model;
        List<FieldModel> fs = model.fields();
        int n = fs.size();
        fields = new Field[n];
        kinds = new FieldKind[n];
        bits = new int[n];
        slots = new ReferenceSlot[n];
        for (int i = 0; i < n; i++) {
            FieldModel f = fs.get(i);
            fields[i] = f.field();
            kinds[i] = f.kind();
            bits[i] = f.bit();
            if (f.kind() == FieldKind.REFERENCE) {
                slots[i] = new ReferenceSlot(f.type(), f.genericType(), resolver);
            }
        }
        bitmapBytes = CodecSupport.bitmapBytes(model.bitmapBits());
        byConstructor = new boolean[n];
        for (int p : model.instantiation().parameterFields()) {
            byConstructor[p] = true;
        }
        leaves = LeafFields.of(model, resolver);
        entered = new boolean[n];
        for (int i = 0; i < n; i++) {
            entered[i] = leaves != null && kinds[i] == FieldKind.REFERENCE && leaves.contains(bits[i]);
        }
    }

    /** Resolves the codecs of the fields whose type is fixed, reporting unsupported types now. */
    public void link() {
        for (ReferenceSlot s : slots) {
            if (s != null) {
                s.link();
            }
        }
    }

    @Override
    public void write(WriteContext ctx, Object obj, TypeHint hint) {
        BufferWriter out = ctx.out();
        int at = out.reserve(bitmapBytes);
        long[] bitmap = new long[(model.bitmapBits() + 63) >>> 6];
        try {
            for (int i = 0; i < fields.length; i++) {
                writeField(ctx, out, obj, i, bitmap);
            }
        } catch (IllegalAccessException e) {
            throw new PeregrineException("cannot read field " + fields[0].getDeclaringClass().getName(), -1, e);
        }
        if (leaves != null) {
            leaves.written(ctx, bitmap);
        }
        for (int b = 0; b < bitmapBytes; b++) {
            out.putByte(at + b, (byte) (bitmap[b >>> 3] >>> ((b & 7) << 3)));
        }
    }

    private void writeField(WriteContext ctx, BufferWriter out, Object obj, int i, long[] bitmap)
            throws IllegalAccessException {
        Field f = fields[i];
        switch (kinds[i]) {
            case BOOLEAN -> {
                if (f.getBoolean(obj)) {
                    bitmap[bits[i] >>> 6] |= 1L << bits[i];
                }
            }
            case BYTE -> out.writeByte(f.getByte(obj));
            case FLOAT -> out.writeFloat(f.getFloat(obj));
            case DOUBLE -> out.writeDouble(f.getDouble(obj));
            case SHORT -> out.writeVarInt(f.getShort(obj));
            case CHAR -> out.writeVarUInt(f.getChar(obj));
            case INT -> out.writeVarInt(f.getInt(obj));
            case LONG -> out.writeVarLong(f.getLong(obj));
            case REFERENCE -> {
                Object v = f.get(obj);
                if (v != null) {
                    bitmap[bits[i] >>> 6] |= 1L << bits[i];
                    if (entered[i]) {
                        slots[i].writeEntered(ctx, v);
                    } else {
                        slots[i].write(ctx, v);
                    }
                }
            }
        }
    }

    @Override
    public Object read(ReadContext ctx, TypeHint hint) {
        BufferReader in = ctx.in();
        long[] bitmap = readBitmap(in, model.bitmapBits(), model.type().getName());
        if (leaves != null) {
            leaves.enter(ctx, bitmap);
        }
        Instantiation inst = model.instantiation();
        Object obj = null;
        Object[] values = null;
        if (inst.isNoArg()) {
            obj = construct(in, null);
            ctx.created(obj);
        } else {
            values = new Object[fields.length];
        }
        try {
            for (int i = 0; i < fields.length; i++) {
                Object v = readField(ctx, in, i, bitmap);
                if (obj != null) {
                    setField(obj, i, v);
                } else {
                    values[i] = v;
                }
            }
            if (obj == null) {
                obj = construct(in, values);
                for (int i = 0; i < fields.length; i++) {
                    if (!byConstructor[i]) {
                        setField(obj, i, values[i]);
                    }
                }
            }
        } catch (IllegalAccessException e) {
            throw new PeregrineException("cannot set a field of " + model.type().getName(), in.position(), e);
        }
        return obj;
    }

    /**
     * Reads an object's bitmap, {@code ceil(bits / 8)} bytes, refusing set bits past the used ones.
     *
     * @param in       the input
     * @param bits     bits in use
     * @param typeName the class, for the message
     * @return the bitmap as 64-bit words
     */
    public static long[] readBitmap(BufferReader in, int bits, String typeName) {
        long[] bitmap = new long[(bits + 63) >>> 6];
        int bytes = CodecSupport.bitmapBytes(bits);
        for (int b = 0; b < bytes; b++) {
            bitmap[b >>> 3] |= (in.readByte() & 0xFFL) << ((b & 7) << 3);
        }
        if ((bits & 63) != 0 && (bitmap[bitmap.length - 1] >>> (bits & 63)) != 0) {
            throw new MalformedInputException("unused bits set in the bitmap of " + typeName, in.position() - 1);
        }
        return bitmap;
    }

    // Perf: the interpreter boxes primitives here; the generated backend does not.
    private Object readField(ReadContext ctx, BufferReader in, int i, long[] bitmap) {
        return switch (kinds[i]) {
            case BOOLEAN -> (bitmap[bits[i] >>> 6] & (1L << bits[i])) != 0;
            case REFERENCE -> (bitmap[bits[i] >>> 6] & (1L << bits[i])) == 0 ? null
                    : entered[i] ? slots[i].readEntered(ctx) : slots[i].read(ctx);
            default -> readNumber(kinds[i], in);
        };
    }

    /**
     * Reads one field of a primitive kind that has bytes of its own (all but {@code boolean}), boxed.
     *
     * @param kind a kind from {@code BYTE} to {@code LONG}
     * @param in   the input
     * @return the value
     */
    public static Object readNumber(FieldKind kind, BufferReader in) {
        return switch (kind) {
            case BYTE -> in.readByte();
            case FLOAT -> in.readFloat();
            case DOUBLE -> in.readDouble();
            case SHORT -> (short) in.readVarInt();
            case CHAR -> (char) in.readVarUInt();
            case INT -> in.readVarInt();
            case LONG -> in.readVarLong();
            case BOOLEAN, REFERENCE -> throw new IllegalArgumentException(kind + " is not read on its own");
        };
    }

    private void setField(Object obj, int i, Object v) throws IllegalAccessException {
        if (v != null || kinds[i] == FieldKind.REFERENCE) {
            fields[i].set(obj, v);
        }
    }

    private Object construct(BufferReader in, Object[] values) {
        return construct(model, values, in);
    }

    /**
     * Calls a class's constructor with the values of its parameter fields.
     *
     * @param model  the class's model
     * @param values field values by layout index, a value (boxed) for every primitive parameter;
     *               or null for a no-arg constructor
     * @param in     the input, for the offset of a failure
     * @return the new object
     */
    public static Object construct(TypeModel model, Object[] values, BufferReader in) {
        int[] params = model.instantiation().parameterFields();
        Object[] args = new Object[params.length];
        for (int k = 0; k < params.length; k++) {
            args[k] = values[params[k]];
        }
        try {
            return model.instantiation().constructor().newInstance(args);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw CodecSupport.userCodeFailed("constructor of " + model.type().getName(), e, in.position());
        }
    }
}
