package dev.peregrine;

/**
 * A configured limit was reached: nesting depth (also how a cycle shows up when reference tracking is
 * off), a collection, array or string length, or the size of a caller-supplied output buffer.
 */
public class LimitExceededException extends PeregrineException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message which limit, its value, and where
     * @param offset  byte offset, or -1
     */
    public LimitExceededException(String message, long offset) {
        super(message, offset, null);
    }
}
