package dev.peregrine;

import java.io.IOException;

/** An {@link java.io.InputStream} or {@link java.io.OutputStream} failed underneath Peregrine. */
public class StreamException extends PeregrineException {
    private static final long serialVersionUID = 1L;

    /**
     * Wraps the stream's failure.
     *
     * @param cause the stream's exception
     */
    public StreamException(IOException cause) {
        super("I/O failure: " + cause.getMessage(), -1, cause);
    }
}
