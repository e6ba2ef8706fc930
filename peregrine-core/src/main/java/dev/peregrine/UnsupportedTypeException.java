package dev.peregrine;

/**
 * A type that Peregrine cannot serialize faithfully, reported the first time it is seen rather than
 * losing data silently: a JDK class without a built-in codec, a {@code TreeMap} with a comparator,
 * a class that has no usable constructor, and the like.
 */
public class UnsupportedTypeException extends PeregrineException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message names the type (and field, where known) and why it is not supported
     */
    public UnsupportedTypeException(String message) {
        super(message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message names the type and why it is not supported
     * @param cause   underlying cause
     */
    public UnsupportedTypeException(String message, Throwable cause) {
        super(message, -1, cause);
    }
}
