package dev.peregrine.type;

import java.lang.reflect.Field;
import java.lang.reflect.Type;

/**
 * One serialized field of a class: where it is declared, what it holds, and its place in the layout.
 *
 * @param field       the reflective field, already made accessible
 * @param kind        its layout kind
 * @param genericType its declared generic type, for element types of collections and maps
 * @param bit         its bit in the object's bitmap, or -1 for fields that do not use one
 * @param depth       how far up the class hierarchy it is declared (0 = the class itself)
 */
public record FieldModel(Field field, FieldKind kind, Type genericType, int bit, int depth) {

    /** @return the field's name */
    public String name() {
        return field.getName();
    }

    /** @return the field's raw declared type */
    public Class<?> type() {
        return field.getType();
    }

    /** @return the field as {@code DeclaringClass.name}, for messages */
    public String describe() {
        return field.getDeclaringClass().getName() + "." + field.getName();
    }
}
