package dev.peregrine;

/**
 * Data written by a different version of a class than the reader has, where that cannot be read
 * faithfully: a same-schema payload whose schema fingerprint differs from the reader's, or, in the
 * compatible format, a field whose type changed in a way no conversion covers. The message names the
 * class and field where known.
 */
public class SchemaMismatchException extends PeregrineException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what differs, naming the class and field where known
     * @param offset  byte offset in the payload, or -1
     */
    public SchemaMismatchException(String message, long offset) {
        super(message, offset, null);
    }
}
