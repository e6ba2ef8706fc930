package dev.peregrine.codec;

import java.lang.reflect.Array;

/**
 * An array of references of one component class: a varint length, then its elements as
 * {@link Elements}, whose declared type is the component.
 */
public final class ObjectArrayCodec extends TypeCodec<Object[]> {
    private final Class<?> component;
    private final TypeHint componentHint;

    /**
     * @param arrayType an array class whose component is not primitive
     */
    public ObjectArrayCodec(Class<?> arrayType) {
        this.component = arrayType.getComponentType();
        this.componentHint = TypeHint.of(component);
    }

    private TypeHint elementHint(TypeHint hint) {
        TypeHint h = TypeHint.arg(hint, 0);
        return h != null && h.raw() == component ? h : componentHint;
    }

    @Override
    public void write(WriteContext ctx, Object[] value, TypeHint hint) {
        Elements.write(ctx, value, value.length, hint != null && hint.raw().isArray() ? elementHint(hint) : componentHint);
    }

    @Override
    public Object[] read(ReadContext ctx, TypeHint hint) {
        long header = Elements.readHeader(ctx, Elements.FLAG_BITS, 8, "array");
        int n = Elements.count(header, Elements.FLAG_BITS);
        Object[] array = (Object[]) Array.newInstance(component, n);
        ctx.created(array);
        Elements.readBody(ctx, array, n, (int) header & 7,
                hint != null && hint.raw().isArray() ? elementHint(hint) : componentHint);
        return array;
    }
}
