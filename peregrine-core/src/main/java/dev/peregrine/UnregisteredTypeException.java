package dev.peregrine;

/**
 * A class met while serializing, or named by a payload while deserializing, that is neither
 * registered nor implied by the declared field types of a registered class.
 */
public class UnregisteredTypeException extends PeregrineException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message names the class or type id
     * @param offset  byte offset in the payload, or -1 when serializing
     */
    public UnregisteredTypeException(String message, long offset) {
        super(message, offset, null);
    }
}
