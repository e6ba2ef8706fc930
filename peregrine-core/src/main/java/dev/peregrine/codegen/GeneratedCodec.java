package dev.peregrine.codegen;

import dev.peregrine.PeregrineException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.codec.ReferenceSlot;
import dev.peregrine.codec.RunReader;
import dev.peregrine.codec.TypeCodec;

/**
 * The superclass of every codec generated for a user class. It keeps a {@link ReferenceSlot} per
 * reference field so that the registry, once the codec is cached (cycles between classes make this
 * a second step), resolves the codecs of fixed field types and reports unsupported ones when the
 * class is first seen, as the interpreter does. The generated code itself reaches those codecs
 * through {@link SlotLinker} call sites. It also holds the one slow path generated code calls.
 * Every generated codec reads arrays of its class in a loop of its own ({@link RunReader}).
 *
 * <p>Public because generated classes are defined as nestmates of user classes, in the user's
 * package; the hot path never calls into this class.
 */
public abstract class GeneratedCodec extends TypeCodec<Object> implements RunReader {
    private final ReferenceSlot[] slots;

    /**
     * @param slots one slot per reference field, resolved by {@link #link()}
     */
    protected GeneratedCodec(ReferenceSlot[] slots) {
        this.slots = slots.clone();
    }

    /** Resolves the codecs of the fields whose type is fixed, reporting unsupported types now. */
    public final void link() {
        for (ReferenceSlot s : slots) {
            s.link();
        }
    }

    /**
     * Wraps whatever a user constructor threw while reading, as the interpreter does.
     *
     * @param typeName the class being built
     * @param thrown   what its constructor threw
     * @param in       the input, for the offset
     * @return the exception to throw
     */
    public static PeregrineException constructorFailed(String typeName, Throwable thrown, BufferReader in) {
        return new PeregrineException("constructor of " + typeName + " threw " + thrown, in.position(), thrown);
    }
}
