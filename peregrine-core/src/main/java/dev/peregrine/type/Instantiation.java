package dev.peregrine.type;

import java.lang.reflect.Constructor;

/**
 * How a class's instances are created when reading.
 *
 * <p>Either the no-arg constructor, after which every field is set, or a constructor that takes
 * some fields as arguments ({@code parameterFields[i]} is the layout index of the field passed as
 * argument {@code i}); remaining fields are set after it returns. Records always use their canonical
 * constructor. Peregrine never creates an object without running one of its constructors.
 *
 * @param constructor     the accessible constructor to call
 * @param parameterFields layout indexes of the fields passed as arguments; empty for no-arg
 */
public record Instantiation(Constructor<?> constructor, int[] parameterFields) {

    /** @return true when the constructor takes no arguments and fields are set afterwards */
    public boolean isNoArg() {
        return parameterFields.length == 0;
    }
}
