package dev.peregrine.fuzz;

import dev.peregrine.PeregrineException;
import dev.peregrine.Peregrine;
import dev.peregrine.benchmarks.fixtures.Fixture;

import java.util.LinkedHashSet;
import java.util.Set;

/** The instance under test and the contract every fuzz target checks. */
final class FuzzSubjects {
    /** One Peregrine that registers the classes of every fixture, in fixture order. */
    static final Peregrine PEREGRINE = build(false);
    /** The same registrations in the compatible format. */
    static final Peregrine COMPATIBLE = build(true);

    private FuzzSubjects() {
    }

    private static Peregrine build(boolean compatible) {
        Set<Class<?>> classes = new LinkedHashSet<>();
        for (Fixture f : Fixture.values()) {
            classes.addAll(f.classes());
        }
        return Peregrine.builder().compatible(compatible).register(classes.toArray(new Class<?>[0])).build();
    }

    /** The fixture a fuzz input's first byte selects. */
    static Fixture fixture(byte selector) {
        Fixture[] all = Fixture.values();
        return all[(selector & 0xFF) % all.length];
    }

    /**
     * Runs a decode: it may return a value or throw a {@link PeregrineException}; anything else
     * escapes and is a finding. A decoded value must serialize again.
     */
    static void decodeOrThrowContract(java.util.function.Supplier<Object> decode) {
        Object value;
        try {
            value = decode.get();
        } catch (PeregrineException expected) {
            if (expected.getMessage() == null || expected.getMessage().isEmpty()) {
                throw new AssertionError("contract exception without a message", expected);
            }
            return;
        }
        try {
            PEREGRINE.serialize(value);
        } catch (PeregrineException e) {
            // A decoded graph may legitimately exceed a writer limit; nothing else may fail.
            if (!(e instanceof dev.peregrine.LimitExceededException)) {
                throw new AssertionError("a decoded value failed to serialize again", e);
            }
        }
    }
}
