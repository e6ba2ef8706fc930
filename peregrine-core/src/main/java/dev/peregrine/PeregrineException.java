package dev.peregrine;

/**
 * Root of every exception Peregrine throws on purpose.
 *
 * <p>The contract: {@code serialize} and {@code deserialize} either succeed or throw a subclass of
 * this type; no {@code ArrayIndexOutOfBoundsException}, {@code NullPointerException},
 * {@code OutOfMemoryError} or {@code StackOverflowError} escapes for bad input. Where the failure is
 * tied to a position in the input, {@link #offset()} gives it.
 */
public class PeregrineException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long offset;

    /**
     * Creates an exception that is not tied to a byte offset.
     *
     * @param message what went wrong, naming the class and field where known
     */
    public PeregrineException(String message) {
        this(message, -1, null);
    }

    /**
     * Creates an exception.
     *
     * @param message what went wrong, naming the class and field where known
     * @param offset  byte offset in the input or output where it went wrong, or -1
     * @param cause   underlying cause, or null
     */
    public PeregrineException(String message, long offset, Throwable cause) {
        super(offset >= 0 ? message + " (at byte offset " + offset + ")" : message, cause);
        this.offset = offset;
    }

    /**
     * Byte offset, counted from the start of the payload, at which the failure was detected.
     *
     * @return the offset, or -1 when the failure is not tied to a position
     */
    public long offset() {
        return offset;
    }
}
