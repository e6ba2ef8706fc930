package dev.peregrine;

/** The input is not a valid Peregrine payload: truncated, corrupted or of another format version. */
public class MalformedInputException extends PeregrineException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong with the input
     * @param offset  byte offset at which it was detected
     */
    public MalformedInputException(String message, long offset) {
        super(message, offset, null);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what is wrong with the input
     * @param offset  byte offset at which it was detected
     * @param cause   underlying cause
     */
    public MalformedInputException(String message, long offset, Throwable cause) {
        super(message, offset, cause);
    }
}
